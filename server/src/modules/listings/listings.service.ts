import { overdueCutoff } from '@vizinhanca/shared/staff/pending-wait.rules';
import {
  LISTING_MESSAGES,
  PHOTOS_MAX,
  LISTING_NOTIFICATIONS,
  type ListingFields,
  type ListingPhoto,
  type ListingFilter,
  type ListingSort,
  type ListingStatus,
  type ListingType,
  type ManagedListing,
  type MyListings,
  type PublicListing,
  type PublicListingDetail,
  type PickupWindow,
} from '@vizinhanca/shared/listings/listing.schema';
import { approvedExpiry, isExpired, isInactive, renewedExpiry } from '@vizinhanca/shared/listings/listing.rules';
import { IMAGE_MESSAGES, imageUrl } from '@vizinhanca/shared/images/image.rules';
import { todayInTimeZone } from '@vizinhanca/shared/format/format';
import { ratingSummary } from '@vizinhanca/shared/reviews/review.rules';
import { findOwnListingImages } from '../images/images.service.ts';
import type { AppDeps } from '../../context.ts';
import { pageOf } from '../../db/paging.ts';
import type { Db } from '../../db/database.ts';
import { AppError, EXCLUSION_VIOLATION, isConstraintViolation } from '../../errors.ts';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import * as audit from '../audit/audit.service.ts';
import { renewOnRecord } from '../audit/renewal.ts';
import { notify } from '../notifications/notifications.service.ts';
import { notifyStaffOfPendingItem } from '../notifications/pending-items.ts';
import * as listings from './listings.repository.ts';
import { feedCacheOf, feedKey, type FeedPage, spanOf } from './feed-cache.ts';
import { feedPage } from './feed-page-text.ts';
import { refuseIfHidden, withoutHidden, type BlockView } from '../blocks/blocks.service.ts';
import * as wanted from '../wanted/wanted.service.ts';

// ---- Turning rows into what the API returns ----

function toPhoto(photo: listings.PhotoRow): ListingPhoto {
  return { id: photo.id, cardUrl: imageUrl(photo.id, 'card'), detailUrl: imageUrl(photo.id, 'detail'), width: photo.width, height: photo.height };
}

/** The pickup window as the screens show it ('17:00'): the database keeps seconds. */
export function pickupWindowOf(row: { pickup_from: string | null; pickup_until: string | null }): PickupWindow | null {
  return row.pickup_from && row.pickup_until ? { from: row.pickup_from.slice(0, 5), until: row.pickup_until.slice(0, 5) } : null;
}

function content(row: listings.ListingRow | listings.PublicListingRow) {
  const photos = row.photos.map(toPhoto);
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    description: row.description,
    priceCents: row.price_cents,
    priceUnit: row.price_unit,
    imageCardUrl: photos[0]?.cardUrl ?? null,
    imageDetailUrl: photos[0]?.detailUrl ?? null,
    photos,
    tags: row.tags,
    deliveryOptions: row.delivery_options,
    requiresAdvanceOrder: row.requires_advance_order,
    minimumNoticeHours: row.minimum_notice_hours,
    maxPortions: row.max_portions,
    pickupWindow: pickupWindowOf(row),
    depositCents: row.deposit_cents,
    owner: { id: row.user_id, fullName: row.owner_full_name, apartment: row.owner_apartment, phone: row.owner_phone, avatarUrl: row.owner_avatar_url },
  };
}

// toPublic and toManaged add their fields to content's object (keys in the schema's order, after
// content's): spreading it into a new literal cost V8 about 100 µs of CPU per feed page, this about 8.
function toPublic(row: listings.PublicListingRow): PublicListing {
  // Public rows are active, so they were approved: both dates are set (a CHECK guarantees it).
  return Object.assign(content(row), {
    status: row.status,
    publishedAt: row.published_at!,
    expiresAt: row.expires_at!,
    ownerRating: ratingSummary(row.owner_rating_sum, row.owner_rating_count),
  });
}

function toManaged(row: listings.ListingRow): ManagedListing {
  return Object.assign(content(row), {
    status: row.status,
    pausedBy: row.paused_by,
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    publishedAt: row.published_at,
    expiresAt: row.expires_at,
  });
}

