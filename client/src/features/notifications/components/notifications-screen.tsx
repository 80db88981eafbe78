import { useNavigate } from '@tanstack/react-router';
import type { NotificationItem as Item } from '@vizinhanca/shared/notifications/notification.schema';
import { useState } from 'react';
import { AppScreen } from '../../../components/layout/app-screen.tsx';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { BellIcon, CheckCircleIcon } from '../../../components/ui/icons.tsx';
import { SparklesIcon } from '../../../components/ui/secondary-icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { TabPanel, Tabs } from '../../../components/ui/tabs.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { useNotificationPreferences } from '../hooks/use-notification-preferences.ts';
import { useMarkRead, useNotifications, type NotificationTab } from '../hooks/use-notifications.ts';
import { NotificationItem } from './notification-item.tsx';
import { PreferenceSwitch } from './preference-switch.tsx';
import '../notifications.css';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';

const TABS = [
  { value: 'all', label: 'Todas' },
  { value: 'unread', label: 'Não lidas' },
] as const satisfies readonly { value: NotificationTab; label: string }[];

/** /notificacoes (spec 2.18): the centre, newest first, 10 at a time, with the reminder switches. */
export function NotificationsScreen() {
  const [tab, setTab] = useState<NotificationTab>('all');
  const notifications = useNotifications(tab);
  const unread = trpc.notifications.unreadCount.useQuery().data ?? 0;
  const { markRead, markAllRead, markingAll } = useMarkRead();
  const { preferences, set } = useNotificationPreferences();
  const navigate = useNavigate();

  async function open(item: Item) {
    if (!item.read) await markRead(item.id).catch(() => undefined);
    if (item.href) void navigate({ href: item.href });
  }

  return (
    <AppScreen header={<PageHeader title="Notificações" backTo="/perfil" />}>
      <div className="notifications-screen">
        <div className="notice notice-info notifications-info" role="note">
          <SparklesIcon aria-hidden="true" />
          <p>
            <strong>Lembretes automáticos ativos.</strong> Você recebe lembretes de retirada e de devolução dos aluguéis e as atualizações de status dos seus
            pedidos.
          </p>
        </div>

        <div className="notifications-toolbar">
          <Tabs idPrefix="notifications" label="Notificações" value={tab} items={TABS} onChange={setTab} />
          {unread > 0 ? (
            <Button variant="ghost" size="sm" loading={markingAll} onClick={markAllRead}>
              Marcar todas como lidas
            </Button>
          ) : null}
        </div>

        <TabPanel idPrefix="notifications" value={tab}>
          {notifications.isError && !notifications.items ? (
            <LoadError error={notifications.error} onRetry={() => void notifications.refetch()} />
          ) : !notifications.items ? (
            <div className="notifications-loading">
              <Spinner label="Carregando notificações" />
            </div>
          ) : notifications.items.length === 0 ? (
            <EmptyState
              icon={tab === 'unread' ? <CheckCircleIcon /> : <BellIcon />}
              title={tab === 'unread' ? 'Todas as notificações foram lidas!' : 'Nenhuma notificação'}
            />
          ) : (
            <>
              <ul className="notification-list" aria-label={tab === 'unread' ? 'Notificações não lidas' : 'Todas as notificações'}>
                {notifications.items.map((item) => (
                  <NotificationItem key={item.id} item={item} onOpen={(target) => void open(target)} onMarkRead={(target) => void markRead(target.id).catch(() => undefined)} />
                ))}
              </ul>
              <LoadMore
                className="notifications-more"
                label="Ver mais"
                hasMore={notifications.hasNextPage}
                loading={notifications.isFetchingNextPage}
                onLoad={() => void notifications.fetchNextPage()}
              />
            </>
          )}
        </TabPanel>

        <Card className="preferences-card">
          <h2 className="preferences-title">Lembretes</h2>
          <PreferenceSwitch
            label="Lembretes de retirada"
            description="Na véspera do início de um aluguel"
            checked={preferences?.pickupReminders}
            onChange={(enabled) => void set('pickupReminders', enabled)}
          />
          <PreferenceSwitch
            label="Lembretes de devolução"
            description="Na véspera e no dia da devolução, e se houver atraso"
            checked={preferences?.returnReminders}
            onChange={(enabled) => void set('returnReminders', enabled)}
          />
        </Card>
      </div>
    </AppScreen>
  );
}
