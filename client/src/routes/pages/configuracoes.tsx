import { NotificationPreferences } from '../../features/notifications/components/notification-preferences.tsx';
import { PixKeySettings } from '../../features/pix/components/pix-key-settings.tsx';
import { AccountSection } from '../../features/settings/components/account-section.tsx';
import { PrivacySection } from '../../features/settings/components/privacy-section.tsx';
import { SettingsScreen } from '../../features/settings/components/settings-screen.tsx';
import { BlockedPeopleSection } from '../../features/trust/components/blocked-people-section.tsx';

/**
 * /configuracoes (docs/product.md §10.1), loaded by routes/configuracoes.tsx: one chunk for the page and its
 * sections, not one each. Composed here, one section per feature, in this order: Conta (settings),
 * Notificações (notifications), the Pix key (pix), Pessoas bloqueadas (trust), Privacidade e Segurança (settings).
 */
export function SettingsPage() {
  return (
    <SettingsScreen>
      <AccountSection />
      <NotificationPreferences />
      <PixKeySettings />
      <BlockedPeopleSection />
      <PrivacySection />
    </SettingsScreen>
  );
}
