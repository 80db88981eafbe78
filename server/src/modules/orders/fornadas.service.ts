import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS, type AuditAction } from '@vizinhanca/shared/audit/audit.schema';
import {
  FORNADA_MESSAGES,
  FORNADA_NOTIFICATIONS,
  type EditFornadaInput,
  type Fornada,
  type FornadaCards,
  type FornadaOrderList,
  type ListingFornadas,
  type OpenFornadaInput,
  type ReserveFornadaInput,
} from '@vizinhanca/shared/fornadas/fornada.schema';
import { instantInZone, isTakingReservations, windowText } from '@vizinhanca/shared/fornadas/fornada.rules';
import { REMINDER_FROM_HOUR } from '@vizinhanca/shared/notifications/reminder.messages';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import { addDays, quantityError } from '@vizinhanca/shared/orders/order.rules';
import { localHour } from '../../clock.ts';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError, isConstraintViolation } from '../../errors.ts';
import * as audit from '../audit/audit.service.ts';
import { refuseIfHidden, type BlockView } from '../blocks/blocks.service.ts';
import { notify, wants } from '../notifications/notifications.service.ts';
import { limitRate } from '../throttle/throttle.service.ts';
import * as fornadas from './fornadas.repository.ts';
import { setStatus } from './orders.repository.ts';
import { markDeliveredIn } from './orders.service.ts';

// Fornadas: a seller announces a batch of a food listing; residents reserve portions of
// it until it is sold out (a reservation is an approved order of the listing, so the
// conversation, Pix, delivery and reviews work as for any order:
// docs/decisions/023-fornadas.md). The database keeps the count: see fornadas.repository.ts.

const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';
/** How long the seller still sees a batch that is over on the dish's page (its list stays reachable). */
const SELLER_PAST_DAYS = 7;

type FornadaRow = Awaited<ReturnType<typeof fornadas.listOfListing>>[number];

function toFornada(row: FornadaRow): Fornada {
  return {
    id: row.id,
    listingId: row.listing_id,
    day: row.day,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    orderDeadline: row.order_deadline,
    portions: row.portions,
    remaining: row.remaining,
    closedAt: row.closed_at,
  };
}

// ---- The seller ----

/**
 * A new batch of one of the seller's active food listings. The day is today or later,
 * the deadline in the future and no later than the window's start (the table checks
 * that too); followers of the seller are told in the same transaction.
 */
export async function open(deps: AppDeps, seller: { id: string; fullName: string }, input: OpenFornadaInput) {
  const now = deps.clock.now();
  const timeZone = deps.config.CONDO_TIMEZONE;
  const { startsAt, endsAt, orderDeadline } = termsInstants(deps, input);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const listing = await fornadas.findListingForFornada(trx, input.listingId);
      if (!listing) throw new AppError('NOT_FOUND', FORNADA_MESSAGES.listingNotFound);
      if (listing.user_id !== seller.id) throw new AppError('FORBIDDEN', FORNADA_MESSAGES.notSeller);
      if (listing.type !== 'food') throw new AppError('BAD_REQUEST', FORNADA_MESSAGES.notFood);
      if (listing.status !== 'active' || !listing.expires_at || listing.expires_at.getTime() <= now.getTime()) {
        throw new AppError('CONFLICT', FORNADA_MESSAGES.listingNotActive);
      }
      const { id } = await fornadas.insertFornada(trx, {
        listingId: listing.id,
        sellerId: seller.id,
        day: input.day,
        startsAt,
        endsAt,
        orderDeadline,
        portions: input.portions,
        createdAt: now,
      });
      const text = FORNADA_NOTIFICATIONS.opened({ sellerName: seller.fullName, listingTitle: listing.title, when: windowText(startsAt, endsAt, timeZone) });
      for (const { follower_id } of await fornadas.listFollowersToTell(trx, seller.id)) {
        await notify(deps, trx, { userId: follower_id, type: 'fornada_opened', relatedId: listing.id, dedupeKey: `fornada-opened:${id}:${follower_id}`, ...text });
      }
      return { id, message: FORNADA_MESSAGES.opened };
    });
  } catch (error) {
    if (isConstraintViolation(error, UNIQUE_VIOLATION, 'fornadas_listing_day_key')) throw new AppError('CONFLICT', FORNADA_MESSAGES.sameDay, 'DUPLICATE');
    throw error;
  }
}

