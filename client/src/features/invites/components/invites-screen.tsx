import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { useInvitesOverview } from '../hooks/use-invites.ts';
import { InviteForm } from './invite-form.tsx';
import { InviteList } from './invite-list.tsx';
import { QuickInvite } from './quick-invite.tsx';
import '../invites.css';

/** /convites (2.20). */
export function InvitesScreen() {
  const { invites, counts, shareCode } = useInvitesOverview();
  return (
    <AppScreen
      header={<PageHeader title="Convites" backTo="/perfil" actions={<Badge variant="warning">{`${counts.pending} ${counts.pending === 1 ? 'pendente' : 'pendentes'}`}</Badge>} />}
    >
      <InviteForm />
      <QuickInvite shareCode={shareCode} />
      <dl className="invite-counters" aria-label="Resumo dos convites">
        <div>
          <dt>Enviados</dt>
          <dd>{counts.sent}</dd>
        </div>
        <div>
          <dt>Aceitos</dt>
          <dd>{counts.accepted}</dd>
        </div>
        <div>
          <dt>Pendentes</dt>
          <dd>{counts.pending}</dd>
        </div>
      </dl>
      <section className="section" aria-labelledby="invites-sent-title">
        <h2 className="section-title" id="invites-sent-title">
          Convites enviados
        </h2>
        <InviteList invites={invites} />
      </section>
    </AppScreen>
  );
}
