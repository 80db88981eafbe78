import { REJECTION_REASON_MAX_LENGTH } from '@vizinhanca/shared/users/admin.schema';
import { ReasonDialog } from '../../../components/reason-dialog.tsx';
import { useRejectUser } from '../hooks/use-decide-user.ts';

const REJECT_USER_TEXTS = {
  title: 'Rejeitar Cadastro',
  description: 'Deseja adicionar um motivo para a rejeição? (Opcional)',
  confirmLabel: 'Confirmar Rejeição',
  placeholder: 'Ex: apartamento não confere com o cadastro do condomínio',
};

/** 'Rejeitar Cadastro': an optional reason for the person whose sign-up is refused. */
export function RejectUserDialog({ user, onClose }: { user: { id: string; fullName: string } | null; onClose: () => void }) {
  const rejectUser = useRejectUser();
  return (
    <ReasonDialog
      subject={user ? <>Cadastro de <strong>{user.fullName}</strong></> : null}
      texts={REJECT_USER_TEXTS}
      fieldId="reject-reason"
      maxLength={REJECTION_REASON_MAX_LENGTH}
      pending={rejectUser.isPending}
      onConfirm={(reason, done) => user && rejectUser.mutate({ userId: user.id, reason }, { onSuccess: done })}
      onClose={onClose}
    />
  );
}
