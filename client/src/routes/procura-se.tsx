import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

/** 'Procura-se': the list (newest first) and one request, each screen in its own chunk. */
export const wantedListRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/procura-se',
  loader: ({ context }) => context.queryUtils.wanted.list.prefetchInfinite({ search: null, mine: false }),
  component: lazyScreen(() => import('../features/wanted/components/wanted-list-screen.tsx'), 'WantedListScreen'),
});

export const wantedDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/procura-se/$id',
  // prefetch, not ensureData: a request not found is a screen of its own.
  loader: ({ context, params }) => context.queryUtils.wanted.byId.prefetch({ id: params.id }),
  component: lazyScreen(() => import('../features/wanted/components/wanted-detail-screen.tsx'), 'WantedDetailScreen'),
});
