import type { FormEvent } from 'react';
import { AUTH_MESSAGES } from '@vizinhanca/shared/auth/auth.constants';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useFormFields } from '../../../hooks/use-form-fields.ts';
import { schemasOnDemand } from '../../../lib/schemas-on-demand.ts';
import { errorMessage, errorReason, fieldErrorsOf } from '../../../lib/show-error-toast.ts';
import { useChangePassword } from '../hooks/use-change-password.ts';
import { PasswordField } from '../../../components/account-fields.tsx';

const authSchemas = schemasOnDemand(() => import('@vizinhanca/shared/auth/auth.schema'));

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS: { key: keyof typeof EMPTY; id: string; label: string; autoComplete: 'current-password' | 'new-password' }[] = [
  { key: 'currentPassword', id: 'current-password', label: 'Senha atual', autoComplete: 'current-password' },
  { key: 'newPassword', id: 'new-password', label: 'Nova senha', autoComplete: 'new-password' },
  { key: 'confirmPassword', id: 'confirm-password', label: 'Confirmar nova senha', autoComplete: 'new-password' },
];

/** Alterar senha (2.22, section 5 messages): every other session of the person ends. */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { values, errors, setErrors, update, accepts, reset } = useFormFields(EMPTY);

  function close() {
    reset();
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
      setErrors(errorReason(error) === 'CURRENT_PASSWORD_WRONG' ? { ...fromServer, currentPassword: message } : fromServer);
      toast.error(`Erro ao alterar senha: ${message}`);
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const schemas = await authSchemas.load();
    if (!schemas || !accepts(schemas.changePasswordSchema, AUTH_MESSAGES.passwordRequired)) return;
    change.mutate(values);
  }

  return (
    <Dialog open={open} title="Alterar senha" description="Ao trocar a senha, as outras sessões abertas da sua conta são encerradas." onClose={close}>
      <form className="form" onFocus={authSchemas.preload} onSubmit={(event) => void onSubmit(event)} noValidate>
        {FIELDS.map((field) => (
          <PasswordField
            key={field.key}
            id={field.id}
            label={field.label}
            autoComplete={field.autoComplete}
            confirmation={field.key === 'confirmPassword'}
            value={values[field.key]}
            onChange={(value) => update(field.key, value)}
            error={errors[field.key]}
          />
        ))}
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