// ---- Public screens ----

/**
 * One page of the feed (or a search, or one neighbour's listings) as this viewer may see
 * it: the page is the same for every neighbour (and cached), then listings of people a
 * block stands between the viewer and are taken out; a viewer without blocks gets the
 * cached page itself.
 */
export async function list(
  deps: AppDeps,
  viewer: BlockView,
  input: { type: ListingType | null; search: string | null; ownerId?: string | null; filter: ListingFilter; sort?: ListingSort; cursor: string | null; limit: number },
): Promise<FeedPage> {
  const now = deps.clock.now();
  // Only the 'available' chip reads today's date.
  const today = input.filter === 'available' ? todayInTimeZone(deps.config.CONDO_TIMEZONE, now) : '';
  // The feed without a search is the same for every neighbour: answered from this instance's cache (feed-cache.ts).
  const cache = input.search ? null : feedCacheOf(deps.bus);
  const key = cache ? feedKey(input, today) : '';
  // Pages without a search are read on the feed's pool, where each is planned once; a search's plan depends on its term (decisions 048, 050).
  const db = listings.readsOnFeedPool(input) ? deps.feedDb : deps.db;
  if (!cache) return visiblePage(viewer, feedPage(pageOf(await listings.listPublic(db, { ...input, now, today }), input.limit, toPublic)));
  const cached = cache.get(key, now.getTime());
  if (cached) return visiblePage(viewer, cached.page);
  // A page after a cursor is stored from its second ask on: most are scrolled past once, and storing each cost
  // about 5% more CPU per page read (its objects copied by the young generation's collections, then kept).
  const store = cache.noteAsk(key) > 1 || !input.cursor;
  // Requests for a page not held wait for one read of it (one that began before a change reached this instance is not joined).
  const page = await cache.read(key, async (versionBeforeRead) => {
    const rows = await listings.listPublic(db, { ...input, now, today });
    // Built by toPublic in the output schema's shape and key order (tests hold it equal to the schema's parse): no Zod pass over every item of every page read.
    const read = feedPage(pageOf(rows, input.limit, toPublic));
    if (!store) return read;
    // Time alone only takes listings out of a page: it holds until the first fetched one expires.
    const validUntil = Math.min(...rows.map((row) => row.expires_at!.getTime()));
    const reads = rows.map((row) => row.id);
    if (input.cursor) reads.push(input.cursor);
    const span = spanOf(input.sort ?? 'newest', input.cursor, rows, input.limit);
    cache.set(key, read, { validUntil, readsOrders: input.filter === 'available', type: input.type, reads, span, versionBeforeRead });
    return read;
  });
  return visiblePage(viewer, page);
}

/** The page without the listings of people a block stands between the viewer and (the cursor stays the page's). */
export function visiblePage(viewer: BlockView, page: FeedPage): FeedPage {
  const items = withoutHidden(viewer, page.items, (item) => item.owner.id);
  return items === page.items ? page : feedPage({ ...page, items });
}

/** The public detail: only listings neighbours may see (anything else reads as not found). */
export async function byId(deps: AppDeps, viewer: BlockView & { id: string }, id: string): Promise<PublicListingDetail> {
  const row = await listings.findPublic(deps.db, id, deps.clock.now());
  if (!row) throw new AppError('NOT_FOUND', LISTING_MESSAGES.notFound);
  refuseIfHidden(viewer, row.user_id, { code: 'NOT_FOUND', message: LISTING_MESSAGES.notFound });
  return { ...toPublic(row), isOwner: row.user_id === viewer.id, isSaved: await listings.isFavorite(deps.db, viewer.id, id) };
}

/** 'Salvar' a listing neighbours can see, or take it out of 'Salvos' (always allowed). */
export async function save(deps: AppDeps, userId: string, { id, saved }: { id: string; saved: boolean }) {
  if (!saved) {
    await listings.deleteFavorite(deps.db, userId, id);
    return { message: LISTING_MESSAGES.unsaved, saved: false };
  }
  const row = await listings.findPublic(deps.db, id, deps.clock.now());
  if (!row) throw new AppError('NOT_FOUND', LISTING_MESSAGES.notFound);
  await listings.insertFavorite(deps.db, userId, id, deps.clock.now());
  return { message: LISTING_MESSAGES.saved, saved: true };
}

