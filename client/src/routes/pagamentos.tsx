import { createRoute } from '@tanstack/react-router';
import { PaymentsScreen } from '../features/billing/components/coming-soon-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const paymentsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/pagamentos',
  component: PaymentsScreen,
});
