import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const invitesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/convites',
  component: () => <PlaceholderScreen title="Convites" backTo="/perfil" />,
});
