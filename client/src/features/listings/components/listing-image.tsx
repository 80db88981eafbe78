import { useState } from 'react';
import type { ListingType } from '@vizinhanca/shared/listings/listing.schema';
import { fallbackImage } from '../listing-kinds.ts';

interface ListingImageProps {
  src: string | null;
  type: ListingType;
  className?: string;
  alt?: string;
  /** The photo is the first thing on screen (the detail's, the first card's): load it at once, first. */
  eager?: boolean;
  /** The photo's proportions, so the page does not move when it arrives. */
  width?: number;
  height?: number;
}

/** The listing's photo, or the type's fallback when there is none or it fails to load. */
export function ListingImage({ src, type, className, alt = '', eager = false, width, height }: ListingImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const fallback = fallbackImage(type);
  const shown = src && src !== failedSrc ? src : fallback;
  return (
    <img
      className={className}
      src={shown}
      alt={alt}
      width={shown === src ? width : undefined}
      height={shown === src ? height : undefined}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      onError={() => {
        if (shown !== fallback) setFailedSrc(shown);
      }}
    />
  );
}
