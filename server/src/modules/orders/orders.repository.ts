import { sql } from 'kysely';
import type { DeliveryOption } from '@vizinhanca/shared/listings/listing.schema';
import { BLOCKING_ORDER_STATUSES, type OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import { pickColumns } from '../../db/columns.ts';
import { countRows } from '../../db/count.ts';
import { type Db, prepared, writeLater } from '../../db/database.ts';
import { compiledOnce } from '../../db/query-templates.ts';
import { BOTH_PEOPLE_COLUMNS, ORDER_REQUEST_COLUMNS, ordersWithListing, ordersWithPeople, takesPart } from '../../db/order-reads.ts';
import { newestCreatedPage } from '../../db/paging.ts';

/** The order's own columns every screen shows. */
const ORDER_COLUMNS = [
  'o.id',
  'o.listing_id',
  'o.owner_id',
  'o.renter_id',
  'o.status',
  'o.total_cents',
  'o.quantity',
  'o.hours',
  ...ORDER_REQUEST_COLUMNS,
  'o.created_at',
  'o.approved_at',
  'o.delivered_at',
  'o.completed_at',
  'o.paid_at',
  'o.deposit_cents',
] as const;

/** The listing as the cards show it; its deleted_at says 'Item removido'. */
const LISTING_COLUMNS = ['l.title as listing_title', 'l.type as listing_type', 'l.image_id as listing_image_id', 'l.deleted_at as listing_deleted_at'] as const;

/** Whether this user already reviewed the order (each side reviews once). */
const reviewedBy = (userId: string) => sql<boolean>`EXISTS (SELECT 1 FROM reviews rv WHERE rv.order_id = o.id AND rv.reviewer_id = ${userId})`.as('reviewed');

/** Whether the order's owner has a Pix key (the requester's card offers 'Pagar com Pix'). */
const ownerHasPixKey = sql<boolean>`EXISTS (SELECT 1 FROM pix_keys pk WHERE pk.user_id = o.owner_id)`.as('owner_has_pix_key');
/** The administration is settling a problem on the order ('Em análise' on its card). */
const problemOpen = sql<boolean>`EXISTS (SELECT 1 FROM order_problems op WHERE op.order_id = o.id AND op.status = 'open')`.as('problem_open');
/** A reservation's batch day ('Fornada de sábado, 12/12' on its card and conversation); null for other orders. */
const fornadaDay = sql<string | null>`(SELECT f.day FROM fornadas f WHERE f.id = o.fornada_id)`.as('fornada_day');

/**
 * The cards of one side of the orders: the requester's (/meus-pedidos, the
 * counterpart is the owner) or the owner's (/gerenciar-pedidos, the counterpart
 * is the requester), newest first. Public data of the counterpart only.
 */
export function listForSide(db: Db, side: 'requester' | 'owner', userId: string, statuses: readonly OrderStatus[] | null) {
  const mine = side === 'requester' ? 'o.renter_id' : 'o.owner_id';
  const theirs = side === 'requester' ? 'o.owner_id' : 'o.renter_id';
  let query = ordersWithListing(db)
    .innerJoin('users as c', 'c.id', theirs)
    .select(ORDER_COLUMNS)
    .select(LISTING_COLUMNS)
    .select(['c.full_name as counterpart_full_name', 'c.apartment as counterpart_apartment', 'c.phone as counterpart_phone', 'c.avatar_url as counterpart_avatar_url'])
    .select(reviewedBy(userId))
    .select(ownerHasPixKey)
    .select(problemOpen)
    .select(fornadaDay)
    .where(mine, '=', userId);
  if (statuses) query = query.where('o.status', 'in', statuses);
  return query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').execute();
}
export type OrderCardRow = Awaited<ReturnType<typeof listForSide>>[number];

/** How many of one side's orders are in each status (the counters of 2.15 and 2.17). */
export function countByStatus(db: Db, side: 'requester' | 'owner', userId: string) {
  return db
    .selectFrom('orders')
    .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
    .where(side === 'requester' ? 'renter_id' : 'owner_id', '=', userId)
    .groupBy('status')
    .execute();
}

/** Locks the order for a transition: two decisions on one order happen one after the other. */
export function findForUpdate(db: Db, id: string) {
  return ordersWithListing(db)
    .innerJoin('users as r', 'r.id', 'o.renter_id')
    .select([
      'o.id',
      'o.listing_id',
      'o.owner_id',
      'o.renter_id',
      'o.status',
      'o.start_date',
      'o.end_date',
      'o.completed_at',
      'l.title as listing_title',
      'l.type as listing_type',
      'l.deleted_at as listing_deleted_at',
      'r.full_name as renter_full_name',
    ])
    .where('o.id', '=', id)
    .forUpdate('o')
    .executeTakeFirst();
}

/**
 * One order as its two people see it (the conversation's header, the Pix code),
 * or nothing when the user is neither its requester nor its owner.
 */
export function findForParticipant(db: Db, id: string, userId: string) {
  return ordersWithPeople(db)
    .select(ORDER_COLUMNS)
    .select(LISTING_COLUMNS)
    .select(['o.rejected_at', 'o.cancelled_at', 'w.anonymized_at as owner_anonymized_at'])
    .select(BOTH_PEOPLE_COLUMNS)
    .select(fornadaDay)
    .where('o.id', '=', id)
    .where(takesPart(userId))
    .executeTakeFirst();
}

/** Locks the order to mark it paid: who may, from which status, and whether it already is. */
export function findPaymentForUpdate(db: Db, id: string) {
  return ordersWithListing(db)
    .select(['o.id', 'o.owner_id', 'o.renter_id', 'o.status', 'o.paid_at', 'l.title as listing_title'])
    .where('o.id', '=', id)
    .forUpdate('o')
    .executeTakeFirst();
}

export function setPaid(db: Db, id: string, by: string, at: Date) {
  return db.updateTable('orders').set({ paid_at: at, paid_by: by, updated_at: at }).where('id', '=', id).execute();
}

/** Rental days held by pending, approved or in_progress orders that end today or later. */
export function listOccupied(db: Db, listingId: string, today: string) {
  return db
    .selectFrom('orders')
    .select(['start_date', 'end_date'])
    .where('listing_id', '=', listingId)
    .where('status', 'in', BLOCKING_ORDER_STATUSES)
    .where('start_date', 'is not', null)
    .where('end_date', '>=', today)
    .orderBy('start_date')
    .execute();
}

type DuplicateCheck = { listingId: string; renterId: string } & ({ scheduledAt: Date; timeZone: string } | { scheduledAt: null });

export function pendingDuplicateQuery(db: Db, o: DuplicateCheck) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('listing_id', '=', o.listingId)
    .where('renter_id', '=', o.renterId)
    .where('status', '=', 'pending')
    .where((eb) =>
      o.scheduledAt
        ? eb.or([
            eb('scheduled_at', 'is', null),
            eb(sql`(scheduled_at AT TIME ZONE ${o.timeZone})::date`, '=', sql`(${o.scheduledAt} AT TIME ZONE ${o.timeZone})::date`),
          ])
        : eb.val(true),
    )
    .limit(1);
}

