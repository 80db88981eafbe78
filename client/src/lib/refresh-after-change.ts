/** A list a change may alter: tRPC's utils of one query procedure (`utils.orders.mine`). */
export interface ChangedList {
  cancel(): Promise<void>;
  invalidate(): Promise<void>;
}

/**
 * The one refresh after a change (a mutation's answer, success or conflict): first stops the fetches
 * of `lists` that are in flight, then invalidates them together with `alsoStale` (counts, details,
 * whole routers). TanStack Query joins a fetch in flight that has no answer yet instead of starting
 * another (a search or tab just opened, the previous answer shown meanwhile through keepPreviousData),
 * so that fetch's answer, read before the change, would stay on screen (a listing just approved still
 * under 'Pendências', an order just cancelled still 'Pendente'). Cancelled, the query goes back to
 * where it was and the invalidation fetches it again, after the change. Every list shown with
 * keepPreviousData that a change may alter goes in `lists`.
 */
export async function refreshAfterChange(lists: readonly ChangedList[], alsoStale: () => readonly unknown[] = () => []): Promise<void> {
  await Promise.all(lists.map((list) => list.cancel()));
  await Promise.all([...lists.map((list) => list.invalidate()), ...alsoStale()]);
}
