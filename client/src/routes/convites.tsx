import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const invitesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/convites',
  loader: ({ context }) => context.queryUtils.invites.overview.ensureData(),
  component: lazyScreen(() => import('../features/invites/components/invites-screen.tsx'), 'InvitesScreen'),
});
