import { useEffect } from 'react';

type BadgingNavigator = Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/** The installed app's icon shows the unread count (Badging API, where the browser has it). */
export function useAppBadge(count: number) {
  useEffect(() => {
    const nav = navigator as BadgingNavigator;
    if (!nav.setAppBadge || !nav.clearAppBadge) return;
    const done = count > 0 ? nav.setAppBadge(count) : nav.clearAppBadge();
    done.catch(() => undefined);
  }, [count]);
}