/** 'Salvos' on the profile: saved listings still public, newest saved first. */
export async function saved(deps: AppDeps, viewer: BlockView & { id: string }) {
  const rows = await listings.listFavorites(deps.db, viewer.id, deps.clock.now());
  return { items: withoutHidden(viewer, rows, (row) => row.user_id).map(toPublic) };
}

/** Active public listings per type, for the home cards. */
export async function countsByType(deps: AppDeps) {
  const rows = await listings.countPublicByType(deps.db, deps.clock.now());
  const counts = { rental: 0, food: 0, service: 0 };
  for (const row of rows) counts[row.type] = Number(row.count);
  return counts;
}

// ---- The owner's screens and actions ----

export async function mine(deps: AppDeps, userId: string): Promise<MyListings> {
  const rows = await listings.listByOwner(deps.db, userId);
  const now = deps.clock.now();
  // Each counter counts what its label says: 'Ativos' are visible to neighbours now; 'Inativos' were
  // published and no longer are (paused or expired). Pending and rejected ones count only in the total.
  const active = rows.filter((row) => row.status === 'active' && !isExpired(row.expires_at, now)).length;
  const inactive = rows.filter((row) => isInactive(row.status, row.expires_at, now)).length;
  return { counters: { total: rows.length, active, inactive }, items: rows.map(toManaged) };
}

export async function ownerView(deps: AppDeps, userId: string, id: string): Promise<ManagedListing> {
  const row = await listings.findListing(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', LISTING_MESSAGES.notFound);
  if (row.user_id !== userId) throw new AppError('FORBIDDEN', LISTING_MESSAGES.notOwner);
  return toManaged(row);
}

/**
 * A listing shows at most PHOTOS_MAX photos, each one its owner uploaded for a
 * listing (never someone else's, never an avatar or a made-up id). The schema
 * checks the count too, and the database has no position for a sixth.
 */
async function assertOwnPhotos(db: Db, userId: string, imageIds: string[]) {
  if (imageIds.length > PHOTOS_MAX) throw new AppError('BAD_REQUEST', LISTING_MESSAGES.tooManyPhotos);
  const own = await findOwnListingImages(db, imageIds, userId);
  if (own.length !== new Set(imageIds).size) throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.notFound);
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((id, index) => id === b[index]);

/** A new listing, waiting for approval; one written from a 'Procura-se' request ('Eu tenho') is linked to it in the same transaction. */
export async function create(deps: AppDeps, owner: BlockView & { id: string }, input: ListingFields & { wantedRequestId?: string | null }) {
  const { wantedRequestId, ...fields } = input;
  const userId = owner.id;
  const { id } = await deps.db.transaction().execute(async (trx) => {
    await assertOwnPhotos(trx, userId, fields.imageIds);
    const created = await listings.insertListing(trx, userId, fields, deps.clock.now());
    await listings.replacePhotos(trx, created.id, fields.imageIds);
    await audit.record(deps, trx, {
      actorId: userId,
      action: AUDIT_ACTIONS.listingCreated,
      targetType: 'listing',
      targetId: created.id,
      after: { type: fields.type, title: fields.title, priceCents: fields.priceCents, depositCents: fields.depositCents },
    });
    await notifyStaffOfPendingItem(deps, trx, { kind: 'listing', id: created.id, label: fields.title, actorId: userId });
    if (wantedRequestId) await wanted.linkNewListing(deps, trx, owner, { requestId: wantedRequestId, listingId: created.id });
    return created;
  });
  return { id, message: LISTING_MESSAGES.created };
}

/** Locks the listing and checks it is the caller's, inside the caller's transaction. */
async function lockOwn(trx: Db, userId: string, id: string) {
  const row = await listings.findForUpdate(trx, id);
  if (!row) throw new AppError('NOT_FOUND', LISTING_MESSAGES.notFound);
  if (row.user_id !== userId) throw new AppError('FORBIDDEN', LISTING_MESSAGES.notOwner);
  return row;
}

/** Statuses whose content was approved: changing what people see sends them back to review. */
const APPROVED_CONTENT_STATUSES: ListingStatus[] = ['active', 'inactive'];

/**
 * Edits a listing. Changing the title, description, price (or unit) or deposit of an
 * approved listing (active, or paused by its owner) sends it back to 'pending':
 * nobody publishes content the administration did not see. Editing a rejected
 * listing resubmits it. A listing paused by the administration stays paused:
 * activating it is the administration's decision, made on the new content.
 */
export async function update(deps: AppDeps, userId: string, { id, fields }: { id: string; fields: ListingFields }) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockOwn(trx, userId, id);
    if (row.type !== fields.type) throw new AppError('BAD_REQUEST', LISTING_MESSAGES.typeChanged);
    await assertOwnPhotos(trx, userId, fields.imageIds);
    // Adding, removing or reordering photos changes what people see (the first is the cover).
    const photosChanged = !sameList(await listings.listPhotoIds(trx, id), fields.imageIds);
    const contentChanged =
      row.title !== fields.title ||
      row.description !== fields.description ||
      row.price_cents !== fields.priceCents ||
      row.price_unit !== fields.priceUnit ||
      row.deposit_cents !== fields.depositCents ||
      photosChanged;
    const backToReview = (contentChanged && APPROVED_CONTENT_STATUSES.includes(row.status)) || row.status === 'rejected';
    const status: ListingStatus = backToReview ? 'pending' : row.status;
    await listings.updateFields(trx, id, fields, status, backToReview ? null : row.paused_by, deps.clock.now());
    if (photosChanged) await listings.replacePhotos(trx, id, fields.imageIds);
    // Sent (back) for review: staff hear of it; an edit of a listing already waiting is not news.
    if (status === 'pending' && row.status !== 'pending') {
      await notifyStaffOfPendingItem(deps, trx, { kind: 'listing', id, label: fields.title, actorId: userId });
    }
    await audit.record(deps, trx, {
      actorId: userId,
      action: AUDIT_ACTIONS.listingEdited,
      targetType: 'listing',
      targetId: id,
      before: { title: row.title, description: row.description, priceCents: row.price_cents, depositCents: row.deposit_cents, status: row.status },
      after: { title: fields.title, description: fields.description, priceCents: fields.priceCents, depositCents: fields.depositCents, status },
    });
    return { message: LISTING_MESSAGES.updated, status, backToReview };
  });
}

