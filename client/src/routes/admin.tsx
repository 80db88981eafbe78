import { createRoute } from '@tanstack/react-router';
import { isStaff } from '@vizinhanca/shared/users/user.types';
import { AccessDenied } from '../features/admin/components/access-denied.tsx';
import { AdminScreen } from '../features/admin/components/admin-screen.tsx';
import { useSessionUser } from '../hooks/use-session-user.ts';
import { appLayoutRoute } from './app-layout.tsx';

export const adminRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/admin',
  loader: ({ context }) => {
    const { roles } = context.user;
    if (!isStaff(roles)) return undefined;
    return Promise.all([
      context.queryUtils.admin.pendencies.prefetch(),
      roles.includes('admin') ? context.queryUtils.admin.pendingUsers.prefetch() : undefined,
    ]);
  },
  component: function AdminRoute() {
    const user = useSessionUser();
    if (!user) return null;
    if (!isStaff(user.roles)) return <AccessDenied />;
    return <AdminScreen isAdmin={user.roles.includes('admin')} />;
  },
});
