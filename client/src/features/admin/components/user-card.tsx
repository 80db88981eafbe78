import type { AdminUser } from '@vizinhanca/shared/users/admin-users.schema';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PencilIcon } from '../../../components/ui/secondary-icons.tsx';
import { APPROVAL_LABELS, ROLE_LABELS } from './people-labels.ts';
import { PersonCard, PersonDetails } from './person-details.tsx';

/** One person in 'Usuários': who, how to reach them, their state and roles, and 'Editar'. */
export function UserCard({ user, onEdit }: { user: AdminUser; onEdit: () => void }) {
  const badges = (
    <div className="moderation-card-badges">
      {user.isSuspended ? <Badge variant="danger">Suspenso</Badge> : null}
      {user.approvalStatus !== 'approved' ? (
        <Badge variant={user.approvalStatus === 'pending' ? 'warning' : 'neutral'}>{APPROVAL_LABELS[user.approvalStatus]}</Badge>
      ) : null}
      {user.roles.map((role) => (
        <Badge key={role} variant="purple">
          {ROLE_LABELS[role]}
        </Badge>
      ))}
    </div>
  );
  return (
    <PersonCard headingId={`admin-user-${user.id}`} fullName={user.fullName} avatarUrl={user.avatarUrl} subtitle={badges}>
      <PersonDetails email={user.email} phone={user.phone} apartment={user.apartment} />
      {user.anonymized ? null : (
        <div className="pending-card-actions">
          <Button variant="outline" onClick={onEdit} aria-label={`Editar ${user.fullName}`}>
            <PencilIcon />
            Editar
          </Button>
        </div>
      )}
    </PersonCard>
  );
}
