import {
  openProblemSchema,
  PROBLEM_KIND_LABELS,
  PROBLEM_KINDS,
  PROBLEM_PHOTOS_MAX,
  PROBLEM_TEXT_MAX_LENGTH,
  type OpenProblemFields,
  type ProblemKind,
} from '@vizinhanca/shared/orders/order-problem.schema';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { CameraIcon, TrashIcon } from '../../../components/ui/secondary-icons.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useImageUpload } from '../../../hooks/use-image-upload.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';

interface Photo {
  id: string;
  url: string;
}

interface OpenProblemDialogProps {
  orderId: string;
  open: boolean;
  sending: boolean;
  onSend: (fields: OpenProblemFields) => void;
  onClose: () => void;
}

/** 'Abrir problema': the kind, what happened and up to 5 photos, seen by the other person and the administration. */
export function OpenProblemDialog({ orderId, open, sending, onSend, onClose }: OpenProblemDialogProps) {
  const [kind, setKind] = useState<ProblemKind | null>(null);
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useImageUpload('problem');
  const formId = useId();
  const photoInputId = useId();

  function close() {
    if (sending) return;
    setKind(null);
    setText('');
    setPhotos([]);
    setErrors({});
    onClose();
  }

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const image = await upload.uploadPicked(event, (message) => toast.error(message));
    if (image) setPhotos((current) => [...current, { id: image.id, url: image.cardUrl }]);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = openProblemSchema.safeParse({ orderId, kind, text, photoIds: photos.map((photo) => photo.id) });
    if (!parsed.success) {
      const fieldErrors = issuesToFieldErrors(parsed.error.issues);
      setErrors(fieldErrors);
      toast.error(Object.values(fieldErrors)[0] ?? '');
      return;
    }
    setErrors({});
    onSend(parsed.data);
  }

  return (
    <Dialog
      open={open}
      title="Abrir problema"
      description="A outra pessoa e a administração do condomínio veem o que você escrever aqui. A administração analisa e decide."
      onClose={close}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={sending}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={sending} disabled={upload.isUploading}>
            Enviar problema
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={onSubmit} noValidate>
        <fieldset className="report-reasons" aria-describedby={errors.kind ? 'problem-kind-error' : undefined}>
          <legend className="field-label">Tipo</legend>
          {PROBLEM_KINDS.map((option) => (
            <label key={option} className="report-reason">
              <input
                type="radio"
                name="problem-kind"
                value={option}
                checked={kind === option}
                onChange={() => {
                  setKind(option);
                  setErrors(({ kind: _kind, ...rest }) => rest);
                }}
              />
              {PROBLEM_KIND_LABELS[option]}
            </label>
          ))}
          {errors.kind ? (
            <p className="field-error" id="problem-kind-error">
              {errors.kind}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          id="problem-text"
          label="O que aconteceu"
          rows={4}
          maxLength={PROBLEM_TEXT_MAX_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setErrors(({ text: _text, ...rest }) => rest);
          }}
          error={errors.text}
          hint={`${text.length}/${PROBLEM_TEXT_MAX_LENGTH} caracteres`}
          aria-required="true"
        />
        <div className="field">
          <span className="field-label">
            Fotos <span className="field-optional">até {PROBLEM_PHOTOS_MAX}</span>
          </span>
          {photos.length ? (
            <ul className="problem-photos" aria-label="Fotos do problema">
              {photos.map((photo, index) => (
                <li key={photo.id}>
                  <img src={photo.url} alt={`Foto ${index + 1} do problema`} />
                  <Button variant="ghost" size="sm" aria-label={`Remover foto ${index + 1}`} onClick={() => setPhotos((current) => current.filter((item) => item.id !== photo.id))}>
                    <TrashIcon />
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
          {photos.length < PROBLEM_PHOTOS_MAX ? (
            <>
              <input id={photoInputId} className="visually-hidden" type="file" accept="image/*" onChange={(event) => void onPick(event)} disabled={upload.isUploading} />
              <label htmlFor={photoInputId} className="btn btn-outline btn-sm announcement-form-pick" aria-busy={upload.isUploading || undefined}>
                <CameraIcon />
                {upload.isUploading ? 'Enviando foto...' : 'Adicionar foto'}
              </label>
            </>
          ) : null}
        </div>
      </form>
    </Dialog>
  );
}