/** The instants a batch's wall-clock terms name, refused with the seller's message when the day or the deadline has passed. */
function termsInstants(deps: AppDeps, terms: { day: string; windowStart: string; windowEnd: string; deadlineDay: string; deadlineTime: string }) {
  const timeZone = deps.config.CONDO_TIMEZONE;
  if (terms.day < deps.clock.today()) throw new AppError('BAD_REQUEST', FORNADA_MESSAGES.dayInPast);
  const instants = {
    startsAt: instantInZone(terms.day, terms.windowStart, timeZone),
    endsAt: instantInZone(terms.day, terms.windowEnd, timeZone),
    orderDeadline: instantInZone(terms.deadlineDay, terms.deadlineTime, timeZone),
  };
  if (instants.orderDeadline.getTime() <= deps.clock.now().getTime()) throw new AppError('BAD_REQUEST', FORNADA_MESSAGES.deadlinePast);
  return instants;
}

/** One of the seller's batches that was not cancelled, locked while they change or cancel it. */
async function lockSellersFornada(trx: Db, sellerId: string, id: string) {
  const row = await fornadas.lockWithTitle(trx, id);
  if (!row || row.cancelled_at) throw new AppError('NOT_FOUND', FORNADA_MESSAGES.notFound);
  if (row.seller_id !== sellerId) throw new AppError('FORBIDDEN', FORNADA_MESSAGES.notSeller);
  return row;
}

/** Each resident with a reservation still to be handed over, once however many they made, with one of their orders (the notice's link). */
function reserversOf(reservations: readonly { id: string; renter_id: string }[]) {
  const byResident = new Map<string, string>();
  for (const reservation of reservations) if (!byResident.has(reservation.renter_id)) byResident.set(reservation.renter_id, reservation.id);
  return [...byResident].map(([userId, orderId]) => ({ userId, orderId }));
}

/** A change to a batch on the record, under its dish (the log's targets are listings, orders and people), naming the batch. */
function recordOnDish(
  deps: AppDeps,
  trx: Db,
  change: { actorId: string; action: AuditAction; row: { id: string; listing_id: string; listing_title: string }; before: Record<string, unknown>; after: Record<string, unknown> },
) {
  const { row } = change;
  return audit.record(deps, trx, {
    actorId: change.actorId,
    action: change.action,
    targetType: 'listing',
    targetId: row.listing_id,
    targetLabel: row.listing_title,
    before: { fornadaId: row.id, ...change.before },
    after: { fornadaId: row.id, ...change.after },
  });
}

const termsOf = (row: { day: string; starts_at: Date; ends_at: Date; order_deadline: Date; portions: number }) => ({
  day: row.day,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  orderDeadline: row.order_deadline,
  portions: row.portions,
});

/**
 * The seller changes a batch still taking reservations: the day and window, the deadline
 * (still in the future and before the window) and the portions, never fewer than are
 * reserved (the database recounts and refuses). Reservations follow a new window, and
 * their residents are told.
 */
export async function edit(deps: AppDeps, seller: { id: string; fullName: string }, input: EditFornadaInput) {
  const now = deps.clock.now();
  const instants = termsInstants(deps, input);
  try {
    await deps.db.transaction().execute(async (trx) => {
      const row = await lockSellersFornada(trx, seller.id, input.id);
      if (!isTakingReservations({ closedAt: row.closed_at, orderDeadline: row.order_deadline }, now)) throw new AppError('CONFLICT', FORNADA_MESSAGES.notOpen);
      const terms = { day: input.day, ...instants, portions: input.portions };
      await fornadas.updateTerms(trx, row.id, terms);
      if (row.starts_at.getTime() !== terms.startsAt.getTime() || row.ends_at.getTime() !== terms.endsAt.getTime()) {
        await fornadas.rescheduleReservations(trx, row.id, terms.startsAt, now);
        const text = FORNADA_NOTIFICATIONS.changed({ sellerName: seller.fullName, listingTitle: row.listing_title, when: windowText(terms.startsAt, terms.endsAt, deps.config.CONDO_TIMEZONE) });
        for (const { userId, orderId } of reserversOf(await fornadas.lockApprovedReservations(trx, row.id))) {
          await notify(deps, trx, { userId, type: 'order_status', relatedId: orderId, ...text });
        }
      }
      await recordOnDish(deps, trx, { actorId: seller.id, action: AUDIT_ACTIONS.fornadaEdited, row, before: termsOf(row), after: terms });
    });
  } catch (error) {
    if (isConstraintViolation(error, UNIQUE_VIOLATION, 'fornadas_listing_day_key')) throw new AppError('CONFLICT', FORNADA_MESSAGES.sameDay, 'DUPLICATE');
    if (isConstraintViolation(error, CHECK_VIOLATION, 'fornadas_below_reserved')) {
      const left = await fornadas.findRemaining(deps.db, input.id);
      throw new AppError('CONFLICT', FORNADA_MESSAGES.belowReserved(left ? left.portions - left.remaining : 0));
    }
    throw error;
  }
  return { message: FORNADA_MESSAGES.edited };
}

