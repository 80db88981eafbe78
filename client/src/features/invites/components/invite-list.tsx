import type { Invite } from '@vizinhanca/shared/invites/invite.schema';
import { inviteStatusLabel } from '@vizinhanca/shared/invites/invite.rules';
import { formatDate } from '@vizinhanca/shared/format/format';
import { Badge, type BadgeVariant } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { HouseIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { InboxIcon } from '../../../components/ui/secondary-icons.tsx';
import { useCancelInvite, useResendInvite } from '../hooks/use-invites.ts';
import { EmailAddress } from '../../../components/email-address.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';

const BADGE: Record<Invite['status'], BadgeVariant> = { accepted: 'success', pending: 'warning', expired: 'neutral', cancelled: 'neutral' };

function InviteAction({ label, email, busy, danger, onClick }: { label: string; email: string; busy: boolean; danger?: boolean; onClick: () => void }) {
  return (
    <Button size="sm" variant={danger ? 'danger-outline' : 'outline'} loading={busy} onClick={onClick} aria-label={`${label} convite para ${email}`}>
      {label}
    </Button>
  );
}

/** Sent invites (2.20): icon by type, e-mail, apartment, date, status badge, and the pending ones' actions. */
export function InviteList({ invites }: { invites: Invite[] }) {
  const resend = useResendInvite();
  const cancel = useCancelInvite();

  if (invites.length === 0) {
    return <EmptyState icon={<InboxIcon />} title="Nenhum convite enviado ainda" />;
  }

  return (
    <ul className="stack-list stack-list-tight" aria-label="Convites enviados">
      {invites.map((invite) => {
        const label = inviteStatusLabel(invite.status);
        const Icon = invite.type === 'resident' ? HouseIcon : UserIcon;
        return (
          <li key={invite.id} className="invite-item">
            <span className={`icon-tile invite-icon invite-icon-${invite.type}`} aria-hidden="true">
              <Icon />
            </span>
            <div className="invite-body">
              <p className="invite-email">
                <EmailAddress email={invite.email} />
              </p>
              <p className="invite-meta">
                {invite.apartment ?? 'Sem apartamento'} · {formatDate(invite.createdAt)}
              </p>
              {invite.status === 'pending' || invite.status === 'expired' ? (
                <div className="invite-actions">
                  <InviteAction label="Reenviar" email={invite.email} busy={resend.isPending && resend.variables.id === invite.id} onClick={() => resend.mutate({ id: invite.id })} />
                  {invite.status === 'pending' ? (
                    <InviteAction
                      label="Cancelar"
                      email={invite.email}
                      danger
                      busy={cancel.isPending && cancel.variables.id === invite.id}
                      onClick={() => cancel.mutate({ id: invite.id })}
                    />
                  ) : null}
                </div>
              ) : null}
            </div>
            {label ? <Badge variant={BADGE[invite.status]}>{label}</Badge> : <span className="visually-hidden">Cancelado</span>}
          </li>
        );
      })}
    </ul>
  );
}
