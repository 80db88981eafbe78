import { isStaff, type Role } from '@vizinhanca/shared/users/user.types';
import { adminOrdersInput, adminUsersInput, allListingsInput, NO_LISTING_FILTERS, pendingListingsInput } from '../../features/admin/admin-inputs.ts';
import type { AdminSection } from '../../features/admin/admin-sections.ts';
import { AccessDenied } from '../../features/admin/components/access-denied.tsx';
import { AdminScreen } from '../../features/admin/components/admin-screen.tsx';
import { useSessionUser } from '../../hooks/use-session-user.ts';
import type { QueryUtils } from '../../lib/trpc.ts';

/**
 * The /admin route's loader (routes/admin.tsx), here with the page it warms: staff only, so the entry
 * carries neither the inputs nor the branches. The section's first page loads with the screen.
 */
export function prefetchAdmin(queryUtils: QueryUtils, roles: readonly Role[], section: AdminSection) {
  if (!isStaff(roles)) return undefined;
  return Promise.all([
    queryUtils.admin.pendencies.prefetch(),
    queryUtils.listings.countsByType.prefetch(),
    queryUtils.admin.summary.prefetch(),
    section === 'anuncios'
      ? queryUtils.listings.moderation.list.prefetchInfinite(allListingsInput(NO_LISTING_FILTERS))
      : section === 'pedidos'
        ? queryUtils.orders.moderation.list.prefetchInfinite(adminOrdersInput(null))
        : section === 'usuarios' && roles.includes('admin')
          ? queryUtils.admin.users.list.prefetchInfinite(adminUsersInput('', 'all'))
          : section === 'pendencias'
            ? queryUtils.listings.moderation.pending.prefetchInfinite(pendingListingsInput(''))
            : undefined,
    section === 'pendencias' && roles.includes('admin') ? queryUtils.admin.pendingUsers.prefetch() : undefined,
  ]);
}

/** The admin page: the sections for staff, 'Acesso negado' for anyone else. */
export function AdminPage({ section, onSectionChange }: { section: AdminSection; onSectionChange: (next: AdminSection) => void }) {
  const user = useSessionUser();
  if (!user) return null;
  if (!isStaff(user.roles)) return <AccessDenied />;
  return <AdminScreen currentUserId={user.id} isAdmin={user.roles.includes('admin')} section={section} onSectionChange={onSectionChange} />;
}
