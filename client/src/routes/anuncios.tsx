import { createRoute } from '@tanstack/react-router';
import { MyListingsScreen } from '../features/my-listings/components/my-listings-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const myListingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/anuncios',
  // Fetched again when stale: the owner's actions invalidate it before coming back here.
  loader: ({ context }) => context.queryUtils.listings.mine.prefetch(),
  component: MyListingsScreen,
});