/** Soft delete: the row stays for the orders that point at it; every screen stops showing it. */
export async function remove(deps: AppDeps, userId: string, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockOwn(trx, userId, id);
    await listings.softDelete(trx, id, deps.clock.now());
    await recordStatusChange(deps, trx, { actorId: userId, action: AUDIT_ACTIONS.listingDeleted, row, status: 'deleted' });
  });
  return { message: LISTING_MESSAGES.deleted };
}

/** The owner's 'Pausar': active -> inactive. */
export async function pause(deps: AppDeps, userId: string, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockOwn(trx, userId, id);
    if (row.status !== 'active') throw new AppError('CONFLICT', LISTING_MESSAGES.onlyActiveCanBePaused);
    await listings.setStatus(trx, id, { status: 'inactive', pausedBy: 'owner', at: deps.clock.now() });
    await recordStatusChange(deps, trx, { actorId: userId, action: AUDIT_ACTIONS.listingPausedByOwner, row, status: 'inactive' });
  });
  return { message: LISTING_MESSAGES.paused };
}

/** The owner's 'Reativar': inactive -> active; what the administration or billing paused stays paused. */
export async function reactivate(deps: AppDeps, userId: string, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockOwn(trx, userId, id);
    if (row.status === 'paused') {
      throw new AppError('FORBIDDEN', row.paused_by === 'billing' ? LISTING_MESSAGES.pausedByBilling : LISTING_MESSAGES.pausedByAdmin);
    }
    if (row.status !== 'inactive') throw new AppError('CONFLICT', LISTING_MESSAGES.onlyInactiveCanBeReactivated);
    await listings.setStatus(trx, id, { status: 'active', pausedBy: null, at: deps.clock.now() });
    await recordStatusChange(deps, trx, { actorId: userId, action: AUDIT_ACTIONS.listingReactivatedByOwner, row, status: 'active' });
  });
  return { message: LISTING_MESSAGES.reactivated };
}

