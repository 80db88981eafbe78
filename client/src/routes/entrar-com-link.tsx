import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const signInLinkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/entrar-com-link',
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' ? search.token : undefined,
  }),
  // The page and its screen in one chunk (routes/pages).
  component: lazyScreen(() => import('./pages/entrar-com-link.tsx'), 'SignInLinkPage'),
});
