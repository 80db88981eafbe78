import { maskPhone } from '@vizinhanca/shared/auth/phone';
import type { AdminUser } from '@vizinhanca/shared/users/admin-users.schema';
import { initials } from '@vizinhanca/shared/users/user.types';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { MailIcon, MapPinIcon, PencilIcon, PhoneIcon } from '../../../components/ui/icons.tsx';
import { APPROVAL_LABELS, ROLE_LABELS } from './people-labels.ts';

/** One person in 'Usuários': who, how to reach them, their state and roles, and 'Editar'. */
export function UserCard({ user, onEdit }: { user: AdminUser; onEdit: () => void }) {
  const headingId = `admin-user-${user.id}`;
  return (
    <Card className="pending-card" role="article" aria-labelledby={headingId}>
      <div className="pending-card-header">
        <div className="avatar" aria-hidden="true">
          {initials(user.fullName)}
        </div>
        <div className="admin-user-heading">
          <h3 className="pending-card-name" id={headingId}>
            {user.fullName}
          </h3>
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
      {user.anonymized ? null : (
        <div className="pending-card-actions">
          <Button variant="outline" onClick={onEdit} aria-label={`Editar ${user.fullName}`}>
            <PencilIcon />
            Editar
          </Button>
        </div>
      )}
    </Card>
  );
}