/** Renewal: expires_at = max(now, expires_at) + 30 days, for listings approved at least once. */
export async function renew(deps: AppDeps, userId: string, id: string) {
  return deps.db.transaction().execute(async (trx) => {
    const row = await lockOwn(trx, userId, id);
    if (!APPROVED_CONTENT_STATUSES.includes(row.status) && row.status !== 'paused') {
      throw new AppError('CONFLICT', LISTING_MESSAGES.onlyApprovedCanBeRenewed);
    }
    // On the record (which also tells the Anúncios card: an expired listing renewed is visible again).
    const expiresAt = await renewOnRecord(deps, trx, {
      actorId: userId,
      action: AUDIT_ACTIONS.listingRenewed,
      targetType: 'listing',
      targetId: id,
      expiresAt: row.expires_at,
      renewedExpiry,
      write: (next, now) => listings.setExpiry(trx, id, next, now),
    });
    return { message: LISTING_MESSAGES.renewed, expiresAt };
  });
}

// ---- Owner-blocked days (rentals) ----

/** The rental calendar's other unavailable days: what the owner blocked, from today on (any viewer). */
export async function blockedDaysFrom(deps: AppDeps, listingId: string, from: string): Promise<string[]> {
  return (await listings.listBlockedDays(deps.db, listingId, from)).map((row) => row.day);
}

/** The owner's list of blocked days, from today on. */
export async function blockedDays(deps: AppDeps, userId: string, id: string) {
  const row = await listings.findListing(deps.db, id);
  if (!row) throw new AppError('NOT_FOUND', LISTING_MESSAGES.notFound);
  if (row.user_id !== userId) throw new AppError('FORBIDDEN', LISTING_MESSAGES.notOwner);
  return { days: await blockedDaysFrom(deps, id, deps.clock.today()) };
}

/**
 * The owner marks days a rental is not available (travel, repair). Not a past
 * day, not a day an open order holds (the database refuses that too, like a
 * booked day); the listing row is locked, so an order cannot slip in meanwhile.
 */
export async function blockDays(deps: AppDeps, userId: string, { id, days }: { id: string; days: string[] }) {
  const today = deps.clock.today();
  if (days.some((day) => day < today)) throw new AppError('BAD_REQUEST', LISTING_MESSAGES.blockedDayPast);
  try {
    await deps.db.transaction().execute(async (trx) => {
      const row = await lockOwn(trx, userId, id);
      if (row.type !== 'rental') throw new AppError('BAD_REQUEST', LISTING_MESSAGES.onlyRentalsBlockDays);
      const blocked = await listings.insertBlockedDays(trx, id, days, deps.clock.now());
      if (blocked.length > 0) {
        await audit.record(deps, trx, { actorId: userId, action: AUDIT_ACTIONS.listingDaysBlocked, targetType: 'listing', targetId: id, after: { days: blocked.sort() } });
      }
    });
  } catch (error) {
    if (isConstraintViolation(error, EXCLUSION_VIOLATION, 'listing_blocked_days_booked_excl')) throw new AppError('CONFLICT', LISTING_MESSAGES.blockedDayBooked);
    throw error;
  }
  return { message: LISTING_MESSAGES.daysBlocked };
}

export async function unblockDay(deps: AppDeps, userId: string, { id, day }: { id: string; day: string }) {
  await deps.db.transaction().execute(async (trx) => {
    await lockOwn(trx, userId, id);
    if (await listings.deleteBlockedDay(trx, id, day)) {
      await audit.record(deps, trx, { actorId: userId, action: AUDIT_ACTIONS.listingDayUnblocked, targetType: 'listing', targetId: id, after: { day } });
    }
  });
  return { message: LISTING_MESSAGES.dayUnblocked };
}

// ---- Moderation (admins and moderators) ----

export async function moderationList(
  deps: AppDeps,
  input: { search: string | null; type: ListingType | null; status: ListingStatus | null; cursor: string | null; limit: number },
) {
  const rows = await listings.listForModeration(deps.db, input);
  return pageOf(rows, input.limit, toManaged);
}

