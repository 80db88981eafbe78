import { maskCpf } from '@vizinhanca/shared/auth/cpf';
import { maskPhone } from '@vizinhanca/shared/auth/phone';
import { formatDate } from '@vizinhanca/shared/format/format';
import type { PendingUser } from '@vizinhanca/shared/users/user.schema';
import { initials } from '@vizinhanca/shared/users/user.types';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckIcon, IdCardIcon, MailIcon, MapPinIcon, PhoneIcon, XIcon } from '../../../components/ui/icons.tsx';

interface PendingUserCardProps {
  user: PendingUser;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}

export function PendingUserCard({ user, busy, onApprove, onReject }: PendingUserCardProps) {
  const headingId = `pending-user-${user.id}`;
  return (
    <Card className="pending-card" role="article" aria-labelledby={headingId}>
      <div className="pending-card-header">
        <div className="avatar" aria-hidden="true">
          {initials(user.fullName)}
        </div>
        <div>
          <h3 className="pending-card-name" id={headingId}>
            {user.fullName}
          </h3>
          <p className="pending-card-date">Cadastrado em {formatDate(user.createdAt)}</p>
          {user.invitedByName && <p className="pending-card-date">Convidado por {user.invitedByName}</p>}
        </div>
      </div>
      <dl className="detail-list">
        <div>
          <dt>
            <MailIcon />
            <span className="visually-hidden">E-mail</span>
          </dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>
            <IdCardIcon />
            <span className="visually-hidden">CPF</span>
          </dt>
          <dd>{user.cpf ? maskCpf(user.cpf) : 'CPF não informado'}</dd>
        </div>
        <div>
          <dt>
            <PhoneIcon />
            <span className="visually-hidden">Telefone</span>
          </dt>
          <dd>{user.phone ? maskPhone(user.phone) : 'Sem telefone'}</dd>
        </div>
        <div>
          <dt>
            <MapPinIcon />
            <span className="visually-hidden">Apartamento</span>
          </dt>
          <dd>{user.apartment ? `Apto ${user.apartment}` : 'Sem apartamento'}</dd>
        </div>
      </dl>
      <div className="pending-card-actions">
        <Button variant="danger-outline" onClick={onReject} disabled={busy}>
          <XIcon />
          Rejeitar
        </Button>
        <Button onClick={onApprove} disabled={busy}>
          <CheckIcon />
          Aprovar
        </Button>
      </div>
    </Card>
  );
}
