import { useState, type FormEvent } from 'react';
import { AUTH_MESSAGES, APARTMENT_MAX_LENGTH, BLOCK_MAX_LENGTH, FULL_NAME_MAX_LENGTH, signUpSchema, type SignUpInput } from '@vizinhanca/shared/auth/auth.schema';
import { CPF_MASKED_MAX_LENGTH, maskCpf } from '@vizinhanca/shared/auth/cpf';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
import { errorMessage, fieldErrorsOf } from '../../../lib/show-error-toast.ts';
import { useSignUp } from '../hooks/use-sign-up.ts';
import { EmailField, PasswordField, PhoneField } from '../../../components/account-fields.tsx';

type SignUpValues = Required<Omit<SignUpInput, 'inviteCode'>>;

const EMPTY: SignUpValues = { fullName: '', cpf: '', email: '', phone: '', block: '', apartment: '', password: '' };

/** Server conflicts that belong to one field. */
const MESSAGE_FIELDS: Record<string, keyof SignUpValues> = {
  [AUTH_MESSAGES.emailTaken]: 'email',
  [AUTH_MESSAGES.cpfTaken]: 'cpf',
  [AUTH_MESSAGES.passwordTooCommon]: 'password',
};

interface SignUpFormProps {
  /** Filled in from an invite link. */
  initial?: Partial<SignUpValues>;
  /** The invite link's code: the sign-up accepts that invite. */
  inviteCode?: string;
}

export function SignUpForm({ initial, inviteCode }: SignUpFormProps = {}) {
  const [values, setValues] = useState<SignUpValues>({ ...EMPTY, ...initial });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const signUp = useSignUp({
    onError: (error) => {
      const fromServer = fieldErrorsOf(error);
      const field = MESSAGE_FIELDS[errorMessage(error)];
      setErrors(field ? { ...fromServer, [field]: errorMessage(error) } : fromServer);
    },
  });

  function update<K extends keyof SignUpValues>(key: K, value: SignUpValues[K]) {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: '' }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Same rules as the server: a bad CPF never leaves the phone.
    const parsed = signUpSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      toast.error(parsed.error.issues[0]?.message ?? AUTH_MESSAGES.requiredFields);
      return;
    }
    setErrors({});
    signUp.mutate(inviteCode ? { ...values, inviteCode } : values);
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <TextField
        id="signup-full-name"
        label="Nome completo"
        autoComplete="name"
        autoCapitalize="words"
        placeholder="Seu nome e sobrenome"
        maxLength={FULL_NAME_MAX_LENGTH}
        value={values.fullName}
        onChange={(event) => update('fullName', event.target.value)}
        error={errors.fullName}
        aria-required="true"
      />
      <TextField
        id="signup-cpf"
        label="CPF"
        inputMode="numeric"
        autoComplete="off"
        placeholder="000.000.000-00"
        maxLength={CPF_MASKED_MAX_LENGTH}
        value={values.cpf}
        onChange={(event) => update('cpf', maskCpf(event.target.value))}
        error={errors.cpf}
        aria-required="true"
      />
      <EmailField id="signup-email" value={values.email} onChange={(value) => update('email', value)} error={errors.email} />
      <PhoneField id="signup-phone" value={values.phone} onChange={(value) => update('phone', value)} error={errors.phone} />
      <div className="form-row">
        <TextField
          id="signup-block"
          label="Bloco"
          placeholder="Ex: A"
          autoCapitalize="characters"
          maxLength={BLOCK_MAX_LENGTH}
          value={values.block}
          onChange={(event) => update('block', event.target.value)}
          error={errors.block}
        />
        <TextField
          id="signup-apartment"
          label="Apartamento"
          placeholder="Ex: 101"
          inputMode="text"
          maxLength={APARTMENT_MAX_LENGTH}
          value={values.apartment}
          onChange={(event) => update('apartment', event.target.value)}
          error={errors.apartment}
        />
      </div>
      <PasswordField
        id="signup-password"
        label="Senha"
        autoComplete="new-password"
        placeholder="Crie uma senha"
        value={values.password}
        onChange={(value) => update('password', value)}
        error={errors.password}
      />
      <Button type="submit" size="lg" block loading={signUp.isPending}>
        Criar Conta
      </Button>
    </form>
  );
}
