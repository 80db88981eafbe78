import { createRoute } from '@tanstack/react-router';
import { AppScreen } from '../components/layout/app-screen.tsx';
import { PageHeader } from '../components/layout/page-header.tsx';
import { PixKeySettings } from '../features/pix/components/pix-key-settings.tsx';
import { NotificationPreferences } from '../features/notifications/components/notification-preferences.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const settingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/configuracoes',
  loader: ({ context }) => Promise.all([context.queryUtils.pix.myKey.prefetch(), context.queryUtils.notifications.preferences.prefetch()]),
  component: () => (
    <AppScreen header={<PageHeader title="Configurações" backTo="/perfil" />}>
      <NotificationPreferences />
      <PixKeySettings />
    </AppScreen>
  ),
});
