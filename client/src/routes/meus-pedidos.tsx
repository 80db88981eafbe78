import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const myOrdersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/meus-pedidos',
  component: () => <PlaceholderScreen title="Meus Pedidos" backTo="/perfil" />,
});
