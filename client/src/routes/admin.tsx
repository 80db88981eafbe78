import { createRoute } from '@tanstack/react-router';
import { isStaff } from '@vizinhanca/shared/users/user.types';
import {
  ADMIN_SECTIONS,
  adminOrdersInput,
  adminUsersInput,
  allListingsInput,
  NO_LISTING_FILTERS,
  pendingListingsInput,
  type AdminSection,
} from '../features/admin/admin-inputs.ts';
import { useSessionUser } from '../hooks/use-session-user.ts';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const AccessDenied = lazyScreen(() => import('../features/admin/components/access-denied.tsx'), 'AccessDenied');
const AdminScreen = lazyScreen(() => import('../features/admin/components/admin-screen.tsx'), 'AdminScreen');

/** ?secao=usuarios, anunciantes, anuncios, pedidos, atividade or cobrancas opens that section; the default is the pendencies. */
function adminSearch(search: Record<string, unknown>): { secao?: Exclude<AdminSection, 'pendencias'> } {
  const secao = ADMIN_SECTIONS.find((section) => section !== 'pendencias' && section === search.secao);
  return { secao: secao as Exclude<AdminSection, 'pendencias'> | undefined };
}

export const adminRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin',
  validateSearch: adminSearch,
  // No loaderDeps: switching sections shows the new one at once (with its own spinner).
  loader: ({ context, location }) => {
    const { roles } = context.user;
    if (!isStaff(roles)) return undefined;
    const { queryUtils } = context;
    const section = adminSearch(location.search as Record<string, unknown>).secao ?? 'pendencias';
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
  },
  component: withScreens(function AdminRoute() {
    const user = useSessionUser();
    const { secao } = adminRoute.useSearch();
    const navigate = adminRoute.useNavigate();
    if (!user) return null;
    if (!isStaff(user.roles)) return <AccessDenied />;
    const section: AdminSection = secao ?? 'pendencias';
    return (
      <AdminScreen
        currentUserId={user.id}
        isAdmin={user.roles.includes('admin')}
        section={section}
        onSectionChange={(next) => void navigate({ search: { secao: next === 'pendencias' ? undefined : next }, replace: true })}
      />
    );
  }, AccessDenied, AdminScreen),
});
