import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const foodDetailRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/food/$id',
  component: () => <PlaceholderScreen title="Detalhes do Prato" backTo="/comidas" />,
});
