import { createRoute } from '@tanstack/react-router';
import { appLayoutRoute } from './app-layout.tsx';
import { lazyScreen, withScreens } from '../lib/lazy-screen.ts';

const ConversationScreen = lazyScreen(() => import('../features/orders/components/conversation-screen.tsx'), 'ConversationScreen');
const PixPayment = lazyScreen(() => import('../features/pix/components/pix-payment.tsx'), 'PixPayment');

/** /pedido/{id}/conversa: the order's conversation, with 'Pagar com Pix' for the requester. */
export const conversationRoute = createRoute({
  getParentRoute: () => appLayoutRoute,
  path: '/pedido/$id/conversa',
  // A thread the user may not read answers "not found": the screen shows it, the loader does not throw.
  loader: ({ context, params }) => context.queryUtils.messages.thread.prefetch({ orderId: params.id }),
  component: withScreens(function ConversationRoute() {
    const { id } = conversationRoute.useParams();
    return <ConversationScreen orderId={id} renderPayment={(order) => <PixPayment orderId={order.id} />} />;
  }, ConversationScreen, PixPayment),
});
