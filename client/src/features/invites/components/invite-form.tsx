import { useState, type FormEvent } from 'react';
import { INVITE_APARTMENT_MAX_LENGTH, INVITE_MESSAGES, sendInviteSchema } from '@vizinhanca/shared/invites/invite.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
import { useSendInvite } from '../hooks/use-invites.ts';

/** The invite form (2.20): e-mail required, apartment optional. */
export function InviteForm() {
  const [email, setEmail] = useState('');
  const [apartment, setApartment] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = useSendInvite(() => {
    setEmail('');
    setApartment('');
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = sendInviteSchema.safeParse({ email, apartment });
    if (!parsed.success) {
      setErrors(issuesToFieldErrors(parsed.error.issues));
      toast.error(parsed.error.issues[0]?.message ?? INVITE_MESSAGES.emailRequired);
      return;
    }
    setErrors({});
    send.mutate({ email, apartment });
  }

  return (
    <Card>
      <form className="form" onSubmit={onSubmit} noValidate aria-labelledby="invite-form-title">
        <h2 className="section-title" id="invite-form-title">
          Convidar um vizinho
        </h2>
        <TextField
          id="invite-email"
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="vizinho@email.com"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            if (errors.email) setErrors({});
          }}
          error={errors.email}
          aria-required="true"
        />
        <TextField
          id="invite-apartment"
          label="Apartamento"
          optional
          placeholder="Ex: Apt 1205 ou Visitante"
          maxLength={INVITE_APARTMENT_MAX_LENGTH}
          value={apartment}
          onChange={(event) => setApartment(event.target.value)}
          error={errors.apartment}
        />
        <Button type="submit" block loading={send.isPending}>
          <MailIcon />
          Enviar convite
        </Button>
      </form>
    </Card>
  );
}
