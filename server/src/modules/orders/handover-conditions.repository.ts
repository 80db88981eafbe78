import { sql } from 'kysely';
import type { HandoverStage } from '@vizinhanca/shared/orders/handover-condition.schema';
import type { Db } from '../../db/database.ts';

/** The condition of one stage, recorded by the owner with its photos in order (positions 1 to 5). */
export async function insertCondition(db: Db, condition: { orderId: string; stage: HandoverStage; note: string | null; recordedBy: string; recordedAt: Date; imageIds: string[] }) {
  await db
    .insertInto('order_handover_conditions')
    .values({ order_id: condition.orderId, stage: condition.stage, note: condition.note, recorded_by: condition.recordedBy, recorded_at: condition.recordedAt })
    .execute();
  if (condition.imageIds.length === 0) return;
  await db
    .insertInto('order_handover_photos')
    .values(condition.imageIds.map((imageId, index) => ({ order_id: condition.orderId, stage: condition.stage, position: index + 1, image_id: imageId })))
    .execute();
}

/** The conditions of these orders, each with its photos' image ids by position. */
export async function listConditions(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_handover_conditions as c')
    .select([
      'c.order_id',
      'c.stage',
      'c.note',
      'c.recorded_at',
      'c.confirmed_at',
      sql<string[]>`COALESCE((SELECT array_agg(p.image_id::text ORDER BY p.position) FROM order_handover_photos p WHERE p.order_id = c.order_id AND p.stage = c.stage), '{}')`.as('image_ids'),
    ])
    .where('c.order_id', 'in', orderIds)
    .orderBy('c.recorded_at')
    .execute();
}

/** The requester's 'Confirmo o estado': only a condition not confirmed yet changes (two taps at once confirm once). */
export async function confirm(db: Db, orderId: string, stage: HandoverStage, at: Date) {
  const row = await db
    .updateTable('order_handover_conditions')
    .set({ confirmed_at: at })
    .where('order_id', '=', orderId)
    .where('stage', '=', stage)
    .where('confirmed_at', 'is', null)
    .returning('order_id')
    .executeTakeFirst();
  return Boolean(row);
}

export function findCondition(db: Db, orderId: string, stage: HandoverStage) {
  return db.selectFrom('order_handover_conditions').select(['confirmed_at']).where('order_id', '=', orderId).where('stage', '=', stage).executeTakeFirst();
}
