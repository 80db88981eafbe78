import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const settingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/configuracoes',
  component: () => <PlaceholderScreen title="Configurações" backTo="/perfil" />,
});
