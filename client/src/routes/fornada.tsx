import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

/** /fornada/{id}: 'Lista da fornada', the seller's. */
export const fornadaListRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/fornada/$id',
  // Someone else's batch answers with its message: the screen shows it, the loader does not throw.
  loader: ({ context, params }) => context.queryUtils.fornadas.orderList.prefetch({ id: params.id }),
  component: lazyScreen(() => import('./pages/fornada.tsx'), 'FornadaListPage'),
});
