import { createRoute } from '@tanstack/react-router';
import { redirectSignedIn } from '../lib/guards.ts';
import { rootRoute } from './root.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const InviteLandingScreen = lazyScreen(() => import('../features/auth/components/invite-landing-screen.tsx'), 'InviteLandingScreen');

/** Public: the personal or shareable invite link, /convite/{code}. */
export const inviteLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/convite/$code',
  beforeLoad: ({ context }) => redirectSignedIn(context),
  component: withScreens(function InviteLinkRoute() {
    const { code } = inviteLinkRoute.useParams();
    return <InviteLandingScreen code={code} />;
  }, InviteLandingScreen),
});
