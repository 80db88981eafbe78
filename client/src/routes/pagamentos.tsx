import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const paymentsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/pagamentos',
  component: lazyScreen(() => import('../features/billing/components/coming-soon-screen.tsx'), 'PaymentsScreen'),
});
