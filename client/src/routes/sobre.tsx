import { createRoute } from '@tanstack/react-router';
import { AboutScreen } from '../features/help/components/about-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const aboutRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/sobre',
  loader: ({ context }) => context.queryUtils.help.contacts.ensureData(),
  component: AboutScreen,
});
