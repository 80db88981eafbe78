import type { Query } from '@tanstack/react-query';

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

/**
 * A query procedure a live event makes stale (tRPC's utils of it), with the input of one entry
 * when the event names it (`utils.messages.thread` and `{ orderId }`).
 */
export interface LiveChangedQuery<Input = undefined> {
  invalidate(input?: Input, filters?: { predicate?: (query: Query<any, any, any, any>) => boolean }): Promise<void>;
}

/** Queries whose one follow-up fetch is already asked for (a burst of events asks once). */
const followUpAsked = new WeakSet<Query<any, any, any, any>>();

/**
 * The refresh after another tab's or person's change, announced by a live event. A plain
 * invalidation, plus one more fetch for each query whose first answer for its key was in flight:
 * the invalidation joins that fetch, which read before the change (see refreshAfterChange). Unlike
 * a change made here, it is not cancelled: a burst of events would keep restarting it and the
 * list would wait for the burst to end. It is let finish, then fetched once more, however many
 * events came meanwhile.
 */
export function refreshAfterLiveEvent<Input>(query: LiveChangedQuery<Input>, input?: Input): void {
  const joined: Query<any, any, any, any>[] = [];
  const predicate = (entry: Query<any, any, any, any>) => {
    if (entry.state.data === undefined && entry.state.fetchStatus === 'fetching' && !followUpAsked.has(entry)) {
      followUpAsked.add(entry);
      joined.push(entry);
    }
    return true;
  };
  void query.invalidate(input, { predicate }).then(() => {
    if (!joined.length) return;
    for (const entry of joined) followUpAsked.delete(entry);
    return query.invalidate(input, { predicate: (entry) => joined.includes(entry) });
  });
}
