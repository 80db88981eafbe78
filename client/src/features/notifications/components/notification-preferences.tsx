import { isStaff } from '@vizinhanca/shared/users/user.types';
import { Card } from '../../../components/ui/card.tsx';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useSessionUser } from '../../../hooks/use-session-user.ts';
import { useNotificationPreferences } from '../hooks/use-notification-preferences.ts';
import { usePushDevice } from '../hooks/use-push-device.ts';
import { PreferenceSwitch } from './preference-switch.tsx';
import '../notifications.css';

/**
 * /configuracoes → Notificações (spec 2.20): five switches stored on the server and obeyed; push also shows
 * whether this device is subscribed. Administrators and moderators also have 'Pendências da administração'.
 */
export function NotificationPreferences() {
  const { preferences, set } = useNotificationPreferences();
  const user = useSessionUser();
  const push = usePushDevice();

  async function setPush(enabled: boolean) {
    if (!(await set('push', enabled))) return;
    if (enabled) {
      if (!(await push.enable())) toast.error('Não foi possível ativar as notificações push neste aparelho.');
      return;
    }
    await push.disable().catch(() => toast.error('Não foi possível desativar as notificações push neste aparelho.'));
  }

  // On only when the account wants push and this very device holds a subscription (a refused permission leaves it off).
  const pushOn = preferences === undefined || push.subscribed === undefined ? undefined : preferences.push && push.subscribed;

  return (
    <Card className="preferences-card">
      <h2 className="preferences-title">
        <BellIcon aria-hidden="true" /> Notificações
      </h2>
      <PreferenceSwitch
        label="Notificações push"
        description={push.supported ? 'Avisos neste aparelho, mesmo com o app fechado' : 'Este navegador não recebe notificações push'}
        checked={pushOn}
        disabled={!push.supported}
        onChange={(enabled) => void setPush(enabled)}
      />
      <PreferenceSwitch label="E-mail" description="Avisos importantes no seu e-mail" checked={preferences?.email} onChange={(enabled) => void set('email', enabled)} />
      <PreferenceSwitch label="Pedidos" description="Novos pedidos e mudanças de status" checked={preferences?.orders} onChange={(enabled) => void set('orders', enabled)} />
      <PreferenceSwitch label="Mensagens" description="Mensagens dos vizinhos" checked={preferences?.messages} onChange={(enabled) => void set('messages', enabled)} />
      <PreferenceSwitch
        label="Comunicados"
        description="Avisos da administração do condomínio, por push e e-mail"
        checked={preferences?.announcements}
        onChange={(enabled) => void set('announcements', enabled)}
      />
      {user && isStaff(user.roles) ? (
        <PreferenceSwitch
          label="Pendências da administração"
          description="Cadastros, anúncios e denúncias aguardando análise: push e um resumo por e-mail no máximo a cada hora"
          checked={preferences?.staffPending}
          onChange={(enabled) => void set('staffPending', enabled)}
        />
      ) : null}
    </Card>
  );
}
