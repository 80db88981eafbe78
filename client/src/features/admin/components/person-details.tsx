import { maskCpf } from '@vizinhanca/shared/auth/cpf';
import { maskPhone } from '@vizinhanca/shared/auth/phone';
import { EmailAddress } from '../../../components/email-address.tsx';
import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { PersonAvatar } from '../../../components/ui/person-avatar.tsx';
import { MailIcon, MapPinIcon, PhoneIcon } from '../../../components/ui/icons.tsx';
import { IdCardIcon } from '../../../components/ui/secondary-icons.tsx';

interface PersonDetailsProps {
  email: string;
  /** Shown only where the administration reviews a sign-up (LGPD: the fewest places). */
  cpf?: string | null;
  showCpf?: boolean;
  phone: string | null;
  apartment: string | null;
}

/** How to reach a person, as the admin cards list it: e-mail, (CPF), phone and apartment. */
export function PersonDetails({ email, cpf = null, showCpf = false, phone, apartment }: PersonDetailsProps) {
  const rows = [
    { key: 'email', Icon: MailIcon, label: 'E-mail', value: <EmailAddress email={email} /> },
    ...(showCpf ? [{ key: 'cpf', Icon: IdCardIcon, label: 'CPF', value: cpf ? maskCpf(cpf) : 'CPF não informado' }] : []),
    { key: 'phone', Icon: PhoneIcon, label: 'Telefone', value: phone ? maskPhone(phone) : 'Sem telefone' },
    { key: 'apartment', Icon: MapPinIcon, label: 'Apartamento', value: apartment ? `Apto ${apartment}` : 'Sem apartamento' },
  ];
  return (
    <dl className="detail-list">
      {rows.map(({ key, Icon, label, value }) => (
        <div key={key}>
          <dt>
            <Icon />
            <span className="visually-hidden">{label}</span>
          </dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface PersonCardProps {
  headingId: string;
  fullName: string;
  avatarUrl: string | null;
  /** Under the name: the sign-up date, or the state and role badges. */
  subtitle: ReactNode;
  children: ReactNode;
}

/** A person's card in the admin lists: avatar, name (the article's accessible name), subtitle, then the body. */
export function PersonCard({ headingId, fullName, avatarUrl, subtitle, children }: PersonCardProps) {
  return (
    <Card className="pending-card" role="article" aria-labelledby={headingId}>
      <div className="pending-card-header">
        <PersonAvatar className="avatar" fullName={fullName} avatarUrl={avatarUrl} />
        <div className="admin-user-heading">
          <h3 className="pending-card-name" id={headingId}>
            {fullName}
          </h3>
          {subtitle}
        </div>
      </div>
      {children}
    </Card>
  );
}
