import { formatDate } from '@vizinhanca/shared/format/format';
import type { PendingUser } from '@vizinhanca/shared/users/user.schema';
import { Button } from '../../../components/ui/button.tsx';
import { CheckIcon, XIcon } from '../../../components/ui/icons.tsx';
import { PendingWait } from './pending-wait.tsx';
import { PersonCard, PersonDetails } from './person-details.tsx';

interface PendingUserCardProps {
  user: PendingUser;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
}

export function PendingUserCard({ user, busy, onApprove, onReject }: PendingUserCardProps) {
  return (
    <PersonCard
      headingId={`pending-user-${user.id}`}
      fullName={user.fullName}
      avatarUrl={user.avatarUrl}
      subtitle={
        <>
          <p className="pending-card-date">Cadastrado em {formatDate(user.createdAt)}</p>
          <PendingWait since={user.createdAt} />
          {user.invitedByName && <p className="pending-card-date">Convidado por {user.invitedByName}</p>}
        </>
      }
    >
      <PersonDetails email={user.email} cpf={user.cpf} showCpf phone={user.phone} apartment={user.apartment} />
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
    </PersonCard>
  );
}
