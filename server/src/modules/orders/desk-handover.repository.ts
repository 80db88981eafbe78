import type { DeskLeg } from '@vizinhanca/shared/portaria/portaria.schema';
import type { OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import type { Db } from '../../db/database.ts';

/** The statuses whose code the desk still takes (the partial unique index keeps these codes unique). */
const LIVE_STATUSES = ['waiting', 'at_desk'] as const;

/** The order status each leg goes through the desk in: an approved order's item out, a rental in progress back. */
export const ORDER_STATUS_OF_LEG: Record<DeskLeg, OrderStatus> = { delivery: 'approved', return: 'in_progress' };

/** A leg is still the desk's while its order is in the leg's status, or cancelled with the item at the desk (it goes back to the owner). */
export function isDesksLeg(leg: { leg: DeskLeg; status: string; order_status: OrderStatus }): boolean {
  return leg.order_status === ORDER_STATUS_OF_LEG[leg.leg] || (leg.status === 'at_desk' && leg.order_status === 'cancelled');
}

/** The deployment's key for the codes, or undefined before the first hand-over made it. */
export function findKey(db: Db) {
  return db.selectFrom('desk_code_keys').select('secret').where('id', '=', true).executeTakeFirst();
}

/** Stores the key unless another instance stored one first; the stored one is read back by the caller. */
export function insertKey(db: Db, secret: Buffer, at: Date) {
  return db
    .insertInto('desk_code_keys')
    .values({ id: true, secret, created_at: at })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The leg of an order, whatever its state, locked: one step at a time per leg. */
export function findLegForUpdate(db: Db, orderId: string, leg: DeskLeg) {
  return db
    .selectFrom('desk_handovers')
    .select(['id', 'status', 'code_serial', 'started_by'])
    .where('order_id', '=', orderId)
    .where('leg', '=', leg)
    .forUpdate()
    .executeTakeFirst();
}

export interface NewLeg {
  orderId: string;
  leg: DeskLeg;
  codeSerial: number;
  codeHash: string;
  startedBy: string;
  at: Date;
}

/** A new leg with its code; undefined when the code is already another live leg's (the caller derives the next one). */
export function insertLeg(db: Db, leg: NewLeg) {
  return db
    .insertInto('desk_handovers')
    .values({ order_id: leg.orderId, leg: leg.leg, code_serial: leg.codeSerial, code_hash: leg.codeHash, started_by: leg.startedBy, created_at: leg.at })
    .onConflict((oc) => oc.column('code_hash').where('status', 'in', LIVE_STATUSES).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/**
 * The live leg a code opens, with what the desk may see of it: the item's title
 * and photo, both people's names and apartments, and the order's status (a leg
 * whose order moved on is no longer the desk's). Locked when asked, for a step.
 */
export function findLiveByCodeHash(db: Db, codeHash: string, options: { forUpdate: boolean }) {
  let query = db
    .selectFrom('desk_handovers as h')
    .innerJoin('orders as o', 'o.id', 'h.order_id')
    .innerJoin('listings as l', 'l.id', 'o.listing_id')
    .innerJoin('users as w', 'w.id', 'o.owner_id')
    .innerJoin('users as r', 'r.id', 'o.renter_id')
    .select([
      'h.id',
      'h.order_id',
      'h.leg',
      'h.status',
      'o.status as order_status',
      'o.owner_id',
      'o.renter_id',
      'l.title as listing_title',
      'l.image_id as listing_image_id',
      'w.full_name as owner_full_name',
      'w.apartment as owner_apartment',
      'r.full_name as renter_full_name',
      'r.apartment as renter_apartment',
    ])
    .where('h.code_hash', '=', codeHash)
    .where('h.status', 'in', LIVE_STATUSES);
  if (options.forUpdate) query = query.forUpdate('h');
  return query.executeTakeFirst();
}
export type LiveLegRow = NonNullable<Awaited<ReturnType<typeof findLiveByCodeHash>>>;

/**
 * A code its maker cancelled, live again with a new derivation (the old code stays dead);
 * undefined when the new code is another live leg's (the caller derives the next one).
 */
export function restartLeg(db: Db, id: string, leg: Omit<NewLeg, 'orderId' | 'leg'>) {
  return db
    .updateTable('desk_handovers')
    .set({ status: 'waiting', code_serial: leg.codeSerial, code_hash: leg.codeHash, started_by: leg.startedBy, created_at: leg.at, cancelled_at: null })
    .where('id', '=', id)
    .where('status', '=', 'cancelled')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('desk_handovers as other').select('other.id').where('other.code_hash', '=', leg.codeHash).where('other.status', 'in', LIVE_STATUSES))),
    )
    .returning('id')
    .executeTakeFirst();
}

export function markReceived(db: Db, id: string, by: string, at: Date) {
  return db.updateTable('desk_handovers').set({ status: 'at_desk', received_at: at, received_by: by }).where('id', '=', id).where('status', '=', 'waiting').executeTakeFirst();
}

/** The item of a cancelled order went back to its owner from the desk. */
export function markGivenBack(db: Db, id: string, by: string, at: Date) {
  return db.updateTable('desk_handovers').set({ status: 'given_back', handed_at: at, handed_by: by }).where('id', '=', id).where('status', '=', 'at_desk').executeTakeFirst();
}

export function markHandedOver(db: Db, id: string, by: string, at: Date) {
  return db.updateTable('desk_handovers').set({ status: 'done', handed_at: at, handed_by: by }).where('id', '=', id).where('status', '=', 'at_desk').executeTakeFirst();
}

/** The order's legs still waiting or at the desk. */
export function liveLegsOfOrder(db: Db, orderId: string) {
  return db.selectFrom('desk_handovers').select(['id', 'leg', 'status']).where('order_id', '=', orderId).where('status', 'in', LIVE_STATUSES).forUpdate().execute();
}

export function cancelLeg(db: Db, id: string, at: Date) {
  return db.updateTable('desk_handovers').set({ status: 'cancelled', cancelled_at: at }).where('id', '=', id).execute();
}

/** The live legs of the orders this person owns or asked for, while the order is in the leg's status. */
export function liveLegsOfPerson(db: Db, userId: string) {
  return db
    .selectFrom('desk_handovers as h')
    .innerJoin('orders as o', 'o.id', 'h.order_id')
    .select(['h.order_id', 'h.leg', 'h.status', 'h.code_serial', 'o.status as order_status', 'o.owner_id'])
    .where((eb) => eb.or([eb('o.owner_id', '=', userId), eb('o.renter_id', '=', userId)]))
    .where('h.status', 'in', LIVE_STATUSES)
    .orderBy('h.created_at')
    .execute();
}