/** The pendencies' listings: those waiting past 24 business hours first, then the newest. */
export async function pendingQueue(deps: AppDeps, input: { search: string | null; cursor: string | null; limit: number }) {
  const rows = await listings.listPendingQueue(deps.db, input, overdueCutoff(deps.clock.now(), deps.config.CONDO_TIMEZONE));
  return pageOf(rows, input.limit, toManaged);
}

export function pendingCount(deps: AppDeps) {
  return listings.countPending(deps.db);
}

/** A listing's status change on the record: who, from what, to what (and why, when the administration says). */
function recordStatusChange(
  deps: AppDeps,
  trx: Db,
  {
    actorId,
    action,
    row,
    status,
    reason = null,
  }: {
    actorId: string;
    action: (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];
    row: { id: string; status: ListingStatus };
    status: ListingStatus | 'deleted';
    reason?: string | null;
  },
) {
  return audit.record(deps, trx, { actorId, action, targetType: 'listing', targetId: row.id, before: { status: row.status }, after: { status }, reason });
}

async function lockAny(trx: Db, id: string) {
  const row = await listings.findForUpdate(trx, id);
  if (!row) throw new AppError('NOT_FOUND', LISTING_MESSAGES.notFound);
  return row;
}

/**
 * pending -> active: published now, valid for 30 days, or until the current
 * expiry when that is later (an edit after a renewal keeps the renewal); the owner is told.
 */
export async function approve(deps: AppDeps, actorId: string, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockAny(trx, id);
    if (row.status !== 'pending') throw new AppError('CONFLICT', LISTING_MESSAGES.notPending);
    const now = deps.clock.now();
    await listings.setStatus(trx, id, { status: 'active', pausedBy: null, rejectionReason: null, publishedAt: now, expiresAt: approvedExpiry(row.expires_at, now), at: now });
    await notify(deps, trx, { userId: row.user_id, type: 'listing_approved', relatedId: id, ...LISTING_NOTIFICATIONS.approved(row.title) });
    await wanted.listingApproved(deps, trx, id);
    await recordStatusChange(deps, trx, { actorId, action: AUDIT_ACTIONS.listingApproved, row, status: 'active' });
  });
  return { message: LISTING_MESSAGES.approved };
}

/** A listing and the optional reason a staff decision on it gives its owner. */
interface StaffDecision {
  id: string;
  reason: string | null;
}

/** pending -> rejected, with an optional reason the owner reads. */
export async function reject(deps: AppDeps, actorId: string, { id, reason }: StaffDecision) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockAny(trx, id);
    if (row.status !== 'pending') throw new AppError('CONFLICT', LISTING_MESSAGES.notPending);
    await listings.setStatus(trx, id, { status: 'rejected', pausedBy: null, rejectionReason: reason, at: deps.clock.now() });
    await notify(deps, trx, { userId: row.user_id, type: 'listing_rejected', relatedId: id, ...LISTING_NOTIFICATIONS.rejected(row.title, reason) });
    await recordStatusChange(deps, trx, { actorId, action: AUDIT_ACTIONS.listingRejected, row, status: 'rejected', reason });
  });
  return { message: LISTING_MESSAGES.rejected };
}

/**
 * active or inactive (paused by the owner) -> paused by the administration; the
 * owner can no longer reactivate it. A listing never approved has nothing to pause.
 */
export async function adminPause(deps: AppDeps, actorId: string, { id, reason }: StaffDecision) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockAny(trx, id);
    if (!APPROVED_CONTENT_STATUSES.includes(row.status)) throw new AppError('CONFLICT', LISTING_MESSAGES.cannotPause);
    await listings.setStatus(trx, id, { status: 'paused', pausedBy: 'admin', at: deps.clock.now() });
    await notify(deps, trx, { userId: row.user_id, type: 'listing_paused', relatedId: id, ...LISTING_NOTIFICATIONS.paused(row.title, reason) });
    await recordStatusChange(deps, trx, { actorId, action: AUDIT_ACTIONS.listingPaused, row, status: 'paused', reason });
  });
  return { message: LISTING_MESSAGES.adminPaused };
}

