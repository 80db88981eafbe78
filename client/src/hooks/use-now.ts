import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The instant the server drew the page (its clock, sent with the page: docs/decisions/013-first-screen.md,
 * fifth pass). The server renders "now" as this, and the browser's hydration reads the same, so a relative
 * time or an earliest date matches on both sides; right after hydration the browser's own time takes over.
 */
export const PageNowContext = createContext<Date | null>(null);

const REFRESH_MS = 60_000;
let current = new Date();
const listeners = new Set<() => void>();
let timer: number | undefined;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  timer ??= window.setInterval(() => {
    current = new Date();
    for (const notify of listeners) notify();
  }, REFRESH_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The same instant for consecutive reads (React compares them), a fresh one once it is a minute old. */
function browserNow(): Date {
  if (Date.now() - current.getTime() >= REFRESH_MS) current = new Date();
  return current;
}

/** The current time, refreshed every minute (the earliest order date and "há 5 minutos" move with it). */
export function useNow(): Date {
  const pageNow = useContext(PageNowContext);
  return useSyncExternalStore(subscribe, browserNow, () => pageNow ?? browserNow());
}
