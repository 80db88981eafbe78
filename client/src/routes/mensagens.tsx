import { INBOX_INPUT } from '../features/inbox/inbox-input.ts';
import { lazyScreen } from '../lib/lazy-screen.ts';
import { appScreenRoute } from './app-screen-route.ts';

/** /mensagens: every conversation of the person, in its own chunk. */
export const inboxRoute = appScreenRoute('/mensagens', lazyScreen(() => import('../features/inbox/components/inbox-screen.tsx'), 'InboxScreen'), (utils) => [
  utils.messages.inbox.prefetchInfinite(INBOX_INPUT),
]);
