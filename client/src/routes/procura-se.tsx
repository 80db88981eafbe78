import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

// 'Procura-se': the list (newest first) and one request. One import of one chunk for both, and no
// loader (the screens fetch their own data): the route table every page downloads stays at its budget.
const screens = () => import('./pages/procura-se.tsx');

export const wantedListRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/procura-se',
  component: lazyScreen(screens, 'WantedListScreen'),
});

export const wantedDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/procura-se/$id',
  component: lazyScreen(screens, 'WantedDetailScreen'),
});
