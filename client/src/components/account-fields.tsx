import { PASSWORD_MIN_LENGTH } from '@vizinhanca/shared/auth/auth.constants';
import { maskPhone, PHONE_MASKED_MAX_LENGTH } from '@vizinhanca/shared/auth/phone';
import { TextField } from './ui/field.tsx';

/** What every account field takes: the screen keeps the value and the error. */
interface AccountFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The e-mail of sign-up, sign-in and password recovery. */
export function EmailField({ id, value, onChange, error }: AccountFieldProps) {
  return (
    <TextField
      id={id}
      label="E-mail"
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      placeholder="seu@email.com"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      aria-required="true"
    />
  );
}

interface PasswordFieldProps extends AccountFieldProps {
  label: string;
  /** 'new-password' also shows the minimum length under the field. */
  autoComplete: 'current-password' | 'new-password';
  placeholder?: string;
  /** A second entry of a new password does not repeat the rule. */
  confirmation?: boolean;
}

export function PasswordField({ id, label, autoComplete, placeholder, confirmation = false, value, onChange, error }: PasswordFieldProps) {
  return (
    <TextField
      id={id}
      label={label}
      type="password"
      autoComplete={autoComplete}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={autoComplete === 'new-password' && !confirmation ? `Mínimo de ${PASSWORD_MIN_LENGTH} caracteres.` : undefined}
      aria-required="true"
    />
  );
}

/** The optional phone, masked as it is typed: (11) 99999-9999. */
export function PhoneField({ id, value, onChange, error }: AccountFieldProps) {
  return (
    <TextField
      id={id}
      label="Telefone"
      optional
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(11) 99999-9999"
      maxLength={PHONE_MASKED_MAX_LENGTH}
      value={value}
      onChange={(event) => onChange(maskPhone(event.target.value))}
      error={error}
    />
  );
}
