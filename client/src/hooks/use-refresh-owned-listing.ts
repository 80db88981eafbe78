import { refreshAfterChange } from '../lib/refresh-after-change.ts';
import { trpc } from '../lib/trpc.ts';

/**
 * What an owner's change to a listing (an edit, pause, reactivation or renewal) touches: their
 * list and the listing's owner view, and the public screens (feed pages, the public detail, the
 * home counts), because its content, visibility or expiry may have changed.
 */
export function useRefreshOwnedListing() {
  const utils = trpc.useUtils();
  return ({ id }: { id: string }) =>
    refreshAfterChange([utils.listings.list], () => [
      utils.listings.mine.invalidate(),
      utils.listings.ownerView.invalidate({ id }),
      utils.listings.byId.invalidate({ id }),
      utils.listings.countsByType.invalidate(),
    ]);
}
