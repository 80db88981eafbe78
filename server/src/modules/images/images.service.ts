import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, imageStorageKey, imageUrl, type ImagePurpose } from '@vizinhanca/shared/images/image.rules';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
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

export async function uploadImage(deps: Pick<AppDeps, 'db' | 'storage'>, userId: string, purpose: ImagePurpose, bytes: Buffer) {
  const encoded = await reencodeImage(bytes, purpose);
  const id = randomUUID();
  await deps.storage.put(imageStorageKey(id, 'card'), encoded.card, 'image/webp');
  await deps.storage.put(imageStorageKey(id, 'detail'), encoded.detail, 'image/webp');
  await images.insertImage(deps.db, { id, userId, purpose, width: encoded.width, height: encoded.height, bytes: encoded.detail.length });
  return { id, cardUrl: imageUrl(id, 'card'), detailUrl: imageUrl(id, 'detail') };
}

/** The upload when it is this user's own avatar photo (a profile may only show its owner's uploads). */
export async function ownAvatarImage(deps: Pick<AppDeps, 'db'>, userId: string, imageId: string) {
  const image = await images.findOwnImage(deps.db, imageId, userId);
  if (!image || image.purpose !== 'avatar') throw new AppError('NOT_FOUND', IMAGE_MESSAGES.notFound);
  return { id: image.id, cardUrl: imageUrl(image.id, 'card'), detailUrl: imageUrl(image.id, 'detail') };
}
