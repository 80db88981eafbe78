import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, imageStorageKey, imageUrl, ORDER_PHOTO_RETENTION_DAYS, type ImagePurpose } from '@vizinhanca/shared/images/image.rules';
import type { AppDeps, OneOffJob } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { AuthUser } from '../../auth/sessions.ts';
import type { ScheduledJob } from '../../jobs/scheduled-job.ts';
import type { Db } from '../../db/database.ts';
import { accessRefusal } from '../../auth/access.ts';
import * as images from './images.repository.ts';

/** Raster formats a phone camera or gallery produces. SVG is refused: it can carry scripts. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);
const VARIANTS = { card: 640, detail: 1600 } as const;
/** Avatars are square crops, small enough for a list and a profile header. */
const AVATAR_VARIANTS = { card: 256, detail: 512 } as const;

/** Re-encodes an upload: the real content decides (not the name or header), metadata such as GPS is dropped. */
export async function reencodeImage(bytes: Buffer, purpose: ImagePurpose = 'listing') {
  if (bytes.length > IMAGE_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', IMAGE_MESSAGES.tooLarge);
  let format: string | undefined;
  try {
    format = (await sharp(bytes, { limitInputPixels: 50_000_000 }).metadata()).format;
  } catch {
    throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.notAnImage);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.notAnImage);
  try {
    const encode = (width: number) =>
      sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
        .rotate() // apply the camera's orientation before the EXIF is dropped
        .resize(
          purpose === 'avatar'
            ? { width, height: width, fit: 'cover', position: 'attention' }
            : { width, height: width, fit: 'inside', withoutEnlargement: true },
        )
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true }); // sharp writes no metadata unless asked to
    const sizes = purpose === 'avatar' ? AVATAR_VARIANTS : VARIANTS;
    const [card, detail] = await Promise.all([encode(sizes.card), encode(sizes.detail)]);
    return { card: card.data, detail: detail.data, width: detail.info.width, height: detail.info.height };
  } catch {
    throw new AppError('BAD_REQUEST', IMAGE_MESSAGES.notAnImage);
  }
}

/** `createdAt`: the demo seed's past; an upload is dated now on the app's clock. */
export async function uploadImage(
  deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  { userId, purpose, bytes, createdAt }: { userId: string; purpose: ImagePurpose; bytes: Buffer; createdAt?: Date },
) {
  const encoded = await reencodeImage(bytes, purpose);
  const id = randomUUID();
  await deps.storage.put(imageStorageKey(id, 'card'), encoded.card, 'image/webp');
  await deps.storage.put(imageStorageKey(id, 'detail'), encoded.detail, 'image/webp');
  await images.insertImage(deps.db, { id, userId, purpose, width: encoded.width, height: encoded.height, bytes: encoded.detail.length, createdAt: createdAt ?? deps.clock.now() });
  return { id, cardUrl: imageUrl(id, 'card'), detailUrl: imageUrl(id, 'detail') };
}

/** What the file route should do with a request for an image. */
export type ImageAccess = 'public' | 'private' | 'hidden';

/**
 * A photo is everyone's once a public listing shows it; until then (and after:
 * paused, pending, rejected, expired) only its owner, staff and residents who
 * ordered from the listing see it. An active resident's profile photo is seen by
 * the approved residents (their neighbour page, listings and orders show it).
 * A rental's hand-over photo is seen by the order's owner, its requester and staff.
 * Anyone else gets the same 404 as for no image.
 */
export async function imageAccess(deps: AppDeps, imageId: string, viewer: AuthUser | null): Promise<ImageAccess> {
  const image = await images.findImageOwner(deps.db, imageId);
  if (!image) return 'hidden';
  // Everyone sees it when a listing showing it is public; otherwise those listings' owners (and staff).
  const showing = await images.listingsUsingImage(deps.db, imageId, deps.clock.now());
  if (showing.some((listing) => listing.is_public)) return 'public';
  if (!viewer || accessRefusal(viewer, 'active')) return 'hidden';
  if (image.user_id === viewer.id || showing.some((listing) => listing.user_id === viewer.id)) return 'private';
  if (!accessRefusal(viewer, 'staff')) return 'private';
  if (image.purpose === 'announcement') {
    const residentSees = !accessRefusal(viewer, 'approved') && (await images.isShownByAnnouncement(deps.db, imageId));
    return residentSees ? 'private' : 'hidden';
  }
  // A hand-over photo: the order's two people (and staff, above); nobody else, whatever the listing.
  if (image.purpose === 'handover') return (await images.isHandoverPhotoOfParticipant(deps.db, imageId, viewer.id)) ? 'private' : 'hidden';
  if (image.purpose === 'problem') {
    // A problem's photos: its order's two people (and staff, above).
    return (await images.isProblemPhotoOfOrderOf(deps.db, imageId, viewer.id)) ? 'private' : 'hidden';
  }
  if (image.purpose === 'avatar') {
    const neighbourSees = !accessRefusal(viewer, 'approved') && (await images.isActiveResidentAvatar(deps.db, imageId, imageUrl(imageId, 'detail')));
    return neighbourSees ? 'private' : 'hidden';
  }
  // A deposit record's photos are for the order's two people (and staff, above).
  if (image.purpose === 'deposit') return (await images.isDepositPhotoOfParticipant(deps.db, imageId, viewer.id)) ? 'private' : 'hidden';
  if (await images.hasOrderOnListings(deps.db, viewer.id, showing.map((listing) => listing.id))) return 'private';
  return 'hidden';
}

