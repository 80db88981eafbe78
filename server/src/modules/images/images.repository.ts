import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isActiveResident } from '../../db/residents.ts';
import type { ImagePurpose } from '@vizinhanca/shared/images/image.rules';

/** `createdAt`: the upload, on the app's clock (the demo seed writes a past). */
export function insertImage(db: Db, image: { id: string; userId: string; purpose: ImagePurpose; width: number; height: number; bytes: number; createdAt: Date }) {
  return db
    .insertInto('images')
    .values({
      id: image.id,
      user_id: image.userId,
      purpose: image.purpose,
      width: image.width,
      height: image.height,
      bytes: image.bytes,
      created_at: image.createdAt,
    })
    .execute();
}

/** The image when it belongs to this user (a listing may only use its owner's uploads). */
export function findOwnImage(db: Db, imageId: string, userId: string) {
  return db.selectFrom('images').select(['id', 'purpose']).where('id', '=', imageId).where('user_id', '=', userId).executeTakeFirst();
}

/** Of these images, the ones this user uploaded for listings (a listing may only show its owner's photos). */
export function findOwnListingImages(db: Db, imageIds: string[], userId: string) {
  if (imageIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('images').select('id').where('id', 'in', imageIds).where('user_id', '=', userId).where('purpose', '=', 'listing').execute();
}

/** The purposes whose uploads are attached to an order's record, and the table that attaches each (a photo is used once: image_id is unique there). */
const PHOTO_TABLE_OF_PURPOSE = {
  handover: 'order_handover_photos',
  problem: 'order_problem_photos',
  deposit: 'deposit_settlement_photos',
} as const;
export type OrderPhotoPurpose = keyof typeof PHOTO_TABLE_OF_PURPOSE;

/** Of these images, the ones this user uploaded for this purpose and no record of it shows yet (a hand-over, a problem, a deposit record). */
export function findOwnUnattachedImages(db: Db, { imageIds, userId, purpose }: { imageIds: string[]; userId: string; purpose: OrderPhotoPurpose }) {
  if (imageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('images as i')
    .select('i.id')
    .where('i.id', 'in', imageIds)
    .where('i.user_id', '=', userId)
    .where('i.purpose', '=', purpose)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom(PHOTO_TABLE_OF_PURPOSE[purpose]).select('image_id').whereRef('image_id', '=', 'i.id'))))
    .execute();
}

/** Whether this upload is the profile photo an active resident shows now (`avatarUrl` is how users.avatar_url names it). */
export async function isActiveResidentAvatar(db: Db, imageId: string, avatarUrl: string) {
  const row = await db
    .selectFrom('images')
    .innerJoin('users as u', 'u.id', 'images.user_id')
    .select('images.id')
    .where('images.id', '=', imageId)
    .where('images.purpose', '=', 'avatar')
    .where('u.avatar_url', '=', avatarUrl)
    .where(isActiveResident)
    .executeTakeFirst();
  return Boolean(row);
}

export function findImageOwner(db: Db, imageId: string) {
  return db.selectFrom('images').select(['id', 'user_id', 'purpose']).where('id', '=', imageId).executeTakeFirst();
}

/** Listing, announcement, hand-over, problem and deposit photos uploaded before `before`, a page at a time by id: candidates for the orphan cleanup. */
export function listOldAttachableImages(db: Db, before: Date, afterId: string | null, limit: number) {
  let query = db.selectFrom('images').select('id').where('purpose', 'in', ['listing', 'announcement', 'handover', 'problem', 'deposit']).where('created_at', '<', before);
  if (afterId) query = query.where('id', '>', afterId);
  return query.orderBy('id').limit(limit).execute();
}

export function deleteImage(db: Db, imageId: string) {
  return db.deleteFrom('images').where('id', '=', imageId).execute();
}

/** Anonymisation: every upload of the person goes (a listing's photo rows with it); the ids say which files to delete. */
export async function deleteAllOfUser(db: Db, userId: string) {
  const rows = await db.deleteFrom('images').where('user_id', '=', userId).returning('id').execute();
  return rows.map((row) => row.id);
}

// The read model of listings and orders an image's access and clean-up need (images builds on no other module).

/** The live listings showing this image (at any position), each with its owner and whether neighbours may see it now. */
export function listingsUsingImage(db: Db, imageId: string, now: Date) {
  return db
    .selectFrom('listings as l')
    .innerJoin('users as u', 'u.id', 'l.user_id')
    .innerJoin('listing_photos as p', 'p.listing_id', 'l.id')
    .select([
      'l.id',
      'l.user_id',
      sql<boolean>`(l.status = 'active' AND l.expires_at > ${now} AND u.approval_status = 'approved' AND NOT u.is_suspended)`.as('is_public'),
    ])
    .where('p.image_id', '=', imageId)
    .where('l.deleted_at', 'is', null)
    .execute();
}

