import { createRoute } from '@tanstack/react-router';
import { ResetPasswordScreen } from '../features/auth/components/reset-password-screen.tsx';
import { rootRoute } from './root.tsx';

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/redefinir-senha',
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' || typeof search.token === 'number' ? String(search.token) : undefined,
  }),
  component: function ResetPasswordRoute() {
    const { token } = resetPasswordRoute.useSearch();
    return <ResetPasswordScreen token={token ?? ''} />;
  },
});
