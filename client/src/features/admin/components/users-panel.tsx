import type { UserStatusFilter } from '@vizinhanca/shared/users/admin-users.schema';
import { useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useAdminUsers } from '../hooks/use-admin-people.ts';
import { AdminSearchField } from './admin-search-field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from './load-more.tsx';
import { USER_STATUS_OPTIONS } from './people-labels.ts';
import { SelectField } from './select-field.tsx';
import { UserCard } from './user-card.tsx';

/** 'Usuários' (spec 2.23, admins only): search by name, e-mail or apartment, status filter, 'Editar'. */
export function UsersPanel({ onEdit }: { onEdit: (userId: string) => void }) {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<UserStatusFilter>('all');
  const debouncedSearch = useDebouncedValue(search.trim());
  const users = useAdminUsers(debouncedSearch, status);

  return (
    <section className="section" aria-labelledby="admin-users-title">
      <div className="section-header">
        <h2 className="section-title" id="admin-users-title">
          Usuários
        </h2>
      </div>
      <div className="admin-filters">
        <AdminSearchField id="admin-users-search" label="Buscar usuários" placeholder="Nome, e-mail ou apartamento" value={search} onChange={setSearch} />
        <SelectField id="admin-users-status" label="Status" value={status} options={USER_STATUS_OPTIONS} onChange={setStatus} />
      </div>
      {users.isPending ? (
        <Spinner />
      ) : users.isError && users.items.length === 0 ? (
        <LoadError error={users.error} onRetry={() => void users.refetch()} />
      ) : users.items.length === 0 ? (
        <p className="admin-empty">Nenhum usuário encontrado.</p>
      ) : (
        <ul className={`stack-list${users.isPlaceholderData ? ' admin-list-stale' : ''}`} aria-label="Usuários">
          {users.items.map((user) => (
            <li key={user.id}>
              <UserCard user={user} onEdit={() => onEdit(user.id)} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore hasMore={Boolean(users.hasNextPage) && !users.isPlaceholderData} loading={users.isFetchingNextPage} onLoad={() => void users.fetchNextPage()} />
    </section>
  );
}
