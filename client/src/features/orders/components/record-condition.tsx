import { HANDOVER_STAGE_LABELS, type HandoverStage } from '@vizinhanca/shared/orders/handover-condition.schema';
import type { OrderItem } from '@vizinhanca/shared/orders/order.schema';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CameraIcon } from '../../../components/ui/secondary-icons.tsx';
import { useDeskHandover } from '../hooks/use-desk-handovers.ts';
import { useRecordCondition } from '../hooks/use-order-actions.ts';
import { ConditionFields, useConditionForm } from './handover-condition-form.tsx';

/** The stage an owner records on its own now: the delivery before the desk gives the item out, the return while it is out. */
function stageNow(order: OrderItem): HandoverStage | null {
  if (!order.startDate) return null;
  return order.status === 'approved' ? 'delivery' : order.status === 'in_progress' ? 'return' : null;
}

const DESCRIPTIONS: Record<HandoverStage, string> = {
  delivery: 'O item passa pela portaria: registre como ele está antes de deixá-lo lá.',
  return: 'O item volta pela portaria: registre como ele está ao recebê-lo.',
};

/**
 * The owner's card while a rental's item goes through the portaria ('Marcar como entregue'
 * and 'Concluir' are the desk's then): 'Registrar estado na entrega' / 'na devolução'.
 */
export function RecordConditionButton({ order }: { order: OrderItem }) {
  const stage = stageNow(order);
  const deskLeg = useDeskHandover(order.id, stage ? [stage] : []);
  const [open, setOpen] = useState(false);
  if (!stage || !deskLeg || order.handover.some((condition) => condition.stage === stage)) return null;
  const label = HANDOVER_STAGE_LABELS[stage];
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        <CameraIcon />
        Registrar {label.toLowerCase()}
      </Button>
      {open ? <RecordConditionDialog orderId={order.id} stage={stage} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function RecordConditionDialog({ orderId, stage, onClose }: { orderId: string; stage: HandoverStage; onClose: () => void }) {
  const form = useConditionForm();
  const { record, recording } = useRecordCondition();
  return (
    <Dialog
      open
      title={HANDOVER_STAGE_LABELS[stage]}
      description={DESCRIPTIONS[stage]}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancelar
          </Button>
          <Button loading={recording} disabled={form.uploading} onClick={() => record(orderId, stage, form.value(), onClose)}>
            Registrar estado
          </Button>
        </>
      }
    >
      <ConditionFields form={form} stage={stage} optional={false} />
    </Dialog>
  );
}
