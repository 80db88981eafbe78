import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const foodRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/comidas',
  component: () => <PlaceholderScreen title="Comidas" backTo="/" />,
});
