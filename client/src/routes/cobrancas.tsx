import { createRoute } from '@tanstack/react-router';
import { BillingsScreen } from '../features/billing/components/coming-soon-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const billingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/cobrancas',
  loader: ({ context }) => context.queryUtils.billing.mine.prefetch(),
  component: BillingsScreen,
});