/** An upload no listing, announcement, problem or deposit record took up within a day is an orphan: its files and row are deleted. */
export const ORPHAN_IMAGE_AGE_MS = 24 * 3600_000;

export const orphanImagesCleanupJob: ScheduledJob = {
  name: 'images.orphans-cleanup',
  cron: '40 3 * * *',
  async run(deps) {
    const before = new Date(deps.clock.now().getTime() - ORPHAN_IMAGE_AGE_MS);
    await inPagesOfIds(
      async (afterId) => (await images.listOldAttachableImages(deps.db, before, afterId, JOB_PAGE_SIZE)).map((row) => row.id),
      async (ids) => {
        const inUse = await images.imageIdsInUse(deps.db, ids);
        await deleteImages(deps, ids.filter((id) => !inUse.has(id)));
      },
    );
  },
};

const ORDER_PHOTO_RETENTION_MS = ORDER_PHOTO_RETENTION_DAYS * 24 * 3600_000;

/**
 * Daily: the photos of an order's hand-over, deposit record and problems go, files and rows,
 * 90 days after the order is settled (ended, its problems resolved, its deposit recorded and
 * answered); the texts stay. Never while a problem of the order is open: staff may still need them.
 */
export const orderPhotosRetentionJob: ScheduledJob = {
  // The queue's key since hand-over photos were the only ones kept so: a new key would leave the old schedule behind in the queue.
  name: 'orders.handover-photos-retention',
  cron: '50 3 * * *',
  async run(deps) {
    const before = new Date(deps.clock.now().getTime() - ORDER_PHOTO_RETENTION_MS);
    // Deleting the image row takes its photo row with it (the foreign keys cascade).
    await inPagesOfIds(
      async (afterId) => (await images.listExpiredOrderPhotos(deps.db, before, afterId, JOB_PAGE_SIZE)).map((row) => row.image_id),
      (ids) => deleteImages(deps, ids),
    );
  },
};

const JOB_PAGE_SIZE = 500;

/** A job's walk over image ids listed a page at a time, each after the last id of the one before, until a page comes back empty. */
async function inPagesOfIds(listPage: (afterId: string | null) => Promise<string[]>, handle: (ids: string[]) => Promise<void>) {
  let afterId: string | null = null;
  for (;;) {
    const ids = await listPage(afterId);
    if (ids.length === 0) return;
    afterId = ids[ids.length - 1]!;
    await handle(ids);
  }
}

/** Both sizes of an image; a file already gone is no error, so a retry finishes the rest. */
async function deleteFilesOf(deps: Pick<AppDeps, 'storage'>, imageId: string) {
  await deps.storage.delete(imageStorageKey(imageId, 'card'));
  await deps.storage.delete(imageStorageKey(imageId, 'detail'));
}

/** Deletes images now: files first, then the rows (a row left by a failed file deletion is found again by the caller's next run). */
async function deleteImages(deps: Pick<AppDeps, 'db' | 'storage'>, imageIds: string[]) {
  for (const id of imageIds) {
    await deleteFilesOf(deps, id);
    await images.deleteImage(deps.db, id);
  }
}

export const deleteImageFilesJob: OneOffJob<{ imageIds: string[] }> = {
  name: 'images.delete-files',
  async run(deps, { imageIds }) {
    for (const id of imageIds) await deleteFilesOf(deps, id);
  },
};

/**
 * Anonymisation: the person's avatar and listing photos stop being served at once (their
 * rows go in the caller's transaction) and their files are deleted by a job that
 * exists exactly when that transaction commits, retried until storage answers.
 */
export async function eraseAllOfUser(deps: AppDeps, trx: Db, userId: string) {
  const imageIds = await images.deleteAllOfUser(trx, userId);
  if (imageIds.length) await deps.queue.enqueue(trx, deleteImageFilesJob, { imageIds }, { key: `erase-images:${userId}` });
  return imageIds;
}

// What other modules (listings, orders) may read of images.
export { findOwnListingImages, findOwnUnattachedImages } from './images.repository.ts';

/** The upload when it is this user's own avatar photo (a profile may only show its owner's uploads). */
export async function ownAvatarImage(deps: Pick<AppDeps, 'db'>, userId: string, imageId: string) {
  const image = await images.findOwnImage(deps.db, imageId, userId);
  if (!image || image.purpose !== 'avatar') throw new AppError('NOT_FOUND', IMAGE_MESSAGES.notFound);
  return { id: image.id, cardUrl: imageUrl(image.id, 'card'), detailUrl: imageUrl(image.id, 'detail') };
}
