/** Image limits and messages, the same on the phone (before uploading) and on the server. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const IMAGE_MESSAGES = {
  tooLarge: 'Imagem deve ter no máximo 5MB',
  notAnImage: 'O arquivo não é uma imagem válida. Envie uma foto PNG, JPG ou WEBP.',
  uploadFailed: 'Erro ao enviar imagem',
  notFound: 'Imagem não encontrada. Envie a foto novamente.',
  uploaded: 'Imagem enviada!',
} as const;

/** 'handover': a photo of a rental's condition when it changes hands, seen only by the order's two people and staff. */
export const IMAGE_PURPOSES = ['listing', 'avatar', 'announcement', 'handover', 'problem', 'deposit'] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/** Photos of an order's hand-over, deposit record and problems are kept this many days after the order is settled, then a job deletes them. */
export const ORDER_PHOTO_RETENTION_DAYS = 90;

export type ImageVariant = 'card' | 'detail';

/** Public address of a stored image variant (served by the app from local disk or S3). */
export function imageUrl(imageId: string, variant: ImageVariant): string {
  return `/files/images/${imageId}/${variant}.webp`;
}

export function imageStorageKey(imageId: string, variant: ImageVariant): string {
  return `images/${imageId}/${variant}.webp`;
}
