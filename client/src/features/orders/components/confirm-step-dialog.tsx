import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { orderTitle } from '../order-format.ts';

export type ConfirmableStep = 'markDelivered' | 'complete';

/** What the dialog says of an order: a card's (/gerenciar-pedidos) or a conversation's. */
export interface ConfirmableOrder {
  listing: { title: string } | null;
  counterpart: { fullName: string };
  startDate: string | null;
}

const TEXTS: Record<ConfirmableStep, { title: string; confirm: string; describe: (order: ConfirmableOrder) => string }> = {
  markDelivered: {
    title: 'Marcar como entregue',
    confirm: 'Confirmar Entrega',
    describe: (order) => `Confirma que "${orderTitle(order)}" foi entregue a ${order.counterpart.fullName}? Essa ação não pode ser desfeita.`,
  },
  complete: {
    title: 'Concluir Pedido',
    confirm: 'Confirmar Conclusão',
    describe: (order) =>
      order.startDate
        ? `Confirma que o item "${orderTitle(order)}" foi devolvido e o pedido está concluído? Essa ação não pode ser desfeita.`
        : `Confirma que o pedido de "${orderTitle(order)}" foi concluído? Essa ação não pode ser desfeita.`,
  },
};

interface ConfirmStepDialogProps<T extends ConfirmableOrder> {
  pending: { order: T; step: ConfirmableStep } | null;
  busy: boolean;
  onConfirm: (order: T, step: ConfirmableStep) => void;
  onClose: () => void;
}

/** 'Marcar como entregue' and 'Concluir' ask first, like 'Rejeitar' and 'Cancelar' do. */
export function ConfirmStepDialog<T extends ConfirmableOrder>({ pending, busy, onConfirm, onClose }: ConfirmStepDialogProps<T>) {
  const texts = pending ? TEXTS[pending.step] : null;
  return (
    <Dialog
      open={pending !== null}
      title={texts?.title ?? ''}
      description={pending && texts ? texts.describe(pending.order) : undefined}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            loading={busy}
            onClick={() => {
              if (pending) onConfirm(pending.order, pending.step);
            }}
          >
            {texts?.confirm}
          </Button>
        </>
      }
    />
  );
}
