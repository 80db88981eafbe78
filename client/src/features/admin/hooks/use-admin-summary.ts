import { useEffect } from 'react';
import { exactNow } from '../../../hooks/use-now.ts';
import { trpc } from '../../../lib/trpc.ts';

/** setTimeout's longest wait (about 24.8 days); the 'Atividade' window is 24 hours. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Every summary card's live count: the server's 'admin.summary.changed' event
 * reloads it when a count moves, and the 'Atividade' count (the last 24 hours)
 * reloads by itself when its oldest entry leaves the window.
 */
export function useAdminSummary() {
  const query = trpc.admin.summary.useQuery();
  const utils = trpc.useUtils();
  const changesAt = query.data?.activityChangesAt?.getTime() ?? null;
  useEffect(() => {
    if (changesAt === null) return;
    const timer = setTimeout(() => void utils.admin.summary.invalidate(), Math.min(Math.max(0, changesAt - exactNow().getTime()) + 1000, MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  }, [changesAt, utils]);
  return query;
}

/** 'Atividade': the latest 20 entries of the audit log, then 'Ver mais'. */
export function useAdminActivity() {
  const query = trpc.admin.activity.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}