/** paused -> active (the administration lifts its own pause, or a billing one). */
export async function activate(deps: AppDeps, actorId: string, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await lockAny(trx, id);
    if (row.status !== 'paused') throw new AppError('CONFLICT', LISTING_MESSAGES.notPaused);
    await listings.setStatus(trx, id, { status: 'active', pausedBy: null, at: deps.clock.now() });
    await recordStatusChange(deps, trx, { actorId, action: AUDIT_ACTIONS.listingActivated, row, status: 'active' });
  });
  return { message: LISTING_MESSAGES.activated };
}

export async function adminDelete(deps: AppDeps, actorId: string, id: string) {
  await deps.db.transaction().execute((trx) => deleteByStaff(deps, trx, actorId, id));
  return { message: LISTING_MESSAGES.adminDeleted };
}

/** Staff remove a listing in the caller's transaction ('Excluir' in /admin, 'Remover anúncio' on a report). */
export async function deleteByStaff(deps: AppDeps, trx: Db, actorId: string, id: string) {
  const row = await lockAny(trx, id);
  await listings.softDelete(trx, id, deps.clock.now());
  await recordStatusChange(deps, trx, { actorId, action: AUDIT_ACTIONS.listingDeleted, row, status: 'deleted' });
  return { ownerId: row.user_id, title: row.title };
}

// What other modules (orders, profile stats) may read of listings.
export { countByOwner, findPublic, findPublicForOrder } from './listings.repository.ts';

// ---- Billing, suspension and anonymisation (called by other modules, inside their transaction) ----

/** Moves one owner's listings between active and paused-by-billing, each move in the audit log (done by nobody: the rule). */
async function billingMove(deps: AppDeps, trx: Db, { userId, pausing }: { userId: string; pausing: boolean }) {
  const from = pausing ? { status: 'active' as const, pausedBy: null } : { status: 'paused' as const, pausedBy: 'billing' as const };
  const to = pausing ? { status: 'paused' as const, pausedBy: 'billing' as const } : { status: 'active' as const, pausedBy: null };
  const moved = await listings.setStatusOfOwner(trx, userId, { from: [from.status], fromPausedBy: from.pausedBy, to: to.status, pausedBy: to.pausedBy, at: deps.clock.now() });
  const action = pausing ? AUDIT_ACTIONS.listingPausedByBilling : AUDIT_ACTIONS.listingRestoredByBilling;
  for (const { id } of moved) await audit.record(deps, trx, { actorId: null, action, targetType: 'listing', targetId: id, before: from, after: to });
  return moved;
}

/** Every active listing of a person with an overdue charge is paused by billing (not by the owner, not by an admin). */
export const pauseForBilling = (deps: AppDeps, trx: Db, userId: string) => billingMove(deps, trx, { userId, pausing: true });

/** Paid up: what billing paused goes back to active (what an administrator paused stays paused). */
export const restoreFromBilling = (deps: AppDeps, trx: Db, userId: string) => billingMove(deps, trx, { userId, pausing: false });

/** A person who left: their listings leave every screen (the rows stay for past orders). */
export function removeAllOfOwner(trx: Db, userId: string, at: Date) {
  return listings.softDeleteByOwner(trx, userId, at);
}

/** The Anúncios card: every listing that is not deleted. */
export function totalCount(deps: AppDeps) {
  return listings.countAll(deps.db);
}

export const advertiserCount = (deps: AppDeps) => listings.countAdvertisers(deps.db);

/** The Anunciantes section: people with listings and their counts, paged by person. */
export async function advertisers(deps: AppDeps, cursor: string | null) {
  const limit = 20;
  const rows = await listings.advertisers(deps.db, cursor, limit);
  return pageOf(rows, limit, (row) => {
    const total = Number(row.total);
    const active = Number(row.active);
    return {
      id: row.id,
      fullName: row.full_name,
      apartment: row.apartment,
      avatarUrl: row.avatar_url,
      isSuspended: row.is_suspended,
      total,
      active,
      inactive: total - active,
    };
  });
}

export const streamForExport = (db: Db) => listings.streamForExport(db);