/**
 * 'Cancelar fornada': its reservations still to be handed over are cancelled (their portions
 * come back, so the counts stay true), each resident who reserved is told once, and the batch
 * leaves the dish's page and the cards. On the record, batch and reservations.
 */
export async function cancel(deps: AppDeps, seller: { id: string; fullName: string }, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockSellersFornada(trx, seller.id, id);
    if (row.day < deps.clock.today()) throw new AppError('CONFLICT', FORNADA_MESSAGES.dayOver);
    const now = deps.clock.now();
    const reservations = await fornadas.lockApprovedReservations(trx, id);
    for (const reservation of reservations) {
      await setStatus(trx, reservation.id, { status: 'cancelled', at: now, reason: FORNADA_MESSAGES.cancelledReason });
      await audit.record(deps, trx, {
        actorId: seller.id,
        action: AUDIT_ACTIONS.orderCancelled,
        targetType: 'order',
        targetId: reservation.id,
        before: { status: 'approved' },
        after: { status: 'cancelled' },
        reason: FORNADA_MESSAGES.cancelledReason,
      });
    }
    await fornadas.markCancelled(trx, id, now);
    const text = FORNADA_NOTIFICATIONS.cancelled({ sellerName: seller.fullName, listingTitle: row.listing_title, day: row.day });
    for (const { userId, orderId } of reserversOf(reservations)) {
      await notify(deps, trx, { userId, type: 'order_status', relatedId: orderId, ...text });
    }
    await recordOnDish(deps, trx, {
      actorId: seller.id,
      action: AUDIT_ACTIONS.fornadaCancelled,
      row,
      before: { day: row.day, portions: row.portions, remaining: row.remaining },
      after: { cancelledReservations: reservations.length },
    });
  });
  return { message: FORNADA_MESSAGES.cancelled };
}

/** A batch with its dish's title, for its seller only. */
async function sellersFornada(db: Db, sellerId: string, id: string) {
  const row = await fornadas.findWithTitle(db, id);
  if (!row) throw new AppError('NOT_FOUND', FORNADA_MESSAGES.notFound);
  if (row.seller_id !== sellerId) throw new AppError('FORBIDDEN', FORNADA_MESSAGES.notSeller);
  return row;
}

/** 'Lista da fornada': who reserved how many, delivery or pickup, and the totals. */
export async function orderList(deps: AppDeps, sellerId: string, id: string): Promise<FornadaOrderList> {
  const fornada = await sellersFornada(deps.db, sellerId, id);
  const rows = await fornadas.listReservations(deps.db, id);
  return {
    fornada: { ...toFornada(fornada), listingTitle: fornada.listing_title },
    items: rows.map((row) => ({
      orderId: row.id,
      fullName: row.full_name,
      apartment: row.apartment,
      quantity: row.quantity,
      deliveryMethod: row.delivery_method,
      deliveryAddress: row.delivery_address,
      totalCents: row.total_cents,
      status: row.status,
    })),
    totalPortions: rows.reduce((sum, row) => sum + row.quantity, 0),
    totalCents: rows.reduce((sum, row) => sum + row.total_cents, 0),
  };
}

