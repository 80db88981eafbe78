import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const listingDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/anuncio/$id',
  component: () => <PlaceholderScreen title="Detalhes do Anúncio" backTo="/anuncios" />,
});
