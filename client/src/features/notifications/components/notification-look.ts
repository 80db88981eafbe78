import type { NotificationType } from '@vizinhanca/shared/notifications/notification.schema';
import type { ComponentType, SVGProps } from 'react';
import { AlertCircleIcon, CheckCircleIcon, ClockIcon, NoticeIcon, PackageIcon, SearchIcon, ShieldAlertIcon, TagIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { CreditCardIcon, PauseIcon, ShoppingBagIcon, XCircleIcon } from '../../../components/ui/secondary-icons.tsx';

export type NotificationTone = 'success' | 'danger' | 'warning' | 'info' | 'brand' | 'purple';

interface NotificationLook {
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  tone: NotificationTone;
}

function look(Icon: NotificationLook['Icon'], tone: NotificationTone): NotificationLook {
  return { Icon, tone };
}

/** Icon and colour by type (spec 2.18). */
export const NOTIFICATION_LOOK: Record<NotificationType, NotificationLook> = {
  account_approved: look(UserIcon, 'success'),
  account_rejected: look(UserIcon, 'danger'),
  listing_approved: look(CheckCircleIcon, 'success'),
  listing_rejected: look(XCircleIcon, 'danger'),
  listing_paused: look(PauseIcon, 'warning'),
  listing_expiring: look(ClockIcon, 'warning'),
  listing_expired: look(AlertCircleIcon, 'danger'),
  reminder_pickup: look(PackageIcon, 'info'),
  reminder_return: look(ClockIcon, 'danger'),
  status_update: look(ShoppingBagIcon, 'purple'),
  order_status: look(ShoppingBagIcon, 'brand'),
  payment_due: look(CreditCardIcon, 'warning'),
  pending_sign_up: look(UserIcon, 'info'),
  pending_listing: look(TagIcon, 'info'),
  pending_report: look(ShieldAlertIcon, 'warning'),
  pending_problem: look(AlertCircleIcon, 'warning'),
  announcement: look(NoticeIcon, 'brand'),
  fornada_opened: look(ShoppingBagIcon, 'success'),
  fornada_closed: look(ClockIcon, 'info'),
  wanted_offer: look(SearchIcon, 'success'),
};
