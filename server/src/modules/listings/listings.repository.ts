import { CompiledQuery, sql } from 'kysely';
import type { ListingFields, ListingFilter, ListingSort, ListingStatus, ListingType, PausedBy } from '@vizinhanca/shared/listings/listing.schema';
import { pickColumns } from '../../db/columns.ts';
import { countRows } from '../../db/count.ts';
import { type Db, prepared } from '../../db/database.ts';
import { compiledOnce } from '../../db/query-templates.ts';
import { newestCreatedPage } from '../../db/paging.ts';
import { isActiveResident } from '../../db/residents.ts';

/** A listing's photo as the photos column carries it (the URLs derive from the id). */
export interface PhotoRow {
  id: string;
  width: number;
  height: number;
}

/**
 * Every photo of the row's listing in order, with its proportions, as one JSON
 * array: a correlated subquery on the primary key (listing_id, position),
 * evaluated only for the rows a query returns.
 */
const photosColumn = sql<PhotoRow[]>`(
  SELECT coalesce(json_agg(json_build_object('id', p.image_id, 'width', i.width, 'height', i.height) ORDER BY p.position), '[]'::json)
  FROM listing_photos p JOIN images i ON i.id = p.image_id
  WHERE p.listing_id = l.id
)`.as('photos');

/**
 * What the public screens show of a listing (feed, search, detail, 'Salvos'), with the
 * owner's public data (never e-mail or CPF). Only what toPublic reads: every column more
 * is parsed for each of a page's 21 rows (the search's Node cost is mostly per row).
 */
const PUBLIC_LISTING_COLUMNS = [
  'l.id',
  'l.user_id',
  'l.type',
  'l.title',
  'l.description',
  'l.price_cents',
  'l.price_unit',
  'l.tags',
  'l.delivery_options',
  'l.requires_advance_order',
  'l.minimum_notice_hours',
  'l.max_portions',
  'l.pickup_from',
  'l.pickup_until',
  'l.deposit_cents',
  'l.status',
  'l.published_at',
  'l.expires_at',
  'u.full_name as owner_full_name',
  'u.apartment as owner_apartment',
  'u.phone as owner_phone',
  'u.avatar_url as owner_avatar_url',
  photosColumn,
] as const;

/** Every column the owner's and the moderators' screens show: the public ones and the moderation fields. */
const LISTING_COLUMNS = [...PUBLIC_LISTING_COLUMNS, 'l.paused_by', 'l.rejection_reason', 'l.created_at', 'l.updated_at'] as const;

/**
 * The owner's rating as lender: the sum and count of their revealed reviews, kept on
 * their users row by the reviews triggers (migration 2026_12_20_0001), so a page reads
 * two columns of a row it joins anyway.
 */
const OWNER_RATING_COLUMNS = ['u.rating_sum as owner_rating_sum', 'u.rating_count as owner_rating_count'] as const;

export type ListingRow = NonNullable<Awaited<ReturnType<typeof findListing>>>;
export type PublicListingRow = NonNullable<Awaited<ReturnType<typeof findPublic>>>;

/** Listings that are not deleted, joined to their owner. */
function withOwner(db: Db) {
  return db.selectFrom('listings as l').innerJoin('users as u', 'u.id', 'l.user_id').where('l.deleted_at', 'is', null);
}
type ListingQuery = ReturnType<typeof withOwner>;

/**
 * What neighbours may see (docs/product.md): active, not expired, and the owner
 * approved and not suspended. The constants are literals in the text, so a generic
 * plan is costed with them as a custom one is (decision 048).
 */
function onlyPublic(query: ListingQuery, now: Date): ListingQuery {
  return query
    .where('l.status', '=', sql.lit('active'))
    .where('l.expires_at', '>', now)
    .where(isActiveResident);
}

