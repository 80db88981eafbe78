import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** The deposit records of these orders, each with its photos' ids in order. */
export function listForOrders(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('deposit_settlements as s')
    .select(['s.order_id', 's.outcome', 's.retained_cents', 's.reason', 's.settled_at', 's.answer', 's.answered_at', 's.contest_text'])
    .select(
      sql<string[]>`(SELECT coalesce(array_agg(p.image_id::text ORDER BY p.position), '{}') FROM deposit_settlement_photos p WHERE p.order_id = s.order_id)`.as(
        'image_ids',
      ),
    )
    .where('s.order_id', 'in', orderIds)
    .execute();
}
export type SettlementRow = Awaited<ReturnType<typeof listForOrders>>[number];
