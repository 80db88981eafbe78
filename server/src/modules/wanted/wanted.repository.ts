import { sql } from 'kysely';
import type { ListingType } from '@vizinhanca/shared/listings/listing.schema';
import type { WantedFields } from '@vizinhanca/shared/wanted/wanted.schema';
import type { Db } from '../../db/database.ts';
import { newestCreatedPage } from '../../db/paging.ts';
import { isActiveResident } from '../../db/residents.ts';

const REQUEST_COLUMNS = [
  'r.id',
  'r.author_id',
  'r.type',
  'r.title',
  'r.description',
  'r.start_date',
  'r.end_date',
  'r.max_price_cents',
  'r.status',
  'r.renewals',
  'r.expires_at',
  'r.created_at',
  'u.full_name as author_full_name',
  'u.apartment as author_apartment',
  'u.avatar_url as author_avatar_url',
] as const;

/** Requests not deleted, with their author (alias u). */
function withAuthor(db: Db) {
  return db.selectFrom('wanted_requests as r').innerJoin('users as u', 'u.id', 'r.author_id').where('r.deleted_at', 'is', null);
}
type RequestQuery = ReturnType<typeof withAuthor>;

/**
 * Offers the viewer may count: the author counts those they were told of; anyone else
 * only their own. Offers from people a block stands between are left out either way.
 */
function offerCount(viewerId: string, hiddenIds: readonly string[]) {
  const hidden = hiddenIds.length ? sql`AND o.offerer_id NOT IN (${sql.join(hiddenIds)})` : sql``;
  return sql<number>`(SELECT count(*)::int FROM wanted_offers o
    WHERE o.request_id = r.id ${hidden}
      AND (o.offerer_id = ${viewerId} OR (r.author_id = ${viewerId} AND o.notified_at IS NOT NULL)))`.as('offer_count');
}

/** Case-insensitive substring of the title or the description (% and _ typed are literal). */
function matching(query: RequestQuery, search: string | null): RequestQuery {
  if (!search) return query;
  const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return query.where((eb) => eb.or([eb('r.title', 'ilike', pattern), eb('r.description', 'ilike', pattern)]));
}

export interface WantedFilters {
  viewerId: string;
  /** People a block stands between the viewer and: their requests never show. */
  hiddenIds: readonly string[];
  search: string | null;
  type: ListingType | null;
  /** The viewer's own requests, in every state; otherwise everyone's open ones. */
  mine: boolean;
  cursor: string | null;
  limit: number;
  now: Date;
}

/** One page of requests, newest first. */
export function listRequests(db: Db, filters: WantedFilters) {
  let query = matching(withAuthor(db), filters.search);
  if (filters.mine) {
    query = query.where('r.author_id', '=', filters.viewerId);
  } else {
    query = query.where('r.status', '=', 'open').where('r.expires_at', '>', filters.now).where(isActiveResident);
    if (filters.hiddenIds.length) query = query.where('r.author_id', 'not in', filters.hiddenIds);
  }
  if (filters.type) query = query.where('r.type', '=', filters.type);
  const selected = query.select(REQUEST_COLUMNS).select(offerCount(filters.viewerId, filters.hiddenIds));
  return newestCreatedPage(selected, { table: 'wanted_requests', alias: 'r' }, filters).execute();
}

export type RequestRow = Awaited<ReturnType<typeof listRequests>>[number];

/** A request the viewer may open: their own in any state, anyone's open one whose author is an active resident. */
export function findVisible(db: Db, id: string, viewerId: string, hiddenIds: readonly string[]) {
  return withAuthor(db)
    .select(REQUEST_COLUMNS)
    .select(offerCount(viewerId, hiddenIds))
    .where('r.id', '=', id)
    .where((eb) => eb.or([eb('r.author_id', '=', viewerId), isActiveResident]))
    .executeTakeFirst();
}