/** 'Marcar todas como entregues': every approved reservation of the batch, in one transaction; each requester is told. */
export async function markAllDelivered(deps: AppDeps, sellerId: string, id: string) {
  const count = await deps.db.transaction().execute(async (trx) => {
    await sellersFornada(trx, sellerId, id);
    const approved = await fornadas.lockApprovedReservations(trx, id);
    if (!approved.length) throw new AppError('CONFLICT', FORNADA_MESSAGES.nothingToDeliver);
    for (const order of approved) await markDeliveredIn(deps, trx, { ownerId: sellerId, orderId: order.id });
    return approved.length;
  });
  return { message: FORNADA_MESSAGES.allDelivered(count) };
}

// ---- Residents ----

/** The batches of a dish still ahead (the seller also sees last week's), and whether the caller follows its seller. */
export async function ofListing(deps: AppDeps, viewer: BlockView & { id: string }, listingId: string): Promise<ListingFornadas> {
  const listing = await fornadas.findListingSeller(deps.db, listingId);
  if (!listing) throw new AppError('NOT_FOUND', FORNADA_MESSAGES.listingNotFound);
  refuseIfHidden(viewer, listing.user_id, { code: 'NOT_FOUND', message: FORNADA_MESSAGES.listingNotFound });
  const isSeller = listing.user_id === viewer.id;
  const today = deps.clock.today();
  const [rows, following] = await Promise.all([
    fornadas.listOfListing(deps.db, listingId, isSeller ? addDays(today, -SELLER_PAST_DAYS) : today),
    isSeller ? Promise.resolve(false) : fornadas.isFollowing(deps.db, listing.user_id, viewer.id),
  ]);
  return { sellerId: listing.user_id, isSeller, following, fornadas: rows.map(toFornada) };
}

/** The food cards: for each dish with a batch ahead, its portions left and whether it still takes reservations. */
export async function forCards(deps: AppDeps, listingIds: readonly string[]): Promise<FornadaCards> {
  if (!listingIds.length) return [];
  const now = deps.clock.now();
  const rows = await fornadas.listNextForListings(deps.db, listingIds, deps.clock.today());
  return rows.map((row) => ({
    listingId: row.listing_id,
    remaining: row.remaining,
    takingReservations: isTakingReservations({ closedAt: row.closed_at, orderDeadline: row.order_deadline }, now),
  }));
}

/** Why a reservation the trigger refused was refused, in the resident's words. */
async function refusal(deps: AppDeps, error: unknown, fornadaId: string): Promise<AppError | null> {
  if (isConstraintViolation(error, CHECK_VIOLATION, 'fornadas_closed')) return new AppError('CONFLICT', FORNADA_MESSAGES.closed);
  if (!isConstraintViolation(error, CHECK_VIOLATION, 'fornadas_sold_out')) return null;
  const left = await fornadas.findRemaining(deps.db, fornadaId);
  const remaining = left?.remaining ?? 0;
  return new AppError('CONFLICT', remaining === 0 ? FORNADA_MESSAGES.soldOut : FORNADA_MESSAGES.notEnough(remaining));
}

/**
 * A reservation of `quantity` portions: an approved order of the dish in the batch.
 * The checks here give early messages; the insert's trigger is the guarantee (never
 * more portions than the batch has, never after the deadline on the app's clock). The
 * seller's notice and the audit entry are written before the insert, so the batch's row
 * stays locked only for the insert and the commit.
 */
