import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
import { authSchemas } from '../auth-schemas.ts';
import { useLogin } from '../hooks/use-login.ts';
import { EmailField, PasswordField } from '../../../components/account-fields.tsx';

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const login = useLogin();

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
    login.mutate({ email, password });
  }

  return (
    <form className="form" onFocus={authSchemas.preload} onSubmit={(event) => void onSubmit(event)} noValidate>
      <EmailField id="login-email" value={email} onChange={setEmail} error={errors.email} />
      <PasswordField id="login-password" label="Senha" autoComplete="current-password" placeholder="Sua senha" value={password} onChange={setPassword} error={errors.password} />
      <Button type="submit" size="lg" block loading={login.isPending}>
        Entrar
      </Button>
      <div className="auth-links">
        <button type="button" className="link-button" onClick={onForgotPassword}>
          Esqueci minha senha
        </button>
      </div>
    </form>
  );
}
