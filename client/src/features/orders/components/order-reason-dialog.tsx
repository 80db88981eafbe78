import { ORDER_REASON_MAX_LENGTH } from '@vizinhanca/shared/orders/order.schema';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { OrderDialogSubject } from './order-card-parts.tsx';

interface OrderReasonDialogProps {
  /** The order being decided, or null when closed. */
  order: { id: string; title: string } | null;
  title: string;
  description: string;
  confirmLabel: string;
  dismissLabel: string;
  placeholder: string;
  /** Who reads the reason, under the field. */
  readBy: string;
  pending: boolean;
  /** Sends the decision; done() closes the dialog once it is saved. */
  onConfirm: (reason: string | undefined, done: () => void) => void;
  onClose: () => void;
}

/** 'Rejeitar Pedido' (the owner) and 'Cancelar Pedido' (the requester): an optional reason for the other side. */
export function OrderReasonDialog({ order, title, description, confirmLabel, dismissLabel, placeholder, readBy, pending, onConfirm, onClose }: OrderReasonDialogProps) {
  const [reason, setReason] = useState('');

  function close() {
    if (pending) return;
    setReason('');
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm(reason.trim() || undefined, () => {
      setReason('');
      onClose();
    });
  }

  return (
    <Dialog open={order !== null} title={title} description={description} onClose={close}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {order ? <OrderDialogSubject title={order.title} /> : null}
        <TextAreaField
          id="orders-reason"
          label="Motivo (opcional)"
          placeholder={placeholder}
          maxLength={ORDER_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          hint={`${reason.length}/${ORDER_REASON_MAX_LENGTH} caracteres · ${readBy}`}
        />
        <div className="dialog-footer">
          <Button variant="outline" onClick={close} disabled={pending}>
            {dismissLabel}
          </Button>
          <Button type="submit" variant="danger" loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
