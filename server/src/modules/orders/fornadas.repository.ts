import { sql } from 'kysely';
import type { DeliveryOption } from '@vizinhanca/shared/listings/listing.schema';
import { type Db, prepared, writeLater } from '../../db/database.ts';
import { isActiveResident } from '../../db/residents.ts';
import { compiledOnce } from '../../db/query-templates.ts';

// Fornadas (batches of a food listing), their reservations (orders with fornada_id) and
// the residents who follow a seller. The batch's portions are taken by the orders
// trigger when a reservation is written (migration 2027_02_08_0701).

const FORNADA_COLUMNS = ['f.id', 'f.listing_id', 'f.seller_id', 'f.day', 'f.starts_at', 'f.ends_at', 'f.order_deadline', 'f.portions', 'f.remaining', 'f.closed_at'] as const;

/** The seller's food listing a batch is opened on, locked so it is not paused or deleted halfway through; null when it is not theirs to use. */
export function findListingForFornada(db: Db, listingId: string) {
  return db
    .selectFrom('listings as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.user_id', 'l.type', 'l.title', 'l.status', 'l.expires_at', 'u.full_name as seller_name'])
    .where('l.id', '=', listingId)
    .where('l.deleted_at', 'is', null)
    .forNoKeyUpdate('l')
    .executeTakeFirst();
}

export interface NewFornada {
  listingId: string;
  sellerId: string;
  day: string;
  startsAt: Date;
  endsAt: Date;
  orderDeadline: Date;
  portions: number;
  createdAt: Date;
}

export async function insertFornada(db: Db, fornada: NewFornada) {
  return db
    .insertInto('fornadas')
    .values({
      listing_id: fornada.listingId,
      seller_id: fornada.sellerId,
      day: fornada.day,
      starts_at: fornada.startsAt,
      ends_at: fornada.endsAt,
      order_deadline: fornada.orderDeadline,
      portions: fornada.portions,
      remaining: fornada.portions,
      created_at: fornada.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

/** Followers of a seller who hear of a new batch: active residents, neither side blocking the other. */
export function listFollowersToTell(db: Db, sellerId: string) {
  return db
    .selectFrom('fornada_followers as ff')
    .innerJoin('users as u', 'u.id', 'ff.follower_id')
    .select('ff.follower_id')
    .where('ff.seller_id', '=', sellerId)
    .where(isActiveResident)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_blocks as b')
            .select(sql.lit(1).as('one'))
            .where((inner) =>
              inner.or([
                inner.and([inner('b.blocker_id', '=', sellerId), inner('b.blocked_id', '=', inner.ref('ff.follower_id'))]),
                inner.and([inner('b.blocked_id', '=', sellerId), inner('b.blocker_id', '=', inner.ref('ff.follower_id'))]),
              ]),
            ),
        ),
      ),
    )
    .orderBy('ff.created_at')
    .execute();
}

export function reservationBatchQuery(db: Db, values: { fornadaId: string; now: Date }) {
  return db
    .selectFrom('fornadas as f')
    .innerJoin('listings as l', 'l.id', 'f.listing_id')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['f.id', 'f.listing_id', 'f.seller_id', 'f.starts_at', 'l.title', 'l.price_cents', 'l.delivery_options', 'l.max_portions'])
    .where('f.id', '=', values.fornadaId)
    .where('f.cancelled_at', 'is', null)
    .where('l.deleted_at', 'is', null)
    .where('l.status', '=', 'active')
    .where('l.expires_at', '>', values.now)
    .where(isActiveResident);
}

/**
 * A batch as a reservation needs it, with its dish as neighbours may see it (active,
 * not expired, the seller an active resident). No lock: the insert's trigger takes the
 * portions, so concurrent reservations wait for each other only there. Compiled once: every reservation reads it.
 */
export async function findForReservation(db: Db, fornadaId: string, now: Date) {
  const [row] = await prepared(db, compiledOnce('fornadas.forReservation', { fornadaId, now }, (values) => reservationBatchQuery(db, values)));
  return row;
}

export interface NewReservation {
  id: string;
  fornadaId: string;
  listingId: string;
  sellerId: string;
  requesterId: string;
  quantity: number;
  totalCents: number;
  deliveryMethod: DeliveryOption;
  deliveryAddress: string | null;
  startsAt: Date;
  message: string | null;
  at: Date;
}

