import type { FormEvent } from 'react';
import { AUTH_MESSAGES, APARTMENT_MAX_LENGTH, BLOCK_MAX_LENGTH, FULL_NAME_MAX_LENGTH } from '@vizinhanca/shared/auth/auth.constants';
import type { SignUpInput } from '@vizinhanca/shared/auth/auth.schema';
import { CPF_MASKED_MAX_LENGTH, maskCpf } from '@vizinhanca/shared/auth/cpf';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { useFormFields } from '../../../hooks/use-form-fields.ts';
import { errorMessage, fieldErrorsOf } from '../../../lib/show-error-toast.ts';
import { authSchemas } from '../auth-schemas.ts';
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
  const { values, errors, setErrors, update, textProps, accepts } = useFormFields<SignUpValues>({ ...EMPTY, ...initial });
  const signUp = useSignUp({
    onError: (error) => {
      const fromServer = fieldErrorsOf(error);
      const field = MESSAGE_FIELDS[errorMessage(error)];
      setErrors(field ? { ...fromServer, [field]: errorMessage(error) } : fromServer);
    },
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const schemas = await authSchemas.load();
    // Same rules as the server: a bad CPF never leaves the phone.
    if (!schemas || !accepts(schemas.signUpSchema, AUTH_MESSAGES.requiredFields)) return;
    signUp.mutate(inviteCode ? { ...values, inviteCode } : values);
  }

  return (
    <form className="form" onFocus={authSchemas.preload} onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextField id="signup-full-name" label="Nome completo" autoComplete="name" autoCapitalize="words" placeholder="Seu nome e sobrenome"
        maxLength={FULL_NAME_MAX_LENGTH} {...textProps('fullName')} aria-required="true" />
      <TextField id="signup-cpf" label="CPF" inputMode="numeric" autoComplete="off" placeholder="000.000.000-00"
        maxLength={CPF_MASKED_MAX_LENGTH} {...textProps('cpf', maskCpf)} aria-required="true" />
      <EmailField id="signup-email" value={values.email} onChange={(value) => update('email', value)} error={errors.email} />
      <PhoneField id="signup-phone" value={values.phone} onChange={(value) => update('phone', value)} error={errors.phone} />
      <div className="form-row">
        <TextField id="signup-block" label="Bloco" placeholder="Ex: A" autoCapitalize="characters" maxLength={BLOCK_MAX_LENGTH} {...textProps('block')} />
        <TextField id="signup-apartment" label="Apartamento" placeholder="Ex: 101" inputMode="text" maxLength={APARTMENT_MAX_LENGTH} {...textProps('apartment')} />
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
