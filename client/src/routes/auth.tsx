import { createRoute } from '@tanstack/react-router';
import { redirectSignedIn } from '../lib/guards.ts';
import { rootRoute } from './root.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  beforeLoad: ({ context }) => redirectSignedIn(context),
  component: lazyScreen(() => import('../features/auth/components/auth-screen.tsx'), 'AuthScreen'),
});
