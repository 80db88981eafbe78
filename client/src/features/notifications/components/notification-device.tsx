import { useNotificationDevice } from '../hooks/use-notification-device.ts';

/** The icon badge and the push subscription, as a component the root layout loads after the first screen (docs/decisions/013-first-screen.md). */
export function NotificationDevice({ approved }: { approved: boolean }) {
  useNotificationDevice(approved);
  return null;
}