export function insertReservationQuery(db: Db, r: NewReservation) {
  return db
    .insertInto('orders')
    .values({
      id: r.id,
      listing_id: r.listingId,
      owner_id: r.sellerId,
      renter_id: r.requesterId,
      fornada_id: r.fornadaId,
      status: 'approved',
      total_cents: r.totalCents,
      quantity: r.quantity,
      delivery_method: r.deliveryMethod,
      delivery_address: r.deliveryAddress,
      scheduled_at: r.startsAt,
      message: r.message,
      created_at: r.at,
      approved_at: r.at,
      updated_at: r.at,
    })
    .returning('id');
}

/**
 * The reservation, approved as it is written (the batch was the seller's offer). The
 * orders trigger takes its portions from the batch in this statement, or refuses it
 * ('fornadas_sold_out', 'fornadas_closed'). Its id is the caller's, so in a transaction it
 * waits for the commit with the other held writes (database.ts's writeLater): the batch's
 * row is then locked for that one statement only, and a refusal surfaces at the commit.
 * Compiled once.
 */
export function insertReservation(db: Db, r: NewReservation): Promise<void> {
  return writeLater(db, compiledOnce('fornadas.insertReservation', { ...r }, (values) => insertReservationQuery(db, values)));
}

/** Portions left and whether the batch still takes reservations (after a refusal: which message). */
export function findRemaining(db: Db, fornadaId: string) {
  return db.selectFrom('fornadas').select(['portions', 'remaining', 'closed_at', 'order_deadline']).where('id', '=', fornadaId).executeTakeFirst();
}

/** The batches of a dish from `fromDay` on that were not cancelled, soonest first. */
export function listOfListing(db: Db, listingId: string, fromDay: string) {
  return db
    .selectFrom('fornadas as f')
    .select(FORNADA_COLUMNS)
    .where('f.listing_id', '=', listingId)
    .where('f.day', '>=', fromDay)
    .where('f.cancelled_at', 'is', null)
    .orderBy('f.day')
    .execute();
}

/** The seller of a dish that is not deleted (the detail's follow button and the owner's view). */
export function findListingSeller(db: Db, listingId: string) {
  return db.selectFrom('listings').select(['id', 'user_id']).where('id', '=', listingId).where('deleted_at', 'is', null).executeTakeFirst();
}

export async function isFollowing(db: Db, sellerId: string, followerId: string) {
  const row = await db.selectFrom('fornada_followers').select('seller_id').where('seller_id', '=', sellerId).where('follower_id', '=', followerId).executeTakeFirst();
  return row !== undefined;
}

/** For each of these dishes, its next batch still ahead (from today): the food cards' 'Restam N porções'. */
export function listNextForListings(db: Db, listingIds: readonly string[], today: string) {
  return db
    .selectFrom('fornadas as f')
    .select(['f.listing_id', 'f.remaining', 'f.closed_at', 'f.order_deadline'])
    .distinctOn('f.listing_id')
    .where('f.listing_id', 'in', listingIds)
    .where('f.day', '>=', today)
    .where('f.cancelled_at', 'is', null)
    .orderBy('f.listing_id')
    .orderBy('f.day')
    .execute();
}

/** One batch with its dish's title (the service checks whose it is). */
export function findWithTitle(db: Db, id: string) {
  return db
    .selectFrom('fornadas as f')
    .innerJoin('listings as l', 'l.id', 'f.listing_id')
    .select(FORNADA_COLUMNS)
    .select('l.title as listing_title')
    .where('f.id', '=', id)
    .executeTakeFirst();
}

/** One batch of a seller, locked while they change or cancel it (reservations wait for it), with its dish's title. */
export function lockWithTitle(db: Db, id: string) {
  return db
    .selectFrom('fornadas as f')
    .innerJoin('listings as l', 'l.id', 'f.listing_id')
    .select(FORNADA_COLUMNS)
    .select(['f.cancelled_at', 'l.title as listing_title'])
    .where('f.id', '=', id)
    .forNoKeyUpdate('f')
    .executeTakeFirst();
}

