import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const billingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/cobrancas',
  component: () => <PlaceholderScreen title="Cobranças" backTo="/perfil" />,
});
