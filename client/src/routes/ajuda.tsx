import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const helpRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ajuda',
  loader: ({ context }) => context.queryUtils.help.contacts.ensureData(),
  component: lazyScreen(() => import('../features/help/components/help-screen.tsx'), 'HelpScreen'),
});
