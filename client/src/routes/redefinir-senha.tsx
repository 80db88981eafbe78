import { createRoute } from '@tanstack/react-router';
import { rootRoute } from './root.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const ResetPasswordScreen = lazyScreen(() => import('../features/auth/components/reset-password-screen.tsx'), 'ResetPasswordScreen');

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/redefinir-senha',
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' || typeof search.token === 'number' ? String(search.token) : undefined,
  }),
  component: withScreens(function ResetPasswordRoute() {
    const { token } = resetPasswordRoute.useSearch();
    return <ResetPasswordScreen token={token ?? ''} />;
  }, ResetPasswordScreen),
});
