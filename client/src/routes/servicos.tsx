import { createRoute } from '@tanstack/react-router';
import { PlaceholderScreen } from '../components/layout/placeholder-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const servicesRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/servicos',
  component: () => <PlaceholderScreen title="Serviços" backTo="/" />,
});
