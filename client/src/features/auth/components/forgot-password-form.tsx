import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
import { authSchemas } from '../auth-schemas.ts';
import { useRequestPasswordReset } from '../hooks/use-request-password-reset.ts';
import { EmailField } from '../../../components/account-fields.tsx';

/** 'Esqueci minha senha': asks for a reset link (the answer never reveals whether the e-mail exists). */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const requestReset = useRequestPasswordReset();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const schemas = await authSchemas.load();
    if (!schemas) return;
    const parsed = schemas.requestPasswordResetSchema.safeParse({ email });
    if (!parsed.success) {
      const message = issuesToFieldErrors(parsed.error.issues).email;
      setError(message);
      if (message) toast.error(message);
      return;
    }
    setError(undefined);
    requestReset.mutate({ email });
  }

  return (
    <form className="form" onFocus={authSchemas.preload} onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby="forgot-heading">
      <div>
        <h2 className="auth-card-heading" id="forgot-heading">
          Recuperar senha
        </h2>
        <p className="auth-card-text">Informe o e-mail da sua conta. Enviaremos um link para você criar uma nova senha.</p>
      </div>
      <EmailField id="forgot-email" value={email} onChange={setEmail} error={error} />
      {requestReset.isSuccess ? (
        <p className="notice notice-success">
          <MailIcon />
          <span>Confira sua caixa de entrada (e a pasta de spam). O link vale por 1 hora.</span>
        </p>
      ) : null}
      <Button type="submit" size="lg" block loading={requestReset.isPending}>
        Enviar link
      </Button>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onBack}>
          Voltar para o login
        </button>
      </div>
    </form>
  );
}