/** The ILIKE pattern of a search: %, _ and \ typed by the user are literal characters, not wildcards. */
function searchPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** Case-insensitive substring on title or description; the trigram indexes serve ILIKE '%term%'. */
function matchingPattern(query: ListingQuery, pattern: string | null): ListingQuery {
  if (pattern === null) return query;
  return query.where((eb) => eb.or([eb('l.title', 'ilike', pattern), eb('l.description', 'ilike', pattern)]));
}

function matching(query: ListingQuery, search: string | null): ListingQuery {
  return matchingPattern(query, search ? searchPattern(search) : null);
}

export interface FeedFilters {
  type: ListingType | null;
  search: string | null;
  /** One neighbour's listings; left out for everyone's. */
  ownerId?: string | null;
  filter: ListingFilter;
  /** Newest first when left out. */
  sort?: ListingSort;
  cursor: string | null;
  limit: number;
  now: Date;
  /** Today in the condominium's time zone ('YYYY-MM-DD'), for the 'available' chip. */
  today: string;
}

/** The values a feed query sends as parameters; which clauses it has comes from FeedFilters. */
interface FeedValues {
  now: Date;
  type: ListingType | null;
  ownerId: string | null;
  today: string;
  pattern: string | null;
  cursor: string | null;
  fetched: number;
}

function feedValues(filters: FeedFilters): FeedValues {
  return {
    now: filters.now,
    type: filters.type,
    ownerId: filters.ownerId ?? null,
    today: filters.today,
    pattern: filters.search ? searchPattern(filters.search) : null,
    cursor: filters.cursor,
    fetched: filters.limit + 1,
  };
}

/**
 * The public feed, newest first, paged by (published_at, id) after the cursor's
 * row. The cursor is the last listing's id: the comparison reads its
 * published_at from the table, so no timestamp is rounded through JavaScript.
 * Fetches limit + 1 rows to know whether there is a next page.
 * Exported unexecuted so the search performance test can EXPLAIN the real query.
 */
export function publicFeedQuery(db: Db, filters: FeedFilters) {
  return feedQuery(db, filters, feedValues(filters));
}

/** The feed's query with the clauses `filters` asks for and the parameters of `values`. */
function feedQuery(db: Db, filters: FeedFilters, values: FeedValues) {
  let query = onlyPublic(withOwner(db), values.now);
  if (filters.type) query = query.where('l.type', '=', values.type!);
  if (filters.ownerId) query = query.where('l.user_id', '=', values.ownerId!);
  if (filters.filter === 'ready') query = query.where('l.requires_advance_order', '=', sql.lit(false));
  if (filters.filter === 'advance') query = query.where('l.requires_advance_order', '=', sql.lit(true));
  // 'available': a rental is out while an order is in progress (picked up, not
  // returned yet) or approved for a period that covers today; services can always be ordered.
  if (filters.filter === 'available') {
    const today = values.today;
    query = query.where((eb) =>
      eb.or([
        eb('l.type', '<>', sql.lit('rental')),
        eb.not(
          eb.exists(
            eb
              .selectFrom('orders as o')
              .select('o.id')
              .whereRef('o.listing_id', '=', 'l.id')
              .where((oe) =>
                oe.or([
                  oe('o.status', '=', sql.lit('in_progress')),
                  oe.and([oe('o.status', '=', sql.lit('approved')), oe('o.start_date', '<=', today), oe('o.end_date', '>=', today)]),
                ]),
              ),
          ),
        ),
      ]),
    );
  }
  query = matchingPattern(query, filters.search ? values.pattern : null);
  const sort = filters.sort ?? 'newest';
  const cursor = filters.cursor ? values.cursor : null;
  // What the feed cache needs to know which part of the order a page read (feed-cache.ts, spanOf): the cursor
  // row's keys, read once per statement, and in the rating order each row's owner_rating. Searches are not cached.
  const selected = query
    .select(PUBLIC_LISTING_COLUMNS)
    .select(OWNER_RATING_COLUMNS)
    .$if(!filters.search && sort === 'rating', (qb) => qb.select('l.owner_rating'))
    .$if(!filters.search && cursor !== null, (qb) =>
      qb.select(
        sql<string | null>`(SELECT (extract(epoch FROM c.published_at) * 1000)::text || ';' || c.price_cents::text || ';' || c.owner_rating::text FROM listings c WHERE c.id = ${cursor})`.as('cursor_key'),
      ),
    );
  // Keyset pages in every order: the cursor's row is read from the table, ties broken by id.
  if (sort === 'price_asc' || sort === 'price_desc') {
    const direction = sort === 'price_asc' ? 'asc' : 'desc';
    const after = sort === 'price_asc' ? sql.raw('>') : sql.raw('<');
    return (cursor ? selected.where(sql<boolean>`(l.price_cents, l.id) ${after} (SELECT c.price_cents, c.id FROM listings c WHERE c.id = ${cursor})`) : selected)
      .orderBy('l.price_cents', direction)
      .orderBy('l.id', direction)
      .limit(values.fetched);
  }
  if (sort === 'rating') {
    // The owner's mean as lender (revealed reviews; 0 unrated, so last), then newest:
    // listings.owner_rating is kept by the reviews triggers and listings_rating_idx serves it.
    const withCursor = cursor
      ? selected.where(sql<boolean>`(l.owner_rating, l.published_at, l.id) < (SELECT c.owner_rating, c.published_at, c.id FROM listings c WHERE c.id = ${cursor})`)
      : selected;
    return withCursor.orderBy('l.owner_rating', 'desc').orderBy('l.published_at', 'desc').orderBy('l.id', 'desc').limit(values.fetched);
  }
  const newest = cursor ? selected.where(sql<boolean>`(l.published_at, l.id) < (SELECT c.published_at, c.id FROM listings c WHERE c.id = ${cursor})`) : selected;
  return newest.orderBy('l.published_at', 'desc').orderBy('l.id', 'desc').limit(values.fetched);
}

