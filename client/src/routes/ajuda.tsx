import { createRoute } from '@tanstack/react-router';
import { HelpScreen } from '../features/help/components/help-screen.tsx';
import { appLayoutRoute } from './app-layout.tsx';

export const helpRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/ajuda',
  loader: ({ context }) => context.queryUtils.help.contacts.ensureData(),
  component: HelpScreen,
});
