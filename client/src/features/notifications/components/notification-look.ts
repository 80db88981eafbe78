import type { NotificationType } from '@vizinhanca/shared/notifications/notification.schema';
import type { ComponentType, SVGProps } from 'react';
import {
  AlertCircleIcon,
  CheckCircleIcon,
  ClockIcon,
  CreditCardIcon,
  PackageIcon,
  PauseIcon,
  ShoppingBagIcon,
  UserIcon,
  XCircleIcon,
} from '../../../components/ui/icons.tsx';

export type NotificationTone = 'success' | 'danger' | 'warning' | 'info' | 'brand' | 'purple';

/** Icon and colour by type (spec 2.18). */
export const NOTIFICATION_LOOK: Record<NotificationType, { Icon: ComponentType<SVGProps<SVGSVGElement>>; tone: NotificationTone }> = {
  account_approved: { Icon: UserIcon, tone: 'success' },
  account_rejected: { Icon: UserIcon, tone: 'danger' },
  listing_approved: { Icon: CheckCircleIcon, tone: 'success' },
  listing_rejected: { Icon: XCircleIcon, tone: 'danger' },
  listing_paused: { Icon: PauseIcon, tone: 'warning' },
  listing_expiring: { Icon: ClockIcon, tone: 'warning' },
  listing_expired: { Icon: AlertCircleIcon, tone: 'danger' },
  reminder_pickup: { Icon: PackageIcon, tone: 'info' },
  reminder_return: { Icon: ClockIcon, tone: 'danger' },
  status_update: { Icon: ShoppingBagIcon, tone: 'purple' },
  order_status: { Icon: ShoppingBagIcon, tone: 'brand' },
  payment_due: { Icon: CreditCardIcon, tone: 'warning' },
};
