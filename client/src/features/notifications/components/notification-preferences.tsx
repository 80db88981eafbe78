import { Card } from '../../../components/ui/card.tsx';
import { BellIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useNotificationPreferences } from '../hooks/use-notification-preferences.ts';
import { usePushDevice } from '../hooks/use-push-device.ts';
import { PreferenceSwitch } from './preference-switch.tsx';
import '../notifications.css';

/** /configuracoes → Notificações (spec 2.20): four switches, all on by default, stored on the server and obeyed. */
export function NotificationPreferences() {
  const { preferences, set } = useNotificationPreferences();
  const push = usePushDevice();

  async function setPush(enabled: boolean) {
    if (!(await set('push', enabled))) return;
    try {
      if (enabled) await push.enable();
      else await push.disable();
    } catch {
      toast.error('Não foi possível ativar as notificações push neste aparelho.');
    }
  }

  return (
    <Card className="preferences-card">
      <h2 className="preferences-title">
        <BellIcon aria-hidden="true" /> Notificações
      </h2>
      <PreferenceSwitch
        label="Notificações push"
        description={push.supported ? 'Avisos neste aparelho, mesmo com o app fechado' : 'Este navegador não recebe notificações push'}
        checked={preferences?.push}
        onChange={(enabled) => void setPush(enabled)}
      />
      <PreferenceSwitch label="E-mail" description="Avisos importantes no seu e-mail" checked={preferences?.email} onChange={(enabled) => void set('email', enabled)} />
      <PreferenceSwitch label="Pedidos" description="Novos pedidos e mudanças de status" checked={preferences?.orders} onChange={(enabled) => void set('orders', enabled)} />
      <PreferenceSwitch label="Mensagens" description="Mensagens dos vizinhos" checked={preferences?.messages} onChange={(enabled) => void set('messages', enabled)} />
    </Card>
  );
}
