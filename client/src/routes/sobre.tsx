import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const aboutRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/sobre',
  loader: ({ context }) => context.queryUtils.help.contacts.ensureData(),
  component: lazyScreen(() => import('../features/help/components/about-screen.tsx'), 'AboutScreen'),
});
