import { useState } from 'react';
import type { ListingType } from '@vizinhanca/shared/listings/listing.schema';

/** The listing's card image, or the type's fallback (client/public/images) when missing or broken. */
export function ListingThumb({ src, type, className }: { src: string | null; type: ListingType; className?: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const fallback = `/images/listing-${type}.svg`;
  const shown = src && src !== failedSrc ? src : fallback;
  return (
    <img
      className={className ?? 'moderation-thumb'}
      src={shown}
      alt=""
      loading="lazy"
      decoding="async"
      onError={() => {
        if (shown !== fallback) setFailedSrc(shown);
      }}
    />
  );
}
