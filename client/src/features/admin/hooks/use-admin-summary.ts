import { trpc } from '../../../lib/trpc.ts';

/** Every summary card's live count (refreshed with the lists it counts). */
export function useAdminSummary() {
  return trpc.admin.summary.useQuery();
}

/** 'Atividade': the latest 20 entries of the audit log, then 'Ver mais'. */
export function useAdminActivity() {
  const query = trpc.admin.activity.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items) ?? [] };
}
