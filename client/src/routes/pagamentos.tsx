import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const paymentsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/pagamentos',
  component: () => <PlaceholderScreen title="Pagamentos" backTo="/perfil" />,
});