type FeedRow = Awaited<ReturnType<ReturnType<typeof publicFeedQuery>['execute']>>[number];

/** Stands for a value in a template's parameters: a parameter slot, or a constant of the query itself. */
type TemplateParameter = { slot: keyof FeedValues } | { constant: unknown };

/** A feed query compiled once per shape: its SQL text and where each parameter comes from. */
interface FeedTemplate {
  sql: string;
  parameters: TemplateParameter[];
}

/** Markers built into a template in place of the values, each told apart by identity. */
const FEED_MARKERS: Record<keyof FeedValues, string> = {
  now: '\u0000feed:now',
  type: '\u0000feed:type',
  ownerId: '\u0000feed:ownerId',
  today: '\u0000feed:today',
  pattern: '\u0000feed:pattern',
  cursor: '\u0000feed:cursor',
  fetched: '\u0000feed:fetched',
};
const SLOT_OF_MARKER = new Map(Object.entries(FEED_MARKERS).map(([slot, marker]) => [marker, slot as keyof FeedValues]));

/** The clauses a feed query has: a query of this shape differs from another of it only in its parameters. */
function feedShape(filters: FeedFilters): string {
  return [filters.type ? 't' : '', filters.ownerId ? 'o' : '', filters.filter, filters.sort ?? 'newest', filters.cursor ? 'c' : '', filters.search ? 's' : ''].join('|');
}

const feedTemplates = new Map<string, FeedTemplate>();

/**
 * The feed's compiled query, as `publicFeedQuery(db, filters).compile()` gives it (a test holds
 * them equal for every shape): Kysely builds and compiles each shape once (a builder per clause,
 * a tree walked into text: about as much CPU as a page's rows cost to map), and each request
 * only puts its values in the template's parameters.
 */
