import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const rentalDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/item/$id',
  component: () => <PlaceholderScreen title="Detalhes do Item" backTo="/alugueis" />,
});
