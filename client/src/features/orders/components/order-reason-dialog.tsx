import { ORDER_REASON_MAX_LENGTH } from '@vizinhanca/shared/orders/order.schema';
import { ReasonDialog, type ReasonDialogTexts } from '../../../components/reason-dialog.tsx';
import { orderTitle } from '../order-format.ts';

/** The order decisions that take an optional reason, in the words each side sees. */
export const ORDER_REASON_TEXTS = {
  /** The requester, from 'Meus Pedidos'. */
  cancelFromList: {
    title: 'Cancelar Pedido',
    description: 'Tem certeza que deseja cancelar este pedido? O anunciante será avisado.',
    confirmLabel: 'Confirmar Cancelamento',
    dismissLabel: 'Voltar',
    placeholder: 'Ex: não vou mais precisar nesta data',
    readBy: 'enviado ao anunciante',
  },
  /** The requester, from the order's conversation. */
  cancelFromConversation: {
    title: 'Cancelar Pedido',
    description: 'Deseja informar o motivo do cancelamento? (Opcional)',
    confirmLabel: 'Confirmar Cancelamento',
    dismissLabel: 'Voltar',
    placeholder: 'Ex: não vou mais precisar',
    readBy: 'O anunciante verá este motivo.',
  },
  /** The owner, from 'Gerenciar Pedidos'. */
  reject: {
    title: 'Rejeitar Pedido',
    description: 'Deseja adicionar um motivo para a rejeição? (Opcional)',
    confirmLabel: 'Confirmar Rejeição',
    placeholder: 'Ex: o item estará em manutenção nessas datas',
    readBy: 'enviado a quem pediu',
  },
} satisfies Record<string, ReasonDialogTexts>;

interface OrderReasonDialogProps<Order> {
  /** The order being decided, or null when closed. */
  order: Order | null;
  texts: ReasonDialogTexts;
  pending: boolean;
  /** Sends the decision; done() closes the dialog once it is saved. */
  onConfirm: (order: Order, reason: string | undefined, done: () => void) => void;
  onClose: () => void;
}

/** 'Rejeitar Pedido' (the owner) and 'Cancelar Pedido' (the requester): an optional reason for the other side. */
export function OrderReasonDialog<Order extends { listing: { title: string } | null }>({ order, texts, pending, onConfirm, onClose }: OrderReasonDialogProps<Order>) {
  return (
    <ReasonDialog
      subject={order === null ? null : <>Pedido de <strong>{orderTitle(order)}</strong></>}
      texts={{ fieldLabel: 'Motivo (opcional)', ...texts }}
      fieldId="orders-reason"
      maxLength={ORDER_REASON_MAX_LENGTH}
      pending={pending}
      lockWhilePending
      onConfirm={(reason, done) => {
        if (order) onConfirm(order, reason, done);
      }}
      onClose={onClose}
    />
  );
}
