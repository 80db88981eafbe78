import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const myListingsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/anuncios',
  component: () => <PlaceholderScreen title="Meus Anúncios" backTo="/perfil" />,
});
