import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const receivedOrdersRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/gerenciar-pedidos',
  component: () => <PlaceholderScreen title="Gerenciar Pedidos" backTo="/anuncios" />,
});
