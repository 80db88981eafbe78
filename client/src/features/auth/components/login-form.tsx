import { useState, type FormEvent } from 'react';
import { loginSchema } from '@vizinhanca/shared/auth/auth.schema';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
import { useLogin } from '../hooks/use-login.ts';

export function LoginForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const login = useLogin();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      toast.error(parsed.error.issues[0]?.message ?? 'Preencha todos os campos obrigatórios');
      return;
    }
    setErrors({});
    login.mutate({ email, password });
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        id="login-email"
        label="E-mail"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="seu@email.com"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={errors.email}
        aria-required="true"
      />
      <TextField
        id="login-password"
        label="Senha"
        type="password"
        autoComplete="current-password"
        placeholder="Sua senha"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={errors.password}
        aria-required="true"
      />
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
