import type { DepositAnswer, DepositOutcome } from '@vizinhanca/shared/deposits/deposit.constants';
import type { Db } from '../../db/database.ts';
import { ordersWithPeople } from '../../db/order-reads.ts';

/**
 * The order a deposit is recorded or answered on, locked: the owner's record and the
 * requester's answer happen one after the other, never twice at once.
 */
export function findOrderForUpdate(db: Db, orderId: string) {
  return ordersWithPeople(db)
    .select(['o.id', 'o.owner_id', 'o.renter_id', 'o.status', 'o.deposit_cents', 'l.title as listing_title', 'w.full_name as owner_full_name', 'r.full_name as renter_full_name'])
    .where('o.id', '=', orderId)
    .forUpdate('o')
    .executeTakeFirst();
}

export function findSettlement(db: Db, orderId: string) {
  return db.selectFrom('deposit_settlements').select(['order_id', 'outcome', 'settled_at', 'answer']).where('order_id', '=', orderId).executeTakeFirst();
}

export interface NewSettlement {
  orderId: string;
  depositCents: number;
  outcome: DepositOutcome;
  retainedCents: number;
  reason: string | null;
  settledBy: string;
  settledAt: Date;
}

export function insertSettlement(db: Db, settlement: NewSettlement) {
  return db
    .insertInto('deposit_settlements')
    .values({
      order_id: settlement.orderId,
      deposit_cents: settlement.depositCents,
      outcome: settlement.outcome,
      retained_cents: settlement.retainedCents,
      reason: settlement.reason,
      settled_by: settlement.settledBy,
      settled_at: settlement.settledAt,
    })
    .execute();
}

/** The photos in the order the owner chose. */
export function insertPhotos(db: Db, orderId: string, imageIds: string[]) {
  if (imageIds.length === 0) return Promise.resolve();
  return db
    .insertInto('deposit_settlement_photos')
    .values(imageIds.map((imageId, position) => ({ order_id: orderId, position, image_id: imageId })))
    .execute()
    .then(() => undefined);
}

/** The requester's answer; a contest keeps their words and the problem it went to. */
export function setAnswer(db: Db, orderId: string, answer: { answer: DepositAnswer; at: Date; contest: { text: string; problemId: string } | null }) {
  return db
    .updateTable('deposit_settlements')
    .set({ answer: answer.answer, answered_at: answer.at, contest_text: answer.contest?.text ?? null, contest_problem_id: answer.contest?.problemId ?? null })
    .where('order_id', '=', orderId)
    .execute();
}
