import { createRoute } from '@tanstack/react-router';
import { requireApproved } from '../lib/guards.ts';
import { lazyScreen } from '../lib/lazy-screen.ts';
import { rootRoute } from './root.tsx';

/** /portaria: the front desk's screen, outside the residents' layout (no navigation to the rest of the app). */
export const portariaRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/portaria',
  beforeLoad: ({ context }) => requireApproved(context, true),
  component: lazyScreen(() => import('../features/portaria/components/portaria-screen.tsx'), 'PortariaScreen'),
});
