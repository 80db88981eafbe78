import { formatDateTime } from '@vizinhanca/shared/format/format';
import { isUrgent } from '@vizinhanca/shared/notifications/notification.rules';
import type { NotificationItem as Item } from '@vizinhanca/shared/notifications/notification.schema';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { NOTIFICATION_LOOK } from './notification-look.ts';

interface NotificationItemProps {
  item: Item;
  onOpen: (item: Item) => void;
  onMarkRead: (item: Item) => void;
}

/** One notification: tapping it marks it read and opens what it concerns; 'Marcar como lida' only marks it. */
export function NotificationItem({ item, onOpen, onMarkRead }: NotificationItemProps) {
  const { Icon, tone } = NOTIFICATION_LOOK[item.type];
  return (
    <li className={`notification-item${item.read ? '' : ' notification-unread'}`}>
      <span className={`notification-icon notification-tone-${tone}`} aria-hidden="true">
        <Icon />
      </span>
      <div className="notification-body">
        <button type="button" className="notification-open" onClick={() => onOpen(item)}>
          <span className="notification-title">{item.title}</span>
          <span className="notification-message">{item.message}</span>
          <time className="notification-time" dateTime={item.createdAt.toISOString()}>
            {formatDateTime(item.createdAt)}
          </time>
        </button>
        <div className="notification-meta">
          {item.read ? null : <Badge variant="brand">Novo</Badge>}
          {isUrgent(item.type) ? <Badge variant="danger">Urgente</Badge> : null}
          {item.read ? null : (
            <Button variant="ghost" size="sm" className="notification-mark" onClick={() => onMarkRead(item)}>
              Marcar como lida
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
