import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const NotificationPreferences = lazyScreen(() => import('../features/notifications/components/notification-preferences.tsx'), 'NotificationPreferences');
const PixKeySettings = lazyScreen(() => import('../features/pix/components/pix-key-settings.tsx'), 'PixKeySettings');
const AccountSection = lazyScreen(() => import('../features/settings/components/account-section.tsx'), 'AccountSection');
const PrivacySection = lazyScreen(() => import('../features/settings/components/privacy-section.tsx'), 'PrivacySection');
const SettingsScreen = lazyScreen(() => import('../features/settings/components/settings-screen.tsx'), 'SettingsScreen');

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
  component: withScreens(SettingsRoute, NotificationPreferences, PixKeySettings, AccountSection, PrivacySection, SettingsScreen),
});
