import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, resetPasswordSchema } from '@vizinhanca/shared/auth/auth.schema';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
import { fieldErrorsOf } from '../../../lib/show-error-toast.ts';
import { useResetPassword } from '../hooks/use-reset-password.ts';
import { PasswordField } from '../../../components/account-fields.tsx';
import { AuthHero } from './auth-hero.tsx';

/** /redefinir-senha?token=...: the target of the e-mailed reset link. */
export function ResetPasswordScreen({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const resetPassword = useResetPassword();
  const [linkRefused, setLinkRefused] = useState(false);
  // Without a token nothing will be sent, so the screen says so; a refused link is also told by the toast.
  const linkProblem = !token
    ? AUTH_MESSAGES.resetInvalid
    : linkRefused
      ? 'Peça um novo link em “Esqueci minha senha”, na tela de login.'
      : undefined;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = resetPasswordSchema.safeParse({ token, password, confirmPassword });
    if (!parsed.success) {
      const fieldErrors = issuesToFieldErrors(parsed.error.issues);
      setErrors(fieldErrors);
      setLinkRefused(Boolean(fieldErrors.token));
      toast.error(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.requiredFields);
      return;
    }
    setErrors({});
    resetPassword.mutate(
      { token, password, confirmPassword },
      {
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error);
          setErrors(fieldErrors);
          // Without field errors the server refused the link itself (used, expired or unknown).
          setLinkRefused(Object.keys(fieldErrors).length === 0);
        },
      },
    );
  }

  return (
    <div className="auth-screen">
      <AuthHero />
      <main>
        <Card className="auth-card">
          <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="reset-heading">
            <div>
              <h1 className="auth-card-heading" id="reset-heading">
                Criar nova senha
              </h1>
              <p className="auth-card-text">Escolha uma senha nova para a sua conta.</p>
            </div>
            {linkProblem ? (
              <div className="notice notice-danger" role="alert">
                <AlertCircleIcon />
                <span>{linkProblem}</span>
              </div>
            ) : null}
            {token ? (
              <>
                <PasswordField id="reset-password" label="Nova senha" autoComplete="new-password" value={password} onChange={setPassword} error={errors.password} />
                <PasswordField
                  id="reset-confirm-password"
                  label="Confirmar nova senha"
                  autoComplete="new-password"
                  confirmation
                  value={confirmPassword}
                  onChange={setConfirmPassword}
                  error={errors.confirmPassword}
                />
                <Button type="submit" size="lg" block loading={resetPassword.isPending}>
                  Redefinir senha
                </Button>
              </>
            ) : null}
            <Link to="/auth" className={buttonClassName({ variant: 'ghost', block: true })}>
              Voltar para o login
            </Link>
          </form>
        </Card>
      </main>
    </div>
  );
}
