import { createRoute } from '@tanstack/react-router';
import { InvitesScreen } from '../features/invites/components/invites-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const invitesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/convites',
  loader: ({ context }) => context.queryUtils.invites.overview.ensureData(),
  component: InvitesScreen,
});
