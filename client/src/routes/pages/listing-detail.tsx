import type { ListingType } from '@vizinhanca/shared/listings/listing.constants';
import { Suspense } from 'react';
import { ListingDetailScreen } from '../../features/listings/components/listing-detail-screen.tsx';
import { lazyScreen } from '../../lib/lazy-screen.ts';

/** Mounted only when the person taps to order: loaded after the screen, not with it, and only where its button can open it. */
const OrderDialog = lazyScreen(() => import('../../features/ordering/components/order-dialog.tsx'), 'OrderDialog');
const preloadOrderDialog = () => void OrderDialog.preload?.();
/** 'Denunciar' sits below the fold: it comes after the screen, not in its first download. */
const ReportButton = lazyScreen(() => import('../../features/trust/components/report-button.tsx'), 'ReportButton');
/** A dish's fornadas: loaded after the screen, for food only. */
const FornadasSection = lazyScreen(() => import('../../features/fornadas/components/fornadas-section.tsx'), 'FornadasSection');

/** A listing's public page (routes/listing-detail.tsx loads it with the screen, one chunk), with the order dialog of its type. */
export function ListingDetailPage({ type, id }: { type: ListingType; id: string }) {
  return (
    <ListingDetailScreen
      type={type}
      id={id}
      preloadOrderDialog={preloadOrderDialog}
      renderReport={(listing) => (
        <Suspense fallback={null}>
          <ReportButton target={{ listingId: listing.id }} name={listing.title} />
        </Suspense>
      )}
      renderFornadas={(listing) => (
        <Suspense fallback={null}>
          <FornadasSection listingId={listing.id} deliveryOptions={listing.deliveryOptions} />
        </Suspense>
      )}
      renderOrderDialog={(props) => (
        <Suspense fallback={null}>
          <OrderDialog {...props} />
        </Suspense>
      )}
    />
  );
}