export interface FornadaTermsChange {
  day: string;
  startsAt: Date;
  endsAt: Date;
  orderDeadline: Date;
  portions: number;
}

/** New terms of a batch; a change of portions recounts what is left from the standing reservations, or is refused below them ('fornadas_below_reserved'). */
export function updateTerms(db: Db, id: string, terms: FornadaTermsChange) {
  return db
    .updateTable('fornadas')
    .set({ day: terms.day, starts_at: terms.startsAt, ends_at: terms.endsAt, order_deadline: terms.orderDeadline, portions: terms.portions })
    .where('id', '=', id)
    .returning(['remaining'])
    .executeTakeFirstOrThrow();
}

/** The batch's reservations still to be handed over follow its new window. */
export function rescheduleReservations(db: Db, fornadaId: string, startsAt: Date, at: Date) {
  return db.updateTable('orders').set({ scheduled_at: startsAt, updated_at: at }).where('fornada_id', '=', fornadaId).where('status', '=', 'approved').execute();
}

/** 'Cancelar fornada': closed at once (if it was not) and off the dish's page and the cards. */
export function markCancelled(db: Db, id: string, at: Date) {
  return db
    .updateTable('fornadas')
    .set((eb) => ({ cancelled_at: at, closed_at: eb.fn.coalesce('closed_at', eb.val(at)) }))
    .where('id', '=', id)
    .execute();
}

/** 'Lista da fornada': the reservations still standing (not cancelled or rejected), oldest first (then by name), with who made them. */
export function listReservations(db: Db, fornadaId: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as r', 'r.id', 'o.renter_id')
    .select(['o.id', 'o.quantity', 'o.delivery_method', 'o.delivery_address', 'o.total_cents', 'o.status', 'r.full_name', 'r.apartment'])
    .where('o.fornada_id', '=', fornadaId)
    .where('o.status', 'not in', ['cancelled', 'rejected'])
    .orderBy('o.created_at')
    .orderBy('r.full_name')
    .orderBy('o.id')
    .execute();
}

/** The approved reservations of a batch, locked: the seller hands them all over at once, or cancels the batch. */
export function lockApprovedReservations(db: Db, fornadaId: string) {
  return db.selectFrom('orders').select(['id', 'renter_id']).where('fornada_id', '=', fornadaId).where('status', '=', 'approved').orderBy('id').forUpdate().execute();
}

export function follow(db: Db, sellerId: string, followerId: string, at: Date) {
  return db.insertInto('fornada_followers').values({ seller_id: sellerId, follower_id: followerId, created_at: at }).onConflict((oc) => oc.doNothing()).execute();
}

export function unfollow(db: Db, sellerId: string, followerId: string) {
  return db.deleteFrom('fornada_followers').where('seller_id', '=', sellerId).where('follower_id', '=', followerId).execute();
}

/** Whether this person can be followed: an active resident. */
export async function isActiveSeller(db: Db, sellerId: string) {
  const row = await db.selectFrom('users as u').select('u.id').where('u.id', '=', sellerId).where(isActiveResident).executeTakeFirst();
  return row !== undefined;
}

/** Batches whose deadline has passed and that were not closed yet, locked one run at a time (SKIP LOCKED: another instance takes the rest). */
export function closeDue(db: Db, now: Date) {
  return db
    .updateTable('fornadas as f')
    .set({ closed_at: now })
    .from('listings as l')
    .whereRef('l.id', '=', 'f.listing_id')
    .where('f.closed_at', 'is', null)
    .where('f.order_deadline', '<=', now)
    .returning(['f.id', 'f.seller_id', 'f.portions', 'f.remaining', 'l.title as listing_title'])
    .execute();
}

/** The reservations of batches on this day still to be handed over, with their dish: the day's reminder. */
export function listReservationsOfDay(db: Db, day: string) {
  return db
    .selectFrom('orders as o')
    .innerJoin('fornadas as f', 'f.id', 'o.fornada_id')
    .innerJoin('listings as l', 'l.id', 'f.listing_id')
    .select(['o.id', 'o.renter_id', 'f.starts_at', 'f.ends_at', 'l.title as listing_title'])
    .where('f.day', '=', day)
    .where('o.status', '=', 'approved')
    .orderBy('o.id')
    .execute();
}
