import { expressionBuilder, type Expression, type SqlBool } from 'kysely';
import type { Db } from './database.ts';
import type { OrdersTable } from './schema.ts';

// Orders are read with their listing and their two people by the orders module, the
// administration's reported threads (messages) and the data export (privacy). The
// joins and aliases are written once here: o the order, l its listing (deleted or not:
// the row stays), r the requester (renter_id), w the owner.

/** Orders with their listing. */
export function ordersWithListing(db: Db) {
  return db.selectFrom('orders as o').innerJoin('listings as l', 'l.id', 'o.listing_id');
}

/** Orders with their listing and both people. */
export function ordersWithPeople(db: Db) {
  return ordersWithListing(db).innerJoin('users as r', 'r.id', 'o.renter_id').innerJoin('users as w', 'w.id', 'o.owner_id');
}

/** The orders this person takes part in, as requester or owner: the only people an order's details are for. */
export function takesPart(userId: string): Expression<SqlBool> {
  const eb = expressionBuilder<{ o: OrdersTable }, 'o'>();
  return eb.or([eb('o.renter_id', '=', userId), eb('o.owner_id', '=', userId)]);
}

/** Both people by name and apartment (never their contact data), as the administration and the order's two sides see them. */
export const BOTH_PEOPLE_COLUMNS = ['r.full_name as renter_full_name', 'r.apartment as renter_apartment', 'w.full_name as owner_full_name', 'w.apartment as owner_apartment'] as const;

/** What the requester asked for and the reasons given: the period, the hand-over, the message, why it was rejected or cancelled. */
export const ORDER_REQUEST_COLUMNS = [
  'o.start_date',
  'o.end_date',
  'o.delivery_method',
  'o.delivery_address',
  'o.scheduled_at',
  'o.message',
  'o.rejection_reason',
  'o.cancellation_reason',
] as const;