/** The request about to change, locked: two changes of one request take turns. */
export function lockRequest(db: Db, id: string) {
  return db
    .selectFrom('wanted_requests')
    .select(['id', 'author_id', 'type', 'title', 'description', 'start_date', 'end_date', 'max_price_cents', 'status', 'renewals', 'expires_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

/** An open request as 'Eu tenho' and 'Denunciar' read it, with whether its author is an active resident. */
export function findForAnswer(db: Db, id: string) {
  return withAuthor(db)
    .select(['r.id', 'r.author_id', 'r.title', 'r.status', 'r.expires_at', 'u.full_name as author_full_name'])
    .select(sql<boolean>`u.approval_status = 'approved' AND NOT u.is_suspended`.as('author_active'))
    .where('r.id', '=', id)
    .executeTakeFirst();
}

function columnsOf(fields: WantedFields) {
  return {
    type: fields.type,
    title: fields.title,
    description: fields.description,
    start_date: fields.startDate,
    end_date: fields.endDate,
    max_price_cents: fields.maxPriceCents,
  };
}

export function insertRequest(db: Db, authorId: string, fields: WantedFields, at: { now: Date; expiresAt: Date }) {
  return db
    .insertInto('wanted_requests')
    .values({ author_id: authorId, ...columnsOf(fields), expires_at: at.expiresAt, created_at: at.now, updated_at: at.now })
    .returning('id')
    .executeTakeFirstOrThrow();
}

export function updateRequest(db: Db, id: string, fields: WantedFields, at: Date) {
  return db.updateTable('wanted_requests').set({ ...columnsOf(fields), updated_at: at }).where('id', '=', id).execute();
}

/** A renewal: the database refuses a second one (renewals at most 1). */
export function renewRequest(db: Db, id: string, expiresAt: Date, at: Date) {
  return db
    .updateTable('wanted_requests')
    .set((eb) => ({ expires_at: expiresAt, renewals: eb('renewals', '+', 1), updated_at: at }))
    .where('id', '=', id)
    .execute();
}

export function markFound(db: Db, id: string, at: Date) {
  return db.updateTable('wanted_requests').set({ status: 'found', found_at: at, updated_at: at }).where('id', '=', id).execute();
}

/** Soft delete: reports about it keep pointing at it; every screen stops showing it. */
export function softDelete(db: Db, id: string, at: Date) {
  return db.updateTable('wanted_requests').set({ deleted_at: at, updated_at: at }).where('id', '=', id).execute();
}

/** The neighbour's listing offered for a request: theirs, not deleted, with whether neighbours can see it now. */
export function findOfferedListing(db: Db, listingId: string, now: Date) {
  return db
    .selectFrom('listings as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .select(['l.id', 'l.user_id', 'l.title', 'l.status'])
    .select(sql<boolean>`l.status = 'active' AND l.expires_at > ${now} AND u.approval_status = 'approved' AND NOT u.is_suspended`.as('is_public'))
    .where('l.id', '=', listingId)
    .where('l.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** 'Eu tenho' once per listing and request: an offer already made returns nothing. */
export function insertOffer(db: Db, offer: { requestId: string; listingId: string; offererId: string; at: Date; notifiedAt: Date | null }) {
  return db
    .insertInto('wanted_offers')
    .values({ request_id: offer.requestId, listing_id: offer.listingId, offerer_id: offer.offererId, created_at: offer.at, notified_at: offer.notifiedAt })
    .onConflict((oc) => oc.columns(['request_id', 'listing_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Offers of a listing whose author was not told yet (it waited for approval), marked told, with what the notice says. */
export function takeUntoldOffersOf(db: Db, listingId: string, at: Date) {
  return db
    .updateTable('wanted_offers as o')
    .set({ notified_at: at })
    .from(['wanted_requests as r', 'listings as l', 'users as u'])
    .whereRef('r.id', '=', 'o.request_id')
    .whereRef('l.id', '=', 'o.listing_id')
    .whereRef('u.id', '=', 'o.offerer_id')
    .where('o.listing_id', '=', listingId)
    .where('o.notified_at', 'is', null)
    .where('r.deleted_at', 'is', null)
    .returning(['o.request_id', 'r.author_id', 'r.title as request_title', 'l.title as listing_title', 'u.full_name as offerer_full_name'])
    .execute();
}

/**
 * The offers of a request the viewer may see: the author, those they were told of; anyone else,
 * their own (a new listing waiting for approval included). Never those of hidden people.
 */
export function listOffers(db: Db, requestId: string, viewer: { id: string; isAuthor: boolean; hiddenIds: readonly string[] }, now: Date) {
  let query = db
    .selectFrom('wanted_offers as o')
    .innerJoin('listings as l', 'l.id', 'o.listing_id')
    .innerJoin('users as u', 'u.id', 'o.offerer_id')
    .select(['o.id', 'o.created_at', 'o.notified_at', 'l.id as listing_id', 'l.type', 'l.title', 'l.price_cents', 'l.price_unit', 'l.status'])
    .select(['u.id as offerer_id', 'u.full_name as offerer_full_name', 'u.apartment as offerer_apartment', 'u.avatar_url as offerer_avatar_url'])
    .select(
      sql<boolean>`l.status = 'active' AND l.deleted_at IS NULL AND l.expires_at > ${now} AND u.approval_status = 'approved' AND NOT u.is_suspended`.as('is_public'),
    )
    .where('o.request_id', '=', requestId)
    .where('l.deleted_at', 'is', null);
  query = viewer.isAuthor ? query.where('o.notified_at', 'is not', null) : query.where('o.offerer_id', '=', viewer.id);
  if (viewer.hiddenIds.length) query = query.where('o.offerer_id', 'not in', viewer.hiddenIds);
  return query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').execute();
}

/** Anonymisation: the person's requests leave every screen with nothing they wrote (their ids returned); their offers go. */
export async function eraseAllOfAuthor(db: Db, userId: string, texts: { title: string }, at: Date) {
  const rows = await db
    .updateTable('wanted_requests')
    .set({ title: texts.title, description: '', deleted_at: sql`coalesce(deleted_at, ${at})`, updated_at: at })
    .where('author_id', '=', userId)
    .returning('id')
    .execute();
  await db.deleteFrom('wanted_offers').where('offerer_id', '=', userId).execute();
  return rows.map((row) => row.id);
}
