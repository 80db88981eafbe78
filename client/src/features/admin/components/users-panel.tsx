import type { UserStatusFilter } from '@vizinhanca/shared/users/admin-users.schema';
import { useState } from 'react';
import { useDebouncedValue } from '../../../hooks/use-debounced-value.ts';
import { useAdminUsers } from '../hooks/use-admin-people.ts';
import { AdminPanel, CardList, PagedListBody } from './admin-panel.tsx';
import { AdminSearchField } from './admin-search-field.tsx';
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
    <AdminPanel titleId="admin-users-title" title="Usuários">
      <div className="admin-filters">
        <AdminSearchField id="admin-users-search" label="Buscar usuários" placeholder="Nome, e-mail ou apartamento" value={search} onChange={setSearch} />
        <SelectField id="admin-users-status" label="Status" value={status} options={USER_STATUS_OPTIONS} onChange={setStatus} />
      </div>
      <PagedListBody list={users} empty="Nenhum usuário encontrado.">
        {(items) => (
          <CardList label="Usuários" items={items} stale={users.isPlaceholderData}>
            {(user) => <UserCard user={user} onEdit={() => onEdit(user.id)} />}
          </CardList>
        )}
      </PagedListBody>
    </AdminPanel>
  );
}
