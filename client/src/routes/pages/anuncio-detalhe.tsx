import { useParams } from '@tanstack/react-router';
import { Suspense } from 'react';
import { OwnerListingScreen } from '../../features/my-listings/components/owner-listing-screen.tsx';
import { lazyScreen } from '../../lib/lazy-screen.ts';

/** A dish's batches: below the fold of the owner's view, loaded after it. */
const FornadasSection = lazyScreen(() => import('../../features/fornadas/components/fornadas-section.tsx'), 'FornadasSection');

/** /anuncio/{id}, the owner's view (routes/anuncio-detalhe.tsx loads it with the screen, one chunk), with a dish's fornadas. */
export function OwnerListingPage() {
  const { id } = useParams({ from: '/app/anuncio/$id' });
  return (
    <OwnerListingScreen
      id={id}
      renderFornadas={(listing) => (
        <Suspense fallback={null}>
          <FornadasSection listingId={listing.id} deliveryOptions={listing.deliveryOptions} manage />
        </Suspense>
      )}
    />
  );
}
