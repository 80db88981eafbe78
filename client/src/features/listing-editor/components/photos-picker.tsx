import { useRef, type ChangeEvent } from 'react';
import { IMAGE_MAX_BYTES } from '@vizinhanca/shared/images/image.rules';
import { PHOTOS_MAX } from '@vizinhanca/shared/listings/listing.schema';
import type { UploadState } from '../../../hooks/use-image-upload.ts';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from '../../../components/ui/icons.tsx';
import { CameraIcon, TrashIcon } from '../../../components/ui/secondary-icons.tsx';

/** A photo of the listing being edited: its upload id and what the form shows of it. */
export interface EditorPhoto {
  id: string;
  url: string;
}

interface PhotosPickerProps {
  photos: EditorPhoto[];
  /** The file being uploaded, shown after the others until it is stored. */
  pendingPreview: string | null;
  upload: UploadState;
  error?: string;
  onPick: (files: File[]) => void;
  onMove: (index: number, offset: -1 | 1) => void;
  onRemove: (index: number) => void;
  onCancel: () => void;
}

export const PHOTOS_INPUT_ID = 'listing-photos';
const MAX_MB = Math.round(IMAGE_MAX_BYTES / (1024 * 1024));

/**
 * Up to PHOTOS_MAX photos in order: the first is the cover (cards and orders show it).
 * Each one is uploaded as it is picked (the existing pipeline); the arrows reorder, the bin removes.
 */
export function PhotosPicker({ photos, pendingPreview, upload, error, onPick, onMove, onRemove, onCancel }: PhotosPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const uploading = upload.status === 'uploading';
  const progress = upload.status === 'uploading' ? upload.progress : 0;
  const count = photos.length;
  const canAdd = count < PHOTOS_MAX && !pendingPreview;
  const choose = () => input.current?.click();

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    // Cleared, so picking the same file again after an error still fires a change.
    event.target.value = '';
    if (files.length) onPick(files);
  }

  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <div className="field-label-row">
        <label className="field-label" htmlFor={PHOTOS_INPUT_ID}>
          Fotos
        </label>
        <span className="field-optional" aria-live="polite">
          {count} de {PHOTOS_MAX}
        </span>
      </div>
      {/* The buttons below open it; kept out of the tab order so keyboards meet one control. */}
      <input
        ref={input}
        id={PHOTOS_INPUT_ID}
        type="file"
        accept="image/*"
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-describedby={error ? `${PHOTOS_INPUT_ID}-error` : `${PHOTOS_INPUT_ID}-hint`}
        onChange={onChange}
      />

      {count === 0 && !pendingPreview ? (
        <button type="button" className="editor-photo-drop" onClick={choose}>
          <span className="editor-photo-drop-icon">
            <CameraIcon />
          </span>
          <span className="editor-photo-drop-title">Adicionar fotos</span>
          <span className="editor-photo-drop-hint" id={`${PHOTOS_INPUT_ID}-hint`}>
            Até {PHOTOS_MAX} fotos PNG ou JPG, até {MAX_MB}MB cada
          </span>
        </button>
      ) : (
        <>
          <ol className="editor-photos" aria-label="Fotos do anúncio">
            {photos.map((photo, index) => (
              <li key={photo.id} className="editor-photos-item">
                <img src={photo.url} alt={`Foto ${index + 1} de ${count}`} />
                {index === 0 ? <span className="editor-photos-cover">Capa</span> : null}
                <div className="editor-photos-actions">
                  <button type="button" aria-label={`Mover foto ${index + 1} para a esquerda`} disabled={index === 0} onClick={() => onMove(index, -1)}>
                    <ChevronLeftIcon />
                  </button>
                  <button type="button" aria-label={`Remover foto ${index + 1}`} onClick={() => onRemove(index)}>
                    <TrashIcon />
                  </button>
                  <button type="button" aria-label={`Mover foto ${index + 1} para a direita`} disabled={index === count - 1} onClick={() => onMove(index, 1)}>
                    <ChevronRightIcon />
                  </button>
                </div>
              </li>
            ))}
            {pendingPreview ? (
              <li className="editor-photos-item editor-photo-busy">
                <img src={pendingPreview} alt="Prévia da foto sendo enviada" />
              </li>
            ) : null}
            {canAdd ? (
              <li className="editor-photos-item">
                <button type="button" className="editor-photos-add" onClick={choose}>
                  <PlusIcon />
                  Adicionar foto
                </button>
              </li>
            ) : null}
          </ol>
          <p className="field-hint" id={`${PHOTOS_INPUT_ID}-hint`}>
            A primeira foto é a capa. Até {PHOTOS_MAX} fotos, {MAX_MB}MB cada.
          </p>
        </>
      )}

      {uploading ? (
        <div className="editor-upload">
          <div className="editor-upload-row">
            <span className="editor-upload-text">Enviando imagem... {progress}%</span>
            <button type="button" className="link-button" onClick={onCancel} aria-label="Cancelar envio da imagem">
              Cancelar
            </button>
          </div>
          <div className="editor-progress" role="progressbar" aria-label="Envio da imagem" aria-valuemin={0} aria-valuemax={100} aria-valuenow={progress}>
            <div className="editor-progress-bar" style={{ width: `${progress}%` }} />
          </div>
        </div>
      ) : null}

      {error ? (
        <p className="field-error" id={`${PHOTOS_INPUT_ID}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