/** Of these images, the ones a listing, an announcement (deleted, removed or not), an order's hand-over or a problem still points at. */
export async function imageIdsInUse(db: Db, imageIds: string[]): Promise<Set<string>> {
  if (imageIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('listing_photos')
    .select('image_id')
    .where('image_id', 'in', imageIds)
    .union(db.selectFrom('announcements').select('image_id as image_id').where('image_id', 'in', imageIds).$narrowType<{ image_id: string }>())
    .union(db.selectFrom('order_handover_photos').select('image_id').where('image_id', 'in', imageIds))
    .union(db.selectFrom('order_problem_photos').select('image_id').where('image_id', 'in', imageIds))
    .union(db.selectFrom('deposit_settlement_photos').select('image_id').where('image_id', 'in', imageIds))
    .execute();
  return new Set(rows.map((row) => row.image_id));
}

/**
 * Photos of orders' records (hand-over, deposit record, problems) whose order is settled since
 * before `before`: the order ended, no problem of it is open, and its last problem's resolution
 * and its deposit's record and answer came before too. A page at a time by image id.
 */
export async function listExpiredOrderPhotos(db: Db, before: Date, afterImageId: string | null, limit: number) {
  const { rows } = await sql<{ image_id: string }>`
    WITH photos AS (
      SELECT image_id, order_id FROM order_handover_photos
      UNION ALL
      SELECT image_id, order_id FROM deposit_settlement_photos
      UNION ALL
      SELECT pp.image_id, p.order_id FROM order_problem_photos pp JOIN order_problems p ON p.id = pp.problem_id
    )
    SELECT photos.image_id
      FROM photos JOIN orders o ON o.id = photos.order_id
     WHERE COALESCE(o.completed_at, o.rejected_at, o.cancelled_at) < ${before}
       AND NOT EXISTS (SELECT 1 FROM order_problems p WHERE p.order_id = o.id AND (p.status = 'open' OR p.resolved_at >= ${before}))
       AND NOT EXISTS (SELECT 1 FROM deposit_settlements s WHERE s.order_id = o.id AND GREATEST(s.settled_at, s.answered_at) >= ${before})
       AND (${afterImageId}::uuid IS NULL OR photos.image_id > ${afterImageId}::uuid)
     ORDER BY photos.image_id
     LIMIT ${limit}`.execute(db);
  return rows;
}

/** Whether an announcement not removed shows this photo (every approved resident reads it). */
export async function isShownByAnnouncement(db: Db, imageId: string): Promise<boolean> {
  const row = await db.selectFrom('announcements').select('id').where('image_id', '=', imageId).where('removed_at', 'is', null).limit(1).executeTakeFirst();
  return Boolean(row);
}

/** Whether the user ordered from any of these listings (their order cards keep showing its photo). */
export async function hasOrderOnListings(db: Db, userId: string, listingIds: string[]): Promise<boolean> {
  if (listingIds.length === 0) return false;
  const row = await db.selectFrom('orders').select('id').where('renter_id', '=', userId).where('listing_id', 'in', listingIds).limit(1).executeTakeFirst();
  return Boolean(row);
}

/** Whether this hand-over photo belongs to an order of which the user is the owner or the requester. */
export async function isHandoverPhotoOfParticipant(db: Db, imageId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_handover_photos as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select('p.image_id')
    .where('p.image_id', '=', imageId)
    .where((eb) => eb.or([eb('o.owner_id', '=', userId), eb('o.renter_id', '=', userId)]))
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether this photo belongs to a problem on an order the user is one of the two people of. */
export async function isProblemPhotoOfOrderOf(db: Db, imageId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('order_problem_photos as pp')
    .innerJoin('order_problems as p', 'p.id', 'pp.problem_id')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select('pp.image_id')
    .where('pp.image_id', '=', imageId)
    .where((eb) => eb.or([eb('o.renter_id', '=', userId), eb('o.owner_id', '=', userId)]))
    .executeTakeFirst();
  return Boolean(row);
}

/** Whether this photo is on the deposit record of an order the user takes part in (both people see it). */
export async function isDepositPhotoOfParticipant(db: Db, imageId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('deposit_settlement_photos as p')
    .innerJoin('orders as o', 'o.id', 'p.order_id')
    .select('p.image_id')
    .where('p.image_id', '=', imageId)
    .where((eb) => eb.or([eb('o.renter_id', '=', userId), eb('o.owner_id', '=', userId)]))
    .executeTakeFirst();
  return Boolean(row);
}
