import { createRoute } from '@tanstack/react-router';
import { PrivacyPolicyScreen } from '../features/settings/components/privacy-policy-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const privacyRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/privacidade',
  component: PrivacyPolicyScreen,
});
