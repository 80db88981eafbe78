import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, changePasswordSchema, PASSWORD_MIN_LENGTH } from '@vizinhanca/shared/auth/auth.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
import { errorMessage, fieldErrorsOf } from '../../../lib/show-error-toast.ts';
import { useChangePassword } from '../hooks/use-change-password.ts';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Alterar senha (2.22, section 5 messages): every other session of the person ends. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function close() {
    setValues(EMPTY);
    setErrors({});
    onClose();
  }

  const change = useChangePassword({
    onSuccess: (message) => {
      toast.success(message);
      close();
    },
    onError: (error) => {
      const message = errorMessage(error);
      const fromServer = fieldErrorsOf(error);
      setErrors(message === AUTH_MESSAGES.currentPasswordWrong ? { ...fromServer, currentPassword: message } : fromServer);
      toast.error(`Erro ao alterar senha: ${message}`);
    },
  });

  function update(key: keyof typeof EMPTY, value: string) {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: '' }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = changePasswordSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      toast.error(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.passwordRequired);
      return;
    }
    change.mutate(values);
  }

  return (
    <Dialog open={open} title="Alterar senha" description="Ao trocar a senha, as outras sessões abertas da sua conta são encerradas." onClose={close}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextField
          id="current-password"
          label="Senha atual"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(event) => update('currentPassword', event.target.value)}
          error={errors.currentPassword}
          aria-required="true"
        />
        <TextField
          id="new-password"
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(event) => update('newPassword', event.target.value)}
          error={errors.newPassword}
          hint={`Mínimo de ${PASSWORD_MIN_LENGTH} caracteres.`}
          aria-required="true"
        />
        <TextField
          id="confirm-password"
          label="Confirmar nova senha"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={(event) => update('confirmPassword', event.target.value)}
          error={errors.confirmPassword}
          aria-required="true"
        />
        <div className="settings-dialog-actions">
          <Button variant="outline" onClick={close}>
            Cancelar
          </Button>
          <Button type="submit" loading={change.isPending}>
            Alterar senha
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
