import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const helpRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ajuda',
  component: () => <PlaceholderScreen title="Ajuda" backTo="/perfil" />,
});
