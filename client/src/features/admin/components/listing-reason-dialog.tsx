import { useState, type FormEvent } from 'react';
import { MODERATION_REASON_MAX_LENGTH } from '@vizinhanca/shared/listings/listing.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';

interface ListingReasonDialogProps {
  /** The listing being decided, or null when closed. */
  listing: { id: string; title: string } | null;
  title: string;
  description: string;
  confirmLabel: string;
  placeholder: string;
  confirmVariant?: 'danger' | 'primary';
  /** What the decision is about, before its title ('Anúncio', 'Pedido de'). */
  subject?: string;
  /** Who reads the reason, under the field. */
  readBy?: string;
  pending: boolean;
  /** Sends the decision; done() closes the dialog once it is saved. */
  onConfirm: (id: string, reason: string | undefined, done: () => void) => void;
  onClose: () => void;
}

/** Reject ('Rejeitar Anúncio', 'Rejeitar Pedido') and pause ('Pausar Anúncio'): an optional reason sent to the other side. */
export function ListingReasonDialog({
  listing,
  title,
  description,
  confirmLabel,
  confirmVariant = 'danger',
  placeholder,
  subject = 'Anúncio',
  readBy = 'enviado ao anunciante',
  pending,
  onConfirm,
  onClose,
}: ListingReasonDialogProps) {
  const [reason, setReason] = useState('');

  function close() {
    setReason('');
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!listing) return;
    onConfirm(listing.id, reason.trim() || undefined, close);
  }

  return (
    <Dialog open={listing !== null} title={title} description={description} onClose={close}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {listing ? (
          <p className="dialog-subject">
            {subject} <strong>{listing.title}</strong>
          </p>
        ) : null}
        <TextAreaField
          id="listing-reason"
          label="Motivo"
          placeholder={placeholder}
          maxLength={MODERATION_REASON_MAX_LENGTH}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          hint={`${reason.length}/${MODERATION_REASON_MAX_LENGTH} caracteres · ${readBy}`}
        />
        <div className="dialog-footer">
          <Button variant="outline" onClick={close} disabled={pending}>
            Cancelar
          </Button>
          <Button type="submit" variant={confirmVariant} loading={pending}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
