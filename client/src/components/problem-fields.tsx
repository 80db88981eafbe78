import { PROBLEM_KIND_LABELS, PROBLEM_KINDS, PROBLEM_PHOTOS_MAX, PROBLEM_TEXT_MAX_LENGTH, type ProblemKind } from '@vizinhanca/shared/orders/order-problem.schema';
import { useId, useState, type ChangeEvent } from 'react';
import { useImageUpload } from '../hooks/use-image-upload.ts';
import { issuesToFieldErrors } from '../lib/field-errors.ts';
import { Button } from './ui/button.tsx';
import { TextAreaField } from './ui/field.tsx';
import { RadioGroupField } from './ui/radio-group-field.tsx';
import { CameraIcon, TrashIcon } from './ui/secondary-icons.tsx';
import { toast } from './ui/toast-store.ts';
import '../looks.css';

// What 'Abrir problema' asks, and contesting a deposit asks the same (a contest is a problem the
// administration settles): the kind, what happened and up to 5 photos.

interface Photo {
  id: string;
  url: string;
}

/** The fields' state; `kind` starts chosen when the screen knows the likely one. */
export function useProblemFields(initialKind: ProblemKind | null = null) {
  const [kind, setKind] = useState<ProblemKind | null>(initialKind);
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useImageUpload('problem');

  return {
    kind,
    text,
    photos,
    errors,
    upload,
    /** What the schemas read: `{ kind, text, photoIds }`. */
    values: { kind, text, photoIds: photos.map((photo) => photo.id) },
    setKind(option: ProblemKind) {
      setKind(option);
      setErrors(({ kind: _kind, ...rest }) => rest);
    },
    setText(value: string) {
      setText(value);
      setErrors(({ text: _text, ...rest }) => rest);
    },
    addPhoto(photo: Photo) {
      setPhotos((current) => [...current, photo]);
    },
    removePhoto(id: string) {
      setPhotos((current) => current.filter((photo) => photo.id !== id));
    },
    /** The schema's refusals on their fields, the first one also as a toast. */
    showIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
      const fieldErrors = issuesToFieldErrors(issues);
      setErrors(fieldErrors);
      toast.error(Object.values(fieldErrors)[0] ?? '');
    },
    reset() {
      setKind(initialKind);
      setText('');
      setPhotos([]);
      setErrors({});
    },
  };
}
export type ProblemFieldsState = ReturnType<typeof useProblemFields>;

/** The kind ('Tipo'), 'O que aconteceu' and the photos, each with its error. */
export function ProblemFields({ state }: { state: ProblemFieldsState }) {
  const photoInputId = useId();

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const image = await state.upload.uploadPicked(event, (message) => toast.error(message));
    if (image) state.addPhoto({ id: image.id, url: image.cardUrl });
  }

  return (
    <>
      <RadioGroupField id="problem-kind" legend="Tipo" options={PROBLEM_KINDS} labels={PROBLEM_KIND_LABELS} value={state.kind} onChange={state.setKind} error={state.errors.kind} />
      <TextAreaField
        id="problem-text"
        label="O que aconteceu"
        rows={4}
        maxLength={PROBLEM_TEXT_MAX_LENGTH}
        value={state.text}
        onChange={(event) => state.setText(event.target.value)}
        error={state.errors.text}
        hint={`${state.text.length}/${PROBLEM_TEXT_MAX_LENGTH} caracteres`}
        aria-required="true"
      />
      <div className="field">
        <span className="field-label">
          Fotos <span className="field-optional">até {PROBLEM_PHOTOS_MAX}</span>
        </span>
        {state.photos.length ? (
          <ul className="problem-photos" aria-label="Fotos do problema">
            {state.photos.map((photo, index) => (
              <li key={photo.id}>
                <img src={photo.url} alt={`Foto ${index + 1} do problema`} />
                <Button variant="ghost" size="sm" aria-label={`Remover foto ${index + 1}`} onClick={() => state.removePhoto(photo.id)}>
                  <TrashIcon />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {state.photos.length < PROBLEM_PHOTOS_MAX ? (
          <>
            <input id={photoInputId} className="visually-hidden" type="file" accept="image/*" onChange={(event) => void onPick(event)} disabled={state.upload.isUploading} />
            <label htmlFor={photoInputId} className="btn btn-outline btn-sm announcement-form-pick" aria-busy={state.upload.isUploading || undefined}>
              <CameraIcon />
              {state.upload.isUploading ? 'Enviando foto...' : 'Adicionar foto'}
            </label>
          </>
        ) : null}
      </div>
    </>
  );
}
