import { createRoute } from '@tanstack/react-router';
import { NotificationPreferences } from '../features/notifications/components/notification-preferences.tsx';
import { PixKeySettings } from '../features/pix/components/pix-key-settings.tsx';
import { AccountSection } from '../features/settings/components/account-section.tsx';
import { PrivacySection } from '../features/settings/components/privacy-section.tsx';
import { SettingsScreen } from '../features/settings/components/settings-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

/**
 * /configuracoes (docs/product.md §10.1). The page is composed here, one section per feature, in this order:
 * Conta (settings), Notificações (notifications), the Pix key (pix), Privacidade e Segurança (settings).
 */
function SettingsRoute() {
  return (
    <SettingsScreen>
      <AccountSection />
      <NotificationPreferences />
      <PixKeySettings />
      <PrivacySection />
    </SettingsScreen>
  );
}

export const settingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/configuracoes',
  loader: ({ context }) =>
    Promise.all([context.queryUtils.users.me.prefetch(), context.queryUtils.notifications.preferences.prefetch(), context.queryUtils.pix.myKey.prefetch()]),
  component: SettingsRoute,
});
