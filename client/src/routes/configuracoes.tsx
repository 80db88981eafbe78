import { createRoute } from '@tanstack/react-router';
import { AppScreen } from '../components/layout/app-screen.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { NotificationPreferences } from '../features/notifications/components/notification-preferences.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const settingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/configuracoes',
  loader: ({ context }) => context.queryUtils.notifications.preferences.prefetch(),
  component: () => (
    <AppScreen header={<PageHeader title="Configurações" backTo="/perfil" />}>
      <NotificationPreferences />
    </AppScreen>
  ),
});
