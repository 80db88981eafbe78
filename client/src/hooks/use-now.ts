import { createContext, useContext, useSyncExternalStore } from 'react';

/**
 * The instant the server drew the page (its clock, sent with the page: docs/decisions/013-first-screen.md).
 * The server renders "now" as this, and the browser's hydration reads the same, so a relative
 * time or an earliest date matches on both sides; the browser's own time takes over within a minute (startClockAt).
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

/**
 * On a page the server drew, the clock's first reading is the page's instant (main.tsx, before hydrating):
 * the hydration's server snapshot and the browser's snapshot are then the same object, so React does not
 * render each relative time a second time right after adopting it (four such renders on the
 * home, in the middle of its hydration). The browser's own time takes over once that reading is a minute
 * old (at once when the browser's clock is a minute or more ahead of the server's), as any other reading.
 */
export function startClockAt(pageNow: Date): void {
  current = pageNow;
}

/** The same instant for consecutive reads (React compares them), a fresh one once it is a minute old. */
export function browserNow(): Date {
  if (Date.now() - current.getTime() >= REFRESH_MS) current = new Date();
  return current;
}

/** The clock to the millisecond, for a check made when the person acts (a submit): useNow's reading can be a minute old. */
export function exactNow(): Date {
  return new Date();
}

/** The current time, refreshed every minute (the earliest order date and "há 5 minutos" move with it). */
export function useNow(): Date {
  const pageNow = useContext(PageNowContext);
  return useSyncExternalStore(subscribe, browserNow, () => pageNow ?? browserNow());
}
