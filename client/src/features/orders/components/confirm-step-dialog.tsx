import type { HandoverStage } from '@vizinhanca/shared/orders/handover-condition.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { HandoverConditionInput } from '../hooks/use-order-actions.ts';
import { ConditionFields, useConditionForm } from './handover-condition-form.tsx';
import { orderTitle } from '../order-format.ts';

export type ConfirmableStep = 'markDelivered' | 'complete';

/** What the dialog says of an order: a card's (/gerenciar-pedidos) or a conversation's. */
export interface ConfirmableOrder {
  id: string;
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

/** The hand-over stage each step records for a rental. */
const STAGE_OF_STEP: Record<ConfirmableStep, HandoverStage> = { markDelivered: 'delivery', complete: 'return' };

interface ConfirmStepDialogProps<T extends ConfirmableOrder> {
  pending: { order: T; step: ConfirmableStep } | null;
  busy: boolean;
  onConfirm: (order: T, step: ConfirmableStep, condition: HandoverConditionInput) => void;
  onClose: () => void;
}

/**
 * 'Marcar como entregue' and 'Concluir' ask first, like 'Rejeitar' and 'Cancelar' do; a rental's
 * owner can add photos and a note on the item's condition ('Estado na entrega', 'Estado na devolução').
 */
export function ConfirmStepDialog<T extends ConfirmableOrder>(props: ConfirmStepDialogProps<T>) {
  // A fresh form for each order and step: photos picked for one never carry to another.
  return <StepDialog key={props.pending ? `${props.pending.order.id}-${props.pending.step}` : 'closed'} {...props} />;
}

function StepDialog<T extends ConfirmableOrder>({ pending, busy, onConfirm, onClose }: ConfirmStepDialogProps<T>) {
  const texts = pending ? TEXTS[pending.step] : null;
  const condition = useConditionForm();
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
            disabled={condition.uploading}
            onClick={() => {
              if (pending) onConfirm(pending.order, pending.step, condition.value());
            }}
          >
            {texts?.confirm}
          </Button>
        </>
      }
    >
      {pending?.order.startDate ? <ConditionFields form={condition} stage={STAGE_OF_STEP[pending.step]} optional /> : null}
    </Dialog>
  );
}