/**
 * A pending order of this requester for this listing at an overlapping time:
 * same condominium day, or either one without a time (a second order the
 * requester is asked to confirm).
 */
export async function hasPendingDuplicate(db: Db, o: { listingId: string; renterId: string; scheduledAt: Date | null; timeZone: string }) {
  const { listingId, renterId, scheduledAt, timeZone } = o;
  // Two shapes: with a time, the same condominium day; without one, any pending order.
  const query = scheduledAt
    ? compiledOnce('orders.pendingDuplicate.timed', { listingId, renterId, scheduledAt, timeZone }, (values) => pendingDuplicateQuery(db, values))
    : compiledOnce('orders.pendingDuplicate', { listingId, renterId }, (values) => pendingDuplicateQuery(db, { ...values, scheduledAt: null }));
  const rows = await prepared(db, query);
  return rows.length > 0;
}

export interface NewOrder {
  listingId: string;
  ownerId: string;
  renterId: string;
  totalCents: number;
  /** Food units; 1 when left out. */
  quantity?: number;
  /** A service priced per hour: how many hours; null when left out. */
  hours?: number | null;
  startDate: string | null;
  endDate: string | null;
  deliveryMethod: DeliveryOption;
  deliveryAddress: string | null;
  scheduledAt: Date | null;
  message: string | null;
  /** When it was asked, on the app's clock ('Pedido em', newest first, the owner's deadline to answer). */
  createdAt: Date;
  /** Rentals: the listing's deposit now, kept with the order whatever the listing asks later; 0 when left out. */
  depositCents?: number;
}

