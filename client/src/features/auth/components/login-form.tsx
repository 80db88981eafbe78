import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
import { authSchemas } from '../auth-schemas.ts';
import { useLogin } from '../hooks/use-login.ts';
import { errorMessage, errorReason } from '../../../lib/show-error-toast.ts';
import { SignInLinkOffer } from './sign-in-link-offer.tsx';
import { EmailField, PasswordField } from '../../../components/account-fields.tsx';

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const login = useLogin();
  // The login slowed by too many attempts (maybe someone else's): the e-mail it was for and the server's words.
  const [throttled, setThrottled] = useState<{ email: string; refusal: string } | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const schemas = await authSchemas.load();
    if (!schemas) return;
    const parsed = schemas.loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      toast.error(parsed.error.issues[0]?.message ?? 'Preencha todos os campos obrigatórios');
      return;
    }
    setErrors({});
    login.mutate(
      { email, password },
      { onError: (error) => setThrottled(errorReason(error) === 'LOGIN_THROTTLED' ? { email, refusal: errorMessage(error) } : null) },
    );
  }

  return (
    <form className="form" onFocus={authSchemas.preload} onSubmit={(event) => void onSubmit(event)} noValidate>
      <EmailField id="login-email" value={email} onChange={setEmail} error={errors.email} />
      <PasswordField id="login-password" label="Senha" autoComplete="current-password" placeholder="Sua senha" value={password} onChange={setPassword} error={errors.password} />
      <Button type="submit" size="lg" block loading={login.isPending}>
        Entrar
      </Button>
      {throttled ? <SignInLinkOffer key={throttled.email} email={throttled.email} refusal={throttled.refusal} /> : null}
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onForgotPassword}>
          Esqueci minha senha
        </button>
      </div>
    </form>
  );
}
