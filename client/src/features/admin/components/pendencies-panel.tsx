import { useState } from 'react';
import { Card } from '../../../components/ui/card.tsx';
import { CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { usePendingUsers } from '../hooks/use-admin-pendencies.ts';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useApproveUser } from '../hooks/use-decide-user.ts';
import { usePendingListings } from '../hooks/use-moderation-listings.ts';
import { AdminSearchField } from './admin-search-field.tsx';
import { PendingListingActions } from './listing-actions.tsx';
import type { ListingHandlers } from './listing-handlers.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { AdminPanel, CardList } from './admin-panel.tsx';
import { PendingUserCard } from './pending-user-card.tsx';
import { RejectUserDialog } from './reject-user-dialog.tsx';
import { ModerationListingList } from './moderation-listing-list.tsx';

interface PendenciesPanelProps {
  isAdmin: boolean;
  /** From the 'Pendências' card: how many listings wait, whatever the search. */
  pendingListingCount: number | null;
  handlers: ListingHandlers;
}

/** Pendencies (docs/product.md §10.17): listings awaiting approval and, for admins, sign-ups. */
export function PendenciesPanel({ isAdmin, pendingListingCount, handlers }: PendenciesPanelProps) {
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim());
  const listings = usePendingListings(debouncedSearch);
  const pendingUsers = usePendingUsers(isAdmin);
  const approveUser = useApproveUser();
  const [rejectingUser, setRejectingUser] = useState<{ id: string; fullName: string } | null>(null);

  const users = isAdmin ? (pendingUsers.data ?? []) : [];
  const searching = search.trim() !== '' || debouncedSearch !== '';
  const loading = listings.isPending || (isAdmin && pendingUsers.isPending);
  const allClear = !searching && listings.items.length === 0 && users.length === 0;

  return (
    <AdminPanel titleId="pendencies-title" title="Pendências">
      {loading ? (
        <Spinner />
      ) : listings.isError && listings.items.length === 0 ? (
        <LoadError error={listings.error} onRetry={() => void listings.refetch()} />
      ) : allClear ? (
        <Card className="all-clear">
          <span className="icon-tile status-icon status-icon-brand">
            <CheckCircleIcon />
          </span>
          <p className="all-clear-title">Tudo em dia!</p>
          <p className="muted">Não há pendências aguardando análise.</p>
        </Card>
      ) : (
        <>
          {listings.items.length > 0 || searching ? (
            <section className="admin-subsection" aria-labelledby="pending-listings-title">
              <h3 className="admin-subsection-title" id="pending-listings-title">
                Anúncios aguardando aprovação
                {pendingListingCount ? <span className="admin-subsection-count">{pendingListingCount}</span> : null}
              </h3>
              <AdminSearchField
                id="pending-listings-search"
                label="Buscar anúncios pendentes"
                placeholder="Título ou descrição"
                hideLabel
                value={search}
                onChange={setSearch}
              />
              {/* Loading and load errors show above, for the whole panel. */}
              <ModerationListingList
                label="Anúncios aguardando aprovação"
                list={listings}
                empty="Nenhum anúncio pendente encontrado para essa busca."
                renderActions={(listing) => <PendingListingActions listing={listing} handlers={handlers} />}
              />
            </section>
          ) : null}

          {users.length > 0 ? (
            <section className="admin-subsection" aria-labelledby="pending-users-title">
              <h3 className="admin-subsection-title" id="pending-users-title">
                Cadastros aguardando aprovação
                <span className="admin-subsection-count">{users.length}</span>
              </h3>
              <CardList label="Cadastros aguardando aprovação" items={users}>
                {(user) => (
                  <PendingUserCard
                    user={user}
                    busy={approveUser.isPending && approveUser.variables.userId === user.id}
                    onApprove={() => approveUser.mutate({ userId: user.id })}
                    onReject={() => setRejectingUser({ id: user.id, fullName: user.fullName })}
                  />
                )}
              </CardList>
            </section>
          ) : null}
        </>
      )}
      <RejectUserDialog user={rejectingUser} onClose={() => setRejectingUser(null)} />
    </AdminPanel>
  );
}