/** Where an order written with a past stands and the moments that led there (the demo seed); a new one is pending. */
export interface OrderHistory {
  status: OrderStatus;
  rejectionReason: string | null;
  createdAt: Date;
  approvedAt: Date | null;
  deliveredAt: Date | null;
  completedAt: Date | null;
  rejectedAt: Date | null;
  cancelledAt: Date | null;
  updatedAt: Date;
}

function historyColumns(history: OrderHistory) {
  return pickColumns(history, ['status', 'rejectionReason', 'createdAt', 'approvedAt', 'deliveredAt', 'completedAt', 'rejectedAt', 'cancelledAt', 'updatedAt']);
}

/** A new order's columns as values, every one given (a value left out would change the statement). */
function newOrderValues(order: NewOrder) {
  return {
    listingId: order.listingId,
    ownerId: order.ownerId,
    renterId: order.renterId,
    totalCents: order.totalCents,
    quantity: order.quantity ?? 1,
    hours: order.hours ?? null,
    startDate: order.startDate ?? null,
    endDate: order.endDate ?? null,
    deliveryMethod: order.deliveryMethod,
    deliveryAddress: order.deliveryAddress ?? null,
    scheduledAt: order.scheduledAt ?? null,
    message: order.message ?? null,
    depositCents: order.depositCents ?? 0,
    createdAt: order.createdAt,
  };
}

export function insertOrderQuery(db: Db, values: ReturnType<typeof newOrderValues> & { id?: string }, history?: OrderHistory) {
  return db
    .insertInto('orders')
    .values({
      ...(values.id === undefined ? {} : { id: values.id }),
      listing_id: values.listingId,
      owner_id: values.ownerId,
      renter_id: values.renterId,
      total_cents: values.totalCents,
      quantity: values.quantity,
      hours: values.hours,
      start_date: values.startDate,
      end_date: values.endDate,
      delivery_method: values.deliveryMethod,
      delivery_address: values.deliveryAddress,
      scheduled_at: values.scheduledAt,
      message: values.message,
      deposit_cents: values.depositCents,
      ...(history ? historyColumns(history) : { status: 'pending' as const, created_at: values.createdAt, updated_at: values.createdAt }),
    })
    .returning(['id']);
}

export async function insertOrder(db: Db, order: NewOrder, history?: OrderHistory) {
  const values = newOrderValues(order);
  // A new order's statement is compiled once; one written with a past (the demo seed) is rare and built each time.
  const query = history ? insertOrderQuery(db, values, history) : compiledOnce('orders.insert', values, (templateValues) => insertOrderQuery(db, templateValues));
  const [row] = await prepared(db, query);
  return row!;
}

/**
 * A new order whose id is the caller's: in a transaction it waits for the commit with the other
 * held writes (database.ts's writeLater), with no round trip of its own. A day another order holds
 * (the exclusion constraint) or the owner blocked (its trigger) is refused there, and the whole
 * transaction rolls back. Compiled once.
 */
export function insertOrderLater(db: Db, order: NewOrder & { id: string }): Promise<void> {
  const values = { id: order.id, ...newOrderValues(order) };
  return writeLater(db, compiledOnce('orders.insert.withId', values, (templateValues) => insertOrderQuery(db, templateValues)));
}

export interface OrderStatusChange {
  status: OrderStatus;
  at: Date;
  reason?: string | null;
}

