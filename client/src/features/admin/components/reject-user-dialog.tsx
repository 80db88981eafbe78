import { useState, type FormEvent } from 'react';
import { REJECTION_REASON_MAX_LENGTH } from '@vizinhanca/shared/users/admin.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { useRejectUser } from '../hooks/use-decide-user.ts';

interface RejectUserDialogProps {
  user: { id: string; fullName: string } | null;
  onClose: () => void;
}

export function RejectUserDialog({ user, onClose }: RejectUserDialogProps) {
  const [reason, setReason] = useState('');
  const rejectUser = useRejectUser();

  function close() {
    setReason('');
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!user) return;
    rejectUser.mutate({ userId: user.id, reason: reason.trim() || undefined }, { onSuccess: close });
  }

  return (
    <Dialog open={user !== null} title="Rejeitar Cadastro" description="Deseja adicionar um motivo para a rejeição? (Opcional)" onClose={close}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {user ? (
          <p className="dialog-subject">
            Cadastro de <strong>{user.fullName}</strong>
          </p>
        ) : null}
        <TextAreaField
          id="reject-reason"
          label="Motivo"
          placeholder="Ex: apartamento não confere com o cadastro do condomínio"
          maxLength={REJECTION_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          hint={`${reason.length}/${REJECTION_REASON_MAX_LENGTH} caracteres`}
        />
        <div className="dialog-footer">
          <Button variant="outline" onClick={close} disabled={rejectUser.isPending}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" loading={rejectUser.isPending}>
            Confirmar Rejeição
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
