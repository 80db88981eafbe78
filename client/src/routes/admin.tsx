import { createRoute } from '@tanstack/react-router';
import { ADMIN_SECTIONS, type AdminSection } from '../features/admin/admin-sections.ts';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

/** The page, its screens and its loader's inputs in one chunk (routes/pages/admin.tsx). */
const loadAdminPage = () => import('./pages/admin.tsx');
const AdminPage = lazyScreen(loadAdminPage, 'AdminPage');

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
  loader: async ({ context, location }) => {
    const { prefetchAdmin } = await loadAdminPage();
    return prefetchAdmin(context.queryUtils, context.user.roles, adminSearch(location.search as Record<string, unknown>).secao ?? 'pendencias');
  },
  component: withScreens(function AdminRoute() {
    const { secao } = adminRoute.useSearch();
    const navigate = adminRoute.useNavigate();
    return (
      <AdminPage
        section={secao ?? 'pendencias'}
        onSectionChange={(next) => void navigate({ search: { secao: next === 'pendencias' ? undefined : next }, replace: true })}
      />
    );
  }, AdminPage),
});
