import { useRef, useState } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from './icons.tsx';

export interface GalleryPhoto {
  id: string;
  detailUrl: string;
  width: number;
  height: number;
}

interface PhotoGalleryProps {
  photos: GalleryPhoto[];
  /** What the photos show (the listing's title): the gallery's name and each photo's alt. */
  title: string;
  className?: string;
  /** Shown instead of a photo that fails to load. */
  fallbackSrc?: string;
}

function prefersReducedMotion() {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A listing's photos, one per screen width: swiped on touch (CSS scroll snap,
 * the browser's own scrolling), or moved with the arrows and dots. The counter
 * and dots follow the scroll position, whichever way it moved.
 */
export function PhotoGallery({ photos, title, className, fallbackSrc }: PhotoGalleryProps) {
  const track = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const count = photos.length;

  function onScroll() {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    const index = Math.round(element.scrollLeft / element.clientWidth);
    setCurrent(Math.min(count - 1, Math.max(0, index)));
  }

  function show(index: number) {
    const element = track.current;
    if (!element) return;
    element.scrollTo({ left: index * element.clientWidth, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  }

  return (
    <section className={`gallery${className ? ` ${className}` : ''}`} aria-roledescription="galeria" aria-label={`Fotos de ${title}`}>
      <ul className="gallery-track" ref={track} onScroll={onScroll}>
        {photos.map((photo, index) => (
          <li key={photo.id} className="gallery-slide" aria-roledescription="foto" aria-label={`${index + 1} de ${count}`}>
            <GalleryImage photo={photo} alt={count > 1 ? `Foto de ${title} (${index + 1} de ${count})` : `Foto de ${title}`} eager={index === 0} fallbackSrc={fallbackSrc} />
          </li>
        ))}
      </ul>
      {count > 1 ? (
        <>
          <button type="button" className="gallery-arrow gallery-arrow-prev" aria-label="Foto anterior" disabled={current === 0} onClick={() => show(current - 1)}>
            <ChevronLeftIcon />
          </button>
          <button type="button" className="gallery-arrow gallery-arrow-next" aria-label="Próxima foto" disabled={current === count - 1} onClick={() => show(current + 1)}>
            <ChevronRightIcon />
          </button>
          <p className="gallery-counter">
            <span aria-hidden="true">
              {current + 1}/{count}
            </span>
            <span className="visually-hidden" aria-live="polite">
              Foto {current + 1} de {count}
            </span>
          </p>
          <div className="gallery-dots">
            {photos.map((photo, index) => (
              <button
                key={photo.id}
                type="button"
                className="gallery-dot"
                aria-label={`Ver foto ${index + 1} de ${count}`}
                aria-current={index === current ? 'true' : undefined}
                onClick={() => show(index)}
              />
            ))}
          </div>
        </>
      ) : null}
    </section>
  );
}

function GalleryImage({ photo, alt, eager, fallbackSrc }: { photo: GalleryPhoto; alt: string; eager: boolean; fallbackSrc?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="gallery-image"
      src={failed && fallbackSrc ? fallbackSrc : photo.detailUrl}
      alt={alt}
      width={photo.width}
      height={photo.height}
      loading={eager ? 'eager' : 'lazy'}
      // The first photo is the detail page's largest paint: ask for it before anything else.
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
      draggable={false}
      onError={() => setFailed(true)}
    />
  );
}
