import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen } from '../lib/lazy-screen.ts';

/** /pedido/{id}/conversa: the order's conversation, with 'Pagar com Pix' for the requester. */
export const conversationRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/pedido/$id/conversa',
  // A thread the user may not read answers "not found": the screen shows it, the loader does not throw.
  loader: ({ context, params }) => context.queryUtils.messages.thread.prefetch({ orderId: params.id }),
  // The page, its screen and the Pix payment in one chunk (routes/pages).
  component: lazyScreen(() => import('./pages/pedido-conversa.tsx'), 'ConversationPage'),
});
