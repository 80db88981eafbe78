import { createRoute } from '@tanstack/react-router';
import { SavedScreen } from '../features/listings/components/saved-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const savedRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/salvos',
  loader: ({ context }) => context.queryUtils.listings.saved.prefetch(),
  component: SavedScreen,
});
