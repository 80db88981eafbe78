import { createRoute } from '@tanstack/react-router';
import { requireNotApproved } from '../lib/guards.ts';
import { rootRoute } from './root.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const pendingApprovalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pending-approval',
  beforeLoad: ({ context }) => requireNotApproved(context),
  component: lazyScreen(() => import('../features/auth/components/pending-approval-screen.tsx'), 'PendingApprovalScreen'),
});
