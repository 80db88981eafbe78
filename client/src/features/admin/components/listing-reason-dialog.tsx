import { MODERATION_REASON_MAX_LENGTH } from '@vizinhanca/shared/listings/listing.schema';
import { ReasonDialog, type ReasonDialogTexts } from '../../../components/reason-dialog.tsx';

const REJECTION_QUESTION = 'Deseja adicionar um motivo para a rejeição? (Opcional)';

/** The moderation decisions that take an optional reason, in the words the admin sees. */
export const LISTING_REASON_TEXTS = {
  rejectListing: {
    title: 'Rejeitar Anúncio',
    description: REJECTION_QUESTION,
    confirmLabel: 'Confirmar Rejeição',
    placeholder: 'Ex: a foto não corresponde ao item anunciado',
    readBy: 'enviado ao anunciante',
  },
  pauseListing: {
    title: 'Pausar Anúncio',
    description: 'Deseja adicionar um motivo para a pausa? (Opcional)',
    confirmLabel: 'Confirmar Pausa',
    confirmVariant: 'primary',
    placeholder: 'Ex: aguardando ajuste na descrição',
    readBy: 'enviado ao anunciante',
  },
  rejectOrder: {
    title: 'Rejeitar Pedido',
    description: REJECTION_QUESTION,
    confirmLabel: 'Confirmar Rejeição',
    placeholder: 'Ex: o anúncio foi retirado do ar',
    readBy: 'enviado a quem pediu',
  },
} satisfies Record<string, ReasonDialogTexts>;

interface ListingReasonDialogProps {
  /** The listing (or order) being decided, or null when closed. */
  target: { id: string; title: string } | null;
  texts: ReasonDialogTexts;
  /** What the decision is about, before its title ('Anúncio', 'Pedido de'). */
  subject?: string;
  pending: boolean;
  /** Sends the decision; done() closes the dialog once it is saved. */
  onConfirm: (id: string, reason: string | undefined, done: () => void) => void;
  onClose: () => void;
}

/** Reject ('Rejeitar Anúncio', 'Rejeitar Pedido') and pause ('Pausar Anúncio'): an optional reason sent to the other side. */
export function ListingReasonDialog({ target, texts, subject = 'Anúncio', pending, onConfirm, onClose }: ListingReasonDialogProps) {
  return (
    <ReasonDialog
      subject={target ? <>{subject} <strong>{target.title}</strong></> : null}
      texts={texts}
      fieldId="listing-reason"
      maxLength={MODERATION_REASON_MAX_LENGTH}
      pending={pending}
      onConfirm={(reason, done) => target && onConfirm(target.id, reason, done)}
      onClose={onClose}
    />
  );
}