export function compiledFeedQuery(db: Db, filters: FeedFilters): CompiledQuery<FeedRow> {
  const shape = feedShape(filters);
  let template = feedTemplates.get(shape);
  if (!template) {
    const compiled = feedQuery(db, filters, FEED_MARKERS as unknown as FeedValues).compile();
    const parameters = compiled.parameters.map((value): TemplateParameter => {
      const slot = typeof value === 'string' ? SLOT_OF_MARKER.get(value) : undefined;
      return slot ? { slot } : { constant: value };
    });
    template = { sql: compiled.sql, parameters };
    feedTemplates.set(shape, template);
  }
  const values = feedValues(filters);
  return CompiledQuery.raw(
    template.sql,
    template.parameters.map((parameter) => ('slot' in parameter ? values[parameter.slot] : parameter.constant)),
  ) as CompiledQuery<FeedRow>;
}

/**
 * Whether a feed page is read on the feed's pool, which plans it once for any values (decisions 048, 050):
 * every page without a search. Each filter and sort, of one type, of one neighbour or of every type, has an
 * index in its order, and its generic plan ran as fast as the custom ones on 100,000 listings; a search's
 * best plan depends on its term.
 */
export function readsOnFeedPool(filters: Pick<FeedFilters, 'search'>): boolean {
  return !filters.search;
}

/**
 * A named statement (see `prepared`) without a search: its plan does not depend on the
 * values (the service reads them on the feed's pool: readsOnFeedPool). A search stays
 * unnamed: the best plan for ILIKE '%term%' depends on the term (a generic plan was 3x
 * slower at 10,000 listings).
 */
export async function listPublic(db: Db, filters: FeedFilters): Promise<FeedRow[]> {
  const compiled = compiledFeedQuery(db, filters);
  return filters.search ? (await db.executeQuery(compiled)).rows : prepared(db, { compile: () => compiled });
}

export async function findPublic(db: Db, id: string, now: Date) {
  const [row] = await prepared(db, onlyPublic(withOwner(db), now).select(PUBLIC_LISTING_COLUMNS).select(OWNER_RATING_COLUMNS).where('l.id', '=', id));
  return row;
}

/**
 * A public listing about to be ordered, locked until the order is written.
 * Requests for one listing take turns, so the overlap check sees the orders
 * committed before it (the exclusion constraint stays the guarantee; without
 * the turn, two backends inserting conflicting rows into its index can wait
 * for each other and one is aborted as a deadlock). The owner cannot pause,
 * edit or delete the listing halfway through either. NO KEY UPDATE leaves the
 * foreign-key checks of other tables free.
 */
export function publicForOrderQuery(db: Db, values: { id: string; now: Date }) {
  return onlyPublic(withOwner(db), values.now)
    .select(['l.id', 'l.user_id', 'l.type', 'l.title', 'l.price_cents', 'l.price_unit', 'l.delivery_options', 'l.requires_advance_order', 'l.minimum_notice_hours', 'l.max_portions', 'l.pickup_from', 'l.pickup_until', 'l.deposit_cents'])
    .where('l.id', '=', values.id)
    .forNoKeyUpdate('l');
}

export async function findPublicForOrder(db: Db, id: string, now: Date) {
  const [row] = await prepared(db, compiledOnce('listings.publicForOrder', { id, now }, (values) => publicForOrderQuery(db, values)));
  return row;
}

/** The profile's listings counter: every own listing that is not deleted. */
export function countByOwner(db: Db, userId: string) {
  return countRows(db.selectFrom('listings').where('user_id', '=', userId).where('deleted_at', 'is', null));
}

/** Any listing that is not deleted, whatever its status (owner and moderation screens). */
export function findListing(db: Db, id: string) {
  return withOwner(db).select(LISTING_COLUMNS).where('l.id', '=', id).executeTakeFirst();
}

