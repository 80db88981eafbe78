import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/redefinir-senha',
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' || typeof search.token === 'number' ? String(search.token) : undefined,
  }),
  // The page and its screen in one chunk (routes/pages).
  component: lazyScreen(() => import('./pages/redefinir-senha.tsx'), 'ResetPasswordPage'),
});
