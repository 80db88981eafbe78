import type { FirstScreenAnswer } from '@vizinhanca/shared/first-screen/first-screen.types';
import superjson from 'superjson';
import { queryClient } from './trpc.ts';

/**
 * The answers the server put in the page (its run of this page's route loaders, client/src/server-render.tsx),
 * into the query cache before the first render under the keys they were asked with: the guard and the loader
 * find them fresh, so the screen renders without waiting for the session and its data. Read once; the element
 * is removed. Also the instant the page was made (the server's clock), which a hydration renders "now" as
 * (hooks/use-now.ts).
 */
export function seedFirstScreen(): { pageNow: Date | null } {
  const element = document.getElementById('vz-first-screen');
  if (!element) return { pageNow: null };
  element.remove();
  try {
    const { answers, now } = superjson.parse<{ answers: FirstScreenAnswer[]; now?: Date }>(element.textContent ?? '');
    for (const { queryKey, data } of answers) queryClient.setQueryData(queryKey, data);
    return { pageNow: now instanceof Date ? now : null };
  } catch {
    // Unreadable: the screens ask the server as they would without it.
    return { pageNow: null };
  }
}