/** Locks the row for a state change, so two decisions on one listing happen one after the other. */
export function findForUpdate(db: Db, id: string) {
  return db
    .selectFrom('listings')
    .select(['id', 'user_id', 'type', 'title', 'description', 'price_cents', 'price_unit', 'deposit_cents', 'status', 'paused_by', 'expires_at'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export function countPublicByType(db: Db, now: Date) {
  return onlyPublic(withOwner(db), now)
    .select((eb) => ['l.type', eb.fn.countAll<string>().as('count')])
    .groupBy('l.type')
    .execute();
}

export function listByOwner(db: Db, userId: string) {
  return withOwner(db).select(LISTING_COLUMNS).where('l.user_id', '=', userId).orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').execute();
}

export interface ModerationFilters {
  search: string | null;
  type: ListingType | null;
  status: ListingStatus | null;
  cursor: string | null;
  limit: number;
}

/** Every listing that is not deleted, newest created first, for admins and moderators. */
export function listForModeration(db: Db, filters: ModerationFilters) {
  let query = matching(withOwner(db), filters.search);
  if (filters.type) query = query.where('l.type', '=', filters.type);
  if (filters.status) query = query.where('l.status', '=', filters.status);
  return newestCreatedPage(query.select(LISTING_COLUMNS), { table: 'listings', alias: 'l' }, filters).execute();
}

/**
 * Where a pending listing goes in the queue: the ones submitted before `overdueSince` (past
 * 24 business hours) first, longest waiting first, then the rest newest first. One number
 * per row, so a page continues after the cursor's row by (key, id).
 */
function pendingQueueKey(alias: string, overdueSince: Date) {
  const submitted = sql.ref(`${alias}.updated_at`);
  return sql<number>`CASE WHEN ${submitted} <= ${overdueSince} THEN extract(epoch FROM ${submitted}) - 1e11 ELSE -extract(epoch FROM ${submitted}) END`;
}

/** Pending listings for the pendencies: late ones first (see pendingQueueKey). */
export function listPendingQueue(db: Db, filters: { search: string | null; cursor: string | null; limit: number }, overdueSince: Date) {
  let query = matching(withOwner(db), filters.search).where('l.status', '=', 'pending');
  if (filters.cursor) {
    query = query.where(
      sql<boolean>`(${pendingQueueKey('l', overdueSince)}, l.id) > (SELECT ${pendingQueueKey('c', overdueSince)}, c.id FROM listings c WHERE c.id = ${filters.cursor})`,
    );
  }
  return query
    .select(LISTING_COLUMNS)
    .orderBy(pendingQueueKey('l', overdueSince))
    .orderBy('l.id')
    .limit(filters.limit + 1)
    .execute();
}

export function countPending(db: Db) {
  return countRows(db.selectFrom('listings').where('status', '=', 'pending').where('deleted_at', 'is', null));
}

/** The columns the owner's editable fields fill (the type is set once, at creation; the photos live in listing_photos). */
function editableColumns(fields: ListingFields) {
  return pickColumns(fields, ['title', 'description', 'priceCents', 'priceUnit', 'tags', 'deliveryOptions', 'requiresAdvanceOrder', 'minimumNoticeHours', 'maxPortions', 'pickupFrom', 'pickupUntil', 'depositCents']);
}

/** Where a listing written with a past stands, and since when (the demo seed); a new one is pending. */
export interface ListingHistory {
  status: ListingStatus;
  publishedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
  /** The last change: the approval of a published one, the submission of a pending one ('Enviado em'). */
  updatedAt: Date;
}

/** `at`: the submission, on the app's clock (a listing written with a past takes its history's dates). */
export function insertListing(db: Db, userId: string, fields: ListingFields, at: Date, history?: ListingHistory) {
  return db
    .insertInto('listings')
    .values({
      user_id: userId,
      type: fields.type,
      ...editableColumns(fields),
      status: history?.status ?? 'pending',
      created_at: history?.createdAt ?? at,
      updated_at: history?.updatedAt ?? at,
      ...(history ? { published_at: history.publishedAt, expires_at: history.expiresAt } : {}),
    })
    .returning(['id'])
    .executeTakeFirstOrThrow();
}

/** The editable fields; the type never changes. `at` (the app's clock) is what 'Enviado em' reads of one sent back to review. */
export function updateFields(db: Db, id: string, fields: ListingFields, status: ListingStatus, pausedBy: PausedBy | null, at: Date) {
  return db
    .updateTable('listings')
    .set({
      ...editableColumns(fields),
      status,
      paused_by: pausedBy,
      // A listing sent back to review starts clean; a rejection reason belongs to the old content.
      rejection_reason: null,
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

export interface StatusChange {
  status: ListingStatus;
  pausedBy: PausedBy | null;
  rejectionReason?: string | null;
  publishedAt?: Date;
  expiresAt?: Date;
  /** The change's moment, on the app's clock. */
  at: Date;
}

export function setStatus(db: Db, id: string, change: StatusChange) {
  return db
    .updateTable('listings')
    .set({
      status: change.status,
      paused_by: change.pausedBy,
      ...(change.rejectionReason !== undefined ? { rejection_reason: change.rejectionReason } : {}),
      ...(change.publishedAt ? { published_at: change.publishedAt } : {}),
      ...(change.expiresAt ? { expires_at: change.expiresAt } : {}),
      updated_at: change.at,
    })
    .where('id', '=', id)
    .execute();
}

export function setExpiry(db: Db, id: string, expiresAt: Date, at: Date) {
  return db.updateTable('listings').set({ expires_at: expiresAt, updated_at: at }).where('id', '=', id).execute();
}

/** Owner-blocked days from this day on, in order. */
export function listBlockedDays(db: Db, listingId: string, from: string) {
  return db.selectFrom('listing_blocked_days').select('day').where('listing_id', '=', listingId).where('day', '>=', from).orderBy('day').execute();
}

/** Blocks these days at `at` (the app's clock); a day already blocked stays as it is. The trigger refuses a day an open order holds. */
export function insertBlockedDays(db: Db, listingId: string, days: string[], at: Date) {
  return db
    .insertInto('listing_blocked_days')
    .values(days.map((day) => ({ listing_id: listingId, day, created_at: at })))
    .onConflict((oc) => oc.columns(['listing_id', 'day']).doNothing())
    .returning('day')
    .execute()
    .then((rows) => rows.map((row) => row.day));
}

/** Whether the day was blocked (and now is not). */
export function deleteBlockedDay(db: Db, listingId: string, day: string) {
  return db
    .deleteFrom('listing_blocked_days')
    .where('listing_id', '=', listingId)
    .where('day', '=', day)
    .executeTakeFirstOrThrow()
    .then((result) => result.numDeletedRows > 0n);
}

export function isFavorite(db: Db, userId: string, listingId: string) {
  return db
    .selectFrom('favorites')
    .select('listing_id')
    .where('user_id', '=', userId)
    .where('listing_id', '=', listingId)
    .executeTakeFirst()
    .then(Boolean);
}

/** `at`: when it was saved, on the app's clock (the saved list is newest first). */
export function insertFavorite(db: Db, userId: string, listingId: string, at: Date) {
  return db.insertInto('favorites').values({ user_id: userId, listing_id: listingId, created_at: at }).onConflict((oc) => oc.columns(['user_id', 'listing_id']).doNothing()).execute();
}

export function deleteFavorite(db: Db, userId: string, listingId: string) {
  return db.deleteFrom('favorites').where('user_id', '=', userId).where('listing_id', '=', listingId).execute();
}

/** The user's saved listings that neighbours may still see, newest saved first. */
export function listFavorites(db: Db, userId: string, now: Date) {
  return onlyPublic(withOwner(db), now)
    .innerJoin('favorites as f', 'f.listing_id', 'l.id')
    .select(PUBLIC_LISTING_COLUMNS)
    .select(OWNER_RATING_COLUMNS)
    .where('f.user_id', '=', userId)
    .orderBy('f.created_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(100)
    .execute();
}

export function softDelete(db: Db, id: string, at: Date) {
  return db.updateTable('listings').set({ deleted_at: at, updated_at: at }).where('id', '=', id).execute();
}

/** The listing's photos (image ids), in order. */
export function listPhotoIds(db: Db, listingId: string) {
  return db
    .selectFrom('listing_photos')
    .select('image_id')
    .where('listing_id', '=', listingId)
    .orderBy('position')
    .execute()
    .then((rows) => rows.map((row) => row.image_id));
}

/**
 * Replaces the listing's photos with these, in this order (positions 0, 1, ...).
 * Deleted and written again rather than moved: a swap would collide on
 * (listing_id, position) halfway. The trigger keeps listings.image_id (the cover).
 */
export async function replacePhotos(db: Db, listingId: string, imageIds: string[]) {
  await db.deleteFrom('listing_photos').where('listing_id', '=', listingId).execute();
  if (imageIds.length === 0) return;
  await db
    .insertInto('listing_photos')
    .values(imageIds.map((imageId, position) => ({ listing_id: listingId, position, image_id: imageId })))
    .execute();
}

/** Active listings whose expiry falls between `from` and `until` (the expiry notices). */
export function listExpiringBetween(db: Db, from: Date, until: Date) {
  return db
    .selectFrom('listings')
    .select(['id', 'user_id', 'title', 'expires_at'])
    .where('status', '=', 'active')
    .where('deleted_at', 'is', null)
    .where('expires_at', '>', from)
    .where('expires_at', '<=', until)
    .orderBy('expires_at')
    .execute();
}

/** Moves one owner's listings in these statuses to another status; returns the ones it changed (id, title). */
export function setStatusOfOwner(
  db: Db,
  userId: string,
  change: { from: ListingStatus[]; fromPausedBy: PausedBy | null; to: ListingStatus; pausedBy: PausedBy | null; at: Date },
) {
  let query = db
    .updateTable('listings')
    .set({ status: change.to, paused_by: change.pausedBy, updated_at: change.at })
    .where('user_id', '=', userId)
    .where('status', 'in', change.from)
    .where('deleted_at', 'is', null);
  if (change.fromPausedBy) query = query.where('paused_by', '=', change.fromPausedBy);
  return query.returning(['id', 'title']).execute();
}

export function softDeleteByOwner(db: Db, userId: string, at: Date) {
  return db.updateTable('listings').set({ deleted_at: at, updated_at: at }).where('user_id', '=', userId).where('deleted_at', 'is', null).execute();
}

export function countAll(db: Db) {
  return countRows(db.selectFrom('listings').where('deleted_at', 'is', null));
}

/** People with listings (not deleted): total, active and the rest, for the Anunciantes section. */
export function advertisers(db: Db, cursor: string | null, limit: number) {
  let query = db
    .selectFrom('listings as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .where('l.deleted_at', 'is', null)
    .select((eb) => [
      'u.id',
      'u.full_name',
      'u.apartment',
      'u.avatar_url',
      'u.is_suspended',
      eb.fn.countAll<string>().as('total'),
      eb.fn.countAll<string>().filterWhere('l.status', '=', 'active').as('active'),
    ])
    .groupBy(['u.id', 'u.full_name', 'u.apartment', 'u.avatar_url', 'u.is_suspended']);
  if (cursor) query = query.where('u.id', '>', cursor);
  return query.orderBy('u.id').limit(limit + 1).execute();
}

export function countAdvertisers(db: Db) {
  return db
    .selectFrom('listings')
    .select(sql<string>`count(DISTINCT user_id)`.as('count'))
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow()
    .then((row) => Number(row.count));
}

/** Every listing that is not deleted, oldest first, streamed for the CSV export. */
export function streamForExport(db: Db) {
  return withOwner(db)
    .select(['l.id', 'l.type', 'l.title', 'l.price_cents', 'l.price_unit', 'l.status', 'l.paused_by', 'l.created_at', 'l.published_at', 'l.expires_at'])
    .select(['u.full_name as owner_full_name', 'u.apartment as owner_apartment'])
    .orderBy('l.created_at')
    .orderBy('l.id')
    .stream(1000);
}
