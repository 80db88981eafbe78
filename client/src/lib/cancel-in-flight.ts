/** A list a change may alter: tRPC's utils of one query procedure (`utils.listings.moderation.pending`). */
export interface ListInFlight {
  cancel(): Promise<void>;
}

/**
 * Stops the fetches of these lists that are in flight, before the invalidation that follows a change:
 * TanStack Query joins a fetch in flight that has no answer yet instead of starting another (a search just
 * typed, the previous answer shown meanwhile through keepPreviousData), so that fetch's answer, read
 * before the change, would stay on screen (a listing just approved still under 'Pendências'). Cancelled,
 * the query goes back to where it was and the invalidation fetches it again, after the change.
 */
export async function cancelInFlight(...lists: ListInFlight[]): Promise<void> {
  await Promise.all(lists.map((list) => list.cancel()));
}
