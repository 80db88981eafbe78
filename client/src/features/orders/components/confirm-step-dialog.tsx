import { useId, useState, type ChangeEvent } from 'react';
import { HANDOVER_NOTE_MAX_LENGTH, HANDOVER_PHOTOS_MAX, HANDOVER_STAGE_LABELS, type HandoverStage } from '@vizinhanca/shared/orders/handover-condition.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { CameraIcon, TrashIcon } from '../../../components/ui/secondary-icons.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useImageUpload } from '../../../hooks/use-image-upload.ts';
import type { HandoverConditionInput } from '../hooks/use-order-actions.ts';
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
  const [photos, setPhotos] = useState<{ id: string; cardUrl: string }[]>([]);
  const [note, setNote] = useState('');
  const upload = useImageUpload('handover');
  const inputId = useId();
  const withCondition = Boolean(pending?.order.startDate);
  const stageLabel = pending ? HANDOVER_STAGE_LABELS[STAGE_OF_STEP[pending.step]] : '';

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const image = await upload.uploadPicked(event, (message) => toast.error(message));
    if (image) setPhotos((current) => [...current, { id: image.id, cardUrl: image.cardUrl }].slice(0, HANDOVER_PHOTOS_MAX));
  }

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
            disabled={upload.isUploading}
            onClick={() => {
              if (pending) onConfirm(pending.order, pending.step, { photos: photos.map((photo) => photo.id), note: note.trim() || null });
            }}
          >
            {texts?.confirm}
          </Button>
        </>
      }
    >
      {withCondition ? (
        <fieldset className="handover-form">
          <legend className="field-label">
            {stageLabel} <span className="field-optional">opcional</span>
          </legend>
          {photos.length ? (
            <ul className="handover-photos" aria-label={`Fotos do ${stageLabel.toLowerCase()}`}>
              {photos.map((photo, index) => (
                <li key={photo.id}>
                  <img src={photo.cardUrl} alt={`Foto ${index + 1} do estado`} />
                  <button
                    type="button"
                    className="handover-photo-remove"
                    aria-label={`Remover foto ${index + 1}`}
                    onClick={() => setPhotos((current) => current.filter((kept) => kept.id !== photo.id))}
                  >
                    <TrashIcon />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {photos.length < HANDOVER_PHOTOS_MAX ? (
            <>
              <input id={inputId} className="visually-hidden" type="file" accept="image/*" onChange={(event) => void onPick(event)} disabled={upload.isUploading} />
              <label htmlFor={inputId} className="btn btn-outline btn-sm handover-pick" aria-busy={upload.isUploading || undefined}>
                <CameraIcon />
                {upload.isUploading ? 'Enviando foto...' : 'Adicionar foto'}
              </label>
            </>
          ) : null}
          <p className="field-hint">
            {photos.length} de {HANDOVER_PHOTOS_MAX} fotos
          </p>
          <TextAreaField
            id={`${inputId}-note`}
            label="Observação sobre o estado"
            optional
            rows={3}
            maxLength={HANDOVER_NOTE_MAX_LENGTH}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            hint={`${note.length}/${HANDOVER_NOTE_MAX_LENGTH}`}
          />
        </fieldset>
      ) : null}
    </Dialog>
  );
}
