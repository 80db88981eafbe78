import { createRoute } from '@tanstack/react-router';
import { AccountSection } from '../features/settings/components/account-section.tsx';
import { PrivacySection } from '../features/settings/components/privacy-section.tsx';
import { SettingsScreen } from '../features/settings/components/settings-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

/**
 * /configuracoes (2.22). The page is composed here, one section per feature, in this order:
 * Conta (settings), Notificações (features/notifications), the Pix key (features for issue 14),
 * Privacidade e Segurança (settings). Mount new sections between the markers.
 */
function SettingsRoute() {
  return (
    <SettingsScreen>
      <AccountSection />
      {/* Slot: Notificações (issue 9 mounts its preferences block here). */}
      {/* Slot: Chave Pix (issue 14 mounts its block here). */}
      <PrivacySection />
    </SettingsScreen>
  );
}

export const settingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/configuracoes',
  loader: ({ context }) => context.queryUtils.users.me.prefetch(),
  component: SettingsRoute,
});
