import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const privacyRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/privacidade',
  component: lazyScreen(() => import('../features/settings/components/privacy-policy-screen.tsx'), 'PrivacyPolicyScreen'),
});
