import { withClient } from './harness.ts';

/** Listing writes as neighbours and staff make them, in turn: an approval, an edit that stays published, an owner's pause. */
export type ListingWrite = 'approval' | 'edit' | 'pause';
export const WRITE_KINDS: readonly ListingWrite[] = ['approval', 'edit', 'pause'];

/** Sends `count` published listings (drawn by a fixed hash, so every run picks the same ones) back to review for the writer's approvals; returns their ids. */
export async function listingsBackToReview(databaseUrl: string, count: number): Promise<string[]> {
  return withClient(databaseUrl, async (client) =>
    (
      await client.query<{ id: string }>(
        `UPDATE listings SET status = 'pending', updated_at = now() WHERE id IN (SELECT id FROM listings WHERE status = 'active' ORDER BY md5(id::text) LIMIT $1) RETURNING id`,
        [count],
      )
    ).rows.map((row) => row.id),
  );
}

/**
 * Writes `perSecond` listing changes, in turn (approval, edit, pause), each its own transaction
 * with the SQL the app's services send (listings.repository setStatus / updateFields), until
 * stopped. Approvals publish listings sent back to review (`pools.pending`, taken from the end);
 * edits change the tags (published listings stay published); pauses are the owner's.
 */
export function listingWriter(databaseUrl: string, perSecond: number, pools: { pending: string[]; active: readonly string[] }) {
  const done = { writes: 0, byKind: { approval: 0, edit: 0, pause: 0 } as Record<ListingWrite, number>, errors: [] as string[] };
  let stopped = false;
  const running = withClient(databaseUrl, async (client) => {
    const start = performance.now();
    for (let n = 0; !stopped; n++) {
      const due = start + (n * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (stopped) break;
      const kind = WRITE_KINDS[n % WRITE_KINDS.length]!;
      try {
        if (kind === 'approval') {
          const id = pools.pending.pop();
          if (!id) continue;
          await client.query(
            `UPDATE listings SET status = 'active', paused_by = NULL, rejection_reason = NULL, published_at = now(), expires_at = now() + interval '30 days', updated_at = now() WHERE id = $1`,
            [id],
          );
        } else {
          const id = pools.active[Math.floor(Math.random() * pools.active.length)]!;
          if (kind === 'edit') await client.query(`UPDATE listings SET tags = ARRAY['bench', $2::text], updated_at = now() WHERE id = $1`, [id, String(n)]);
          else await client.query(`UPDATE listings SET status = 'inactive', paused_by = 'owner', updated_at = now() WHERE id = $1 AND status = 'active'`, [id]);
        }
        done.writes += 1;
        done.byKind[kind] += 1;
      } catch (error) {
        if (done.errors.length < 3) done.errors.push(String(error));
      }
    }
  });
  return {
    done,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}
