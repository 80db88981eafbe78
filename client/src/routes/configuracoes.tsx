import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const settingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/configuracoes',
  loader: ({ context }) =>
    Promise.all([context.queryUtils.users.me.prefetch(), context.queryUtils.notifications.preferences.prefetch(), context.queryUtils.pix.myKey.prefetch(), context.queryUtils.blocks.list.prefetch()]),
  // The page and its sections in one chunk (routes/pages/configuracoes.tsx).
  component: lazyScreen(() => import('./pages/configuracoes.tsx'), 'SettingsPage'),
});
