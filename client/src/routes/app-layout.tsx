import { createRoute } from '@tanstack/react-router';
import { requireApproved } from '../lib/guards.ts';
import { rootRoute } from './root.tsx';

/** Every regular screen sits under this guard: signed in and approved (docs/product.md §2.6). */
export const appLayoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context }) => ({ user: await requireApproved(context) }),
});
