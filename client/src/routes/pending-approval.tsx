import { createRoute } from '@tanstack/react-router';
import { PendingApprovalScreen } from '../features/auth/components/pending-approval-screen.tsx';
import { requireNotApproved } from '../lib/guards.ts';
import { rootRoute } from './root.tsx';

export const pendingApprovalRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pending-approval',
  beforeLoad: ({ context }) => requireNotApproved(context),
  component: PendingApprovalScreen,
});
