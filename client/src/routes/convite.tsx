import { createRoute } from '@tanstack/react-router';
import { InviteLandingScreen } from '../features/auth/components/invite-landing-screen.tsx';
import { redirectSignedIn } from '../lib/guards.ts';
import { rootRoute } from './root.tsx';

/** Public: the personal or shareable invite link, /convite/{code}. */
export const inviteLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/convite/$code',
  beforeLoad: ({ context }) => redirectSignedIn(context),
  component: function InviteLinkRoute() {
    const { code } = inviteLinkRoute.useParams();
    return <InviteLandingScreen code={code} />;
  },
});