/** The new status with the moment that led to it (and the reason of a rejection or a cancellation). */
export function setStatus(db: Db, id: string, change: OrderStatusChange) {
  const moments: Partial<Record<OrderStatus, 'approved_at' | 'delivered_at' | 'completed_at' | 'rejected_at' | 'cancelled_at'>> = {
    approved: 'approved_at',
    in_progress: 'delivered_at',
    completed: 'completed_at',
    rejected: 'rejected_at',
    cancelled: 'cancelled_at',
  };
  const moment = moments[change.status];
  return db
    .updateTable('orders')
    .set({
      status: change.status,
      ...(moment ? { [moment]: change.at } : {}),
      ...(change.status === 'rejected' ? { rejection_reason: change.reason ?? null } : {}),
      ...(change.status === 'cancelled' ? { cancellation_reason: change.reason ?? null } : {}),
      updated_at: change.at,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Every order for the admin panel, newest first, with both people by name and
 * apartment; one keyset page (limit + 1 rows).
 */
export function listForAdmin(db: Db, status: OrderStatus | null, cursor: string | null, limit: number) {
  let query = ordersWithPeople(db)
    .select(ORDER_COLUMNS)
    .select(LISTING_COLUMNS)
    .select(BOTH_PEOPLE_COLUMNS);
  if (status) query = query.where('o.status', '=', status);
  return newestCreatedPage(query, { table: 'orders', alias: 'o' }, { cursor, limit }).execute();
}

/** Home activity: the newest orders the user made or received, with the requester's name. */
export function listRecentForUser(db: Db, userId: string, limit: number) {
  return ordersWithListing(db)
    .innerJoin('users as r', 'r.id', 'o.renter_id')
    .select(['o.id', 'o.status', 'o.renter_id', 'o.created_at'])
    .select(LISTING_COLUMNS)
    .select(['r.full_name as renter_full_name', 'r.apartment as renter_apartment'])
    .where(takesPart(userId))
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/** Which of these orders the user takes part in, and on which side (for links to them). */
export function listSidesFor(db: Db, userId: string, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('orders as o')
    .select(['o.id', 'o.renter_id', 'o.status'])
    .where('o.id', 'in', ids)
    .where(takesPart(userId))
    .execute();
}

/** The profile's orders counter: orders made as requester. */
export function countAsRequester(db: Db, userId: string) {
  return countRows(db.selectFrom('orders').where('renter_id', '=', userId));
}

/**
 * Rentals the reminder job looks at: approved ones starting on `pickupDate`, and
 * in-progress ones ending on or before `returnUntil` (tomorrow, today, overdue).
 */
export function listForReminders(db: Db, dates: { pickupDate: string; returnUntil: string }) {
  return ordersWithPeople(db)
    .select([
      'o.id',
      'o.status',
      'o.owner_id',
      'o.renter_id',
      'o.start_date',
      'o.end_date',
      'l.title as listing_title',
      'r.full_name as renter_full_name',
      'w.full_name as owner_full_name',
    ])
    .where('l.type', '=', 'rental')
    .where((eb) =>
      eb.or([
        eb.and([eb('o.status', '=', 'approved'), eb('o.start_date', '=', dates.pickupDate)]),
        eb.and([eb('o.status', '=', 'in_progress'), eb('o.end_date', '<=', dates.returnUntil)]),
      ]),
    )
    .orderBy('o.id')
    .execute();
}

/** Pending orders past their answer deadline: created before `createdBefore`, or whose day or time has passed. */
export function listUnansweredIds(db: Db, deadline: { createdBefore: Date; today: string; now: Date }) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([eb('created_at', '<=', deadline.createdBefore), eb('start_date', '<', deadline.today), eb('scheduled_at', '<', deadline.now)]),
    )
    .orderBy('created_at')
    .execute();
}

/** Whether another order of this listing is in progress (a trigger refuses a second one as well). */
export async function hasRentalInProgress(db: Db, listingId: string, exceptOrderId: string) {
  const row = await db
    .selectFrom('orders')
    .select('id')
    .where('listing_id', '=', listingId)
    .where('status', '=', 'in_progress')
    .where('id', '<>', exceptOrderId)
    .executeTakeFirst();
  return row !== undefined;
}

/** The pending orders of an owner, locked, with what their requesters are told. */
export function lockPendingAsOwner(db: Db, ownerId: string) {
  return ordersWithListing(db)
    .select(['o.id', 'o.owner_id', 'o.renter_id', 'l.title as listing_title'])
    .where('o.owner_id', '=', ownerId)
    .where('o.status', '=', 'pending')
    .forUpdate('o')
    .execute();
}

/** Every open order (pending, approved, in progress) the person takes part in, locked, oldest first. */
export function lockOpenOrdersOf(db: Db, userId: string) {
  return ordersWithListing(db)
    .select(['o.id', 'o.status', 'o.owner_id', 'o.renter_id', 'l.title as listing_title', 'l.type as listing_type'])
    .where(takesPart(userId))
    .where('o.status', 'in', BLOCKING_ORDER_STATUSES)
    .orderBy('o.created_at')
    .forUpdate('o')
    .execute();
}

export function countPending(db: Db) {
  return countRows(db.selectFrom('orders').where('status', '=', 'pending'));
}

/** Every order, oldest first, streamed for the CSV export (never all in memory). */
export function streamForExport(db: Db) {
  return ordersWithPeople(db)
    .select(['o.id', 'o.status', 'o.total_cents', 'o.start_date', 'o.end_date', 'o.delivery_method', 'o.created_at'])
    .select(['l.title as listing_title', 'l.type as listing_type'])
    .select(BOTH_PEOPLE_COLUMNS)
    .orderBy('o.created_at')
    .orderBy('o.id')
    .stream(1000);
}
