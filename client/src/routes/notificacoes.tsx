import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const notificationsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/notificacoes',
  component: () => <PlaceholderScreen title="Notificações" backTo="/perfil" />,
});
