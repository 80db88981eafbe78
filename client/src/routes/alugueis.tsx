import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const rentalsRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/alugueis',
  component: () => <PlaceholderScreen title="Aluguéis" backTo="/" />,
});
