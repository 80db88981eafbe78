import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const serviceDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/service/$id',
  component: () => <PlaceholderScreen title="Detalhes do Serviço" backTo="/servicos" />,
});
