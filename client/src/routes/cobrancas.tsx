import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const billingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/cobrancas',
  loader: ({ context }) => context.queryUtils.billing.mine.prefetch(),
  component: lazyScreen(() => import('../features/billing/components/coming-soon-screen.tsx'), 'BillingsScreen'),
});
