import { createRoute } from '@tanstack/react-router';
import { AuthScreen } from '../features/auth/components/auth-screen.tsx';
import { redirectSignedIn } from '../lib/guards.ts';
import { rootRoute } from './root.tsx';

export const authRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth',
  beforeLoad: ({ context }) => redirectSignedIn(context),
  component: AuthScreen,
});