export async function reserve(deps: AppDeps, requester: BlockView & { id: string; fullName: string }, input: ReserveFornadaInput) {
  await limitRate(deps, { name: 'ordersPerUser', subject: requester.id });
  const now = deps.clock.now();
  const fornada = await fornadas.findForReservation(deps.db, input.fornadaId, now);
  if (!fornada) throw new AppError('NOT_FOUND', FORNADA_MESSAGES.notFound);
  if (fornada.seller_id === requester.id) throw new AppError('FORBIDDEN', FORNADA_MESSAGES.ownFornada);
  refuseIfHidden(requester, fornada.seller_id, { code: 'NOT_FOUND', message: FORNADA_MESSAGES.notFound });
  const tooMany = quantityError(input.quantity, fornada.max_portions);
  if (tooMany) throw new AppError('BAD_REQUEST', tooMany);
  const deliveryMethod = input.deliveryMethod ?? fornada.delivery_options[0] ?? 'pickup';
  if (!fornada.delivery_options.includes(deliveryMethod)) throw new AppError('BAD_REQUEST', ORDER_MESSAGES.deliveryNotOffered);
  if (deliveryMethod === 'delivery' && !input.deliveryAddress) throw new AppError('BAD_REQUEST', ORDER_MESSAGES.addressRequired);
  const id = randomUUID();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await notify(deps, trx, {
        userId: fornada.seller_id,
        type: 'order_status',
        relatedId: id,
        ...FORNADA_NOTIFICATIONS.reserved({ requesterName: requester.fullName, listingTitle: fornada.title, quantity: input.quantity }),
      });
      await audit.record(deps, trx, {
        actorId: requester.id,
        action: AUDIT_ACTIONS.orderCreated,
        targetType: 'order',
        targetId: id,
        targetLabel: fornada.title,
        after: { listingId: fornada.listing_id, ownerId: fornada.seller_id, fornadaId: fornada.id, quantity: input.quantity },
      });
      // Last, and held with the notice and the record: the whole reservation is one statement, the batch's row locked only while it runs.
      await fornadas.insertReservation(trx, {
        id,
        fornadaId: fornada.id,
        listingId: fornada.listing_id,
        sellerId: fornada.seller_id,
        requesterId: requester.id,
        quantity: input.quantity,
        totalCents: fornada.price_cents * input.quantity,
        deliveryMethod,
        deliveryAddress: deliveryMethod === 'delivery' ? input.deliveryAddress : null,
        startsAt: fornada.starts_at,
        message: input.message,
        at: now,
      });
    });
  } catch (error) {
    throw (await refusal(deps, error, fornada.id)) ?? error;
  }
  return { orderId: id, message: FORNADA_MESSAGES.reserved };
}

/** 'Avise-me das próximas fornadas' (or no longer): the caller follows an active resident's batches. */
export async function follow(deps: AppDeps, viewer: BlockView & { id: string }, { sellerId, following }: { sellerId: string; following: boolean }) {
  if (!following) {
    await fornadas.unfollow(deps.db, sellerId, viewer.id);
    return { following: false, message: FORNADA_MESSAGES.unfollowed };
  }
  if (sellerId === viewer.id) throw new AppError('BAD_REQUEST', FORNADA_MESSAGES.followSelf);
  refuseIfHidden(viewer, sellerId, { code: 'NOT_FOUND', message: FORNADA_MESSAGES.sellerNotFound });
  if (!(await fornadas.isActiveSeller(deps.db, sellerId))) throw new AppError('NOT_FOUND', FORNADA_MESSAGES.sellerNotFound);
  await fornadas.follow(deps.db, sellerId, viewer.id, deps.clock.now());
  return { following: true, message: FORNADA_MESSAGES.followed };
}

// ---- Jobs ----

/** Closes every batch whose deadline passed (reservations already stop at the deadline) and tells its seller, once. */
export async function closeDueFornadas(deps: AppDeps): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const closed = await fornadas.closeDue(trx, deps.clock.now());
    for (const row of closed) {
      await notify(deps, trx, {
        userId: row.seller_id,
        type: 'fornada_closed',
        relatedId: row.id,
        dedupeKey: `fornada-closed:${row.id}`,
        ...FORNADA_NOTIFICATIONS.closed({ listingTitle: row.listing_title, reservedPortions: row.portions - row.remaining, portions: row.portions }),
      });
    }
    return closed.length;
  });
}

/** On a batch's day, from 08:00, everyone with a reservation still to be handed over is reminded, once. */
export async function sendFornadaReminders(deps: AppDeps): Promise<void> {
  const timeZone = deps.config.CONDO_TIMEZONE;
  if (localHour(timeZone, deps.clock.now()) < REMINDER_FROM_HOUR) return;
  const rows = await fornadas.listReservationsOfDay(deps.db, deps.clock.today());
  for (const row of rows) {
    await deps.db.transaction().execute(async (trx) => {
      if (!(await wants(deps, trx, { userId: row.renter_id, type: 'reminder_pickup' }))) return;
      await notify(deps, trx, {
        userId: row.renter_id,
        type: 'reminder_pickup',
        relatedId: row.id,
        dedupeKey: `fornada-day:${row.id}`,
        ...FORNADA_NOTIFICATIONS.reminder({ listingTitle: row.listing_title, when: windowText(row.starts_at, row.ends_at, timeZone) }),
      });
    });
  }
}
