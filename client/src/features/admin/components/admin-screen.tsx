import { useState } from 'react';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CheckCircleIcon, InboxIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminPendencies, usePendingUsers } from '../hooks/use-admin-pendencies.ts';
import { useApproveUser } from '../hooks/use-decide-user.ts';
import { PendingUserCard } from './pending-user-card.tsx';
import { RejectUserDialog } from './reject-user-dialog.tsx';

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** /admin (spec 2.23): the pendencies of the condominium; listings join when they exist. */
export function AdminScreen({ isAdmin }: { isAdmin: boolean }) {
  const pendencies = useAdminPendencies();
  const pendingUsers = usePendingUsers(isAdmin);
  const approveUser = useApproveUser();
  const [rejecting, setRejecting] = useState<{ id: string; fullName: string } | null>(null);

  const pendingListings = 0;
  const pendingSignUps = pendencies.data?.pendingUsers ?? 0;
  const total = pendingListings + pendingSignUps;
  const detail = isAdmin
    ? `${plural(pendingListings, 'anúncio', 'anúncios')} · ${plural(pendingSignUps, 'cadastro', 'cadastros')}`
    : plural(pendingListings, 'anúncio', 'anúncios');
  const users = isAdmin ? (pendingUsers.data ?? []) : [];
  const loading = pendencies.isPending || (isAdmin && pendingUsers.isPending);

  return (
    <div className="screen">
      <PageHeader title="Dashboard Admin" subtitle="Gerencie anúncios e configurações" backTo="/" />
      <main className="screen-main">
        <div className="summary-card" role="group" aria-labelledby="summary-pendencies">
          <span className="summary-card-icon">
            <InboxIcon />
          </span>
          <div>
            <p className="summary-card-label" id="summary-pendencies">
              Pendências
            </p>
            <p className="summary-card-value">{pendencies.isPending ? '–' : total}</p>
            <p className="summary-card-detail">{detail}</p>
          </div>
        </div>

        <section className="section" aria-labelledby="pendencies-title">
          <div className="section-header">
            <h2 className="section-title" id="pendencies-title">
              Pendências
            </h2>
          </div>
          {loading ? (
            <Spinner />
          ) : users.length === 0 ? (
            <Card className="all-clear">
              <span className="status-icon status-icon-brand">
                <CheckCircleIcon />
              </span>
              <p className="all-clear-title">Tudo em dia!</p>
              <p className="muted">Não há pendências aguardando análise.</p>
            </Card>
          ) : (
            <ul className="pending-list" aria-label="Cadastros aguardando aprovação">
              {users.map((user) => (
                <li key={user.id}>
                  <PendingUserCard
                    user={user}
                    busy={approveUser.isPending && approveUser.variables.userId === user.id}
                    onApprove={() => approveUser.mutate({ userId: user.id })}
                    onReject={() => setRejecting({ id: user.id, fullName: user.fullName })}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </main>
      <RejectUserDialog user={rejecting} onClose={() => setRejecting(null)} />
    </div>
  );
}
