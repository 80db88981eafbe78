import { useId, useState, type ChangeEvent } from 'react';
import { HANDOVER_NOTE_MAX_LENGTH, HANDOVER_PHOTOS_MAX, HANDOVER_STAGE_LABELS, type HandoverStage } from '@vizinhanca/shared/orders/handover-condition.schema';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { CameraIcon, TrashIcon } from '../../../components/ui/secondary-icons.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useImageUpload } from '../../../hooks/use-image-upload.ts';
import type { HandoverConditionInput } from '../hooks/use-order-actions.ts';

/** The photos (uploaded as they are picked) and note of an item's condition, for one of the owner's dialogs. */
export function useConditionForm() {
  const [photos, setPhotos] = useState<{ id: string; cardUrl: string }[]>([]);
  const [note, setNote] = useState('');
  const upload = useImageUpload('handover');

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const image = await upload.uploadPicked(event, (message) => toast.error(message));
    if (image) setPhotos((current) => [...current, { id: image.id, cardUrl: image.cardUrl }].slice(0, HANDOVER_PHOTOS_MAX));
  }

  return {
    photos,
    note,
    setNote,
    pick,
    remove: (id: string) => setPhotos((current) => current.filter((photo) => photo.id !== id)),
    uploading: upload.isUploading,
    /** What the step sends: the photos' ids and the note (null when blank). */
    value: (): HandoverConditionInput => ({ photos: photos.map((photo) => photo.id), note: note.trim() || null }),
  };
}

export type ConditionForm = ReturnType<typeof useConditionForm>;

/** 'Estado na entrega' / 'Estado na devolução': up to 5 photos and 'Observação sobre o estado'. */
export function ConditionFields({ form, stage, optional }: { form: ConditionForm; stage: HandoverStage; optional: boolean }) {
  const inputId = useId();
  const label = HANDOVER_STAGE_LABELS[stage];
  return (
    <fieldset className="handover-form">
      <legend className="field-label">
        {label} {optional ? <span className="field-optional">opcional</span> : null}
      </legend>
      {form.photos.length ? (
        <ul className="handover-photos" aria-label={`Fotos: ${label.toLowerCase()}`}>
          {form.photos.map((photo, index) => (
            <li key={photo.id}>
              <img src={photo.cardUrl} alt={`Foto ${index + 1} do estado`} />
              <button type="button" className="handover-photo-remove" aria-label={`Remover foto ${index + 1}`} onClick={() => form.remove(photo.id)}>
                <TrashIcon />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {form.photos.length < HANDOVER_PHOTOS_MAX ? (
        <>
          <input id={inputId} className="visually-hidden" type="file" accept="image/*" onChange={(event) => void form.pick(event)} disabled={form.uploading} />
          <label htmlFor={inputId} className="btn btn-outline btn-sm handover-pick" aria-busy={form.uploading || undefined}>
            <CameraIcon />
            {form.uploading ? 'Enviando foto...' : 'Adicionar foto'}
          </label>
        </>
      ) : null}
      <p className="field-hint">
        {form.photos.length} de {HANDOVER_PHOTOS_MAX} fotos
      </p>
      <TextAreaField
        id={`${inputId}-note`}
        label="Observação sobre o estado"
        optional
        rows={3}
        maxLength={HANDOVER_NOTE_MAX_LENGTH}
        value={form.note}
        onChange={(event) => form.setNote(event.target.value)}
        hint={`${form.note.length}/${HANDOVER_NOTE_MAX_LENGTH}`}
      />
    </fieldset>
  );
}
