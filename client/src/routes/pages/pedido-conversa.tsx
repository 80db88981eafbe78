import { useParams, useRouterState } from '@tanstack/react-router';
import { ConversationScreen } from '../../features/orders/components/conversation-screen.tsx';
import { PixPayment } from '../../features/pix/components/pix-payment.tsx';
import { OrderProblemPanel } from '../../features/problems/components/order-problem-panel.tsx';
import { BlockButton } from '../../features/trust/components/block-button.tsx';

/** /pedido/{id}/conversa, with 'Pagar com Pix' for the requester, 'Bloquear' the other person and the order's problems (routes/pedido-conversa.tsx loads it, one chunk). */
export function ConversationPage() {
  const { id } = useParams({ from: '/app/pedido/$id/conversa' });
  const fromInbox = useRouterState({ select: (state) => state.location.state.fromInbox === true });
  return (
    <ConversationScreen
      orderId={id}
      backTo={fromInbox ? '/mensagens' : undefined}
      renderPayment={(order) => <PixPayment orderId={order.id} depositCents={order.depositCents} />}
      renderBlock={(counterpart) => <BlockButton person={counterpart} />}
      renderProblems={(order) => <OrderProblemPanel orderId={order.id} />}
    />
  );
}
