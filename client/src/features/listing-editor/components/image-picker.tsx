import { useRef, type ChangeEvent } from 'react';
import { IMAGE_MAX_BYTES } from '@vizinhanca/shared/images/image.rules';
import { Button } from '../../../components/ui/button.tsx';
import type { UploadState } from '../../../hooks/use-image-upload.ts';
import { CameraIcon, TrashIcon } from '../../../components/ui/icons.tsx';

interface ImagePickerProps {
  /** What the photo area shows: the picked file (while and after it uploads) or the listing's image. */
  previewUrl: string | null;
  upload: UploadState;
  error?: string;
  onPick: (file: File) => void;
  onRemove: () => void;
  onCancel: () => void;
}

const INPUT_ID = 'listing-image';
const MAX_MB = Math.round(IMAGE_MAX_BYTES / (1024 * 1024));

export function ImagePicker({ previewUrl, upload, error, onPick, onRemove, onCancel }: ImagePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const uploading = upload.status === 'uploading';
  const progress = upload.status === 'uploading' ? upload.progress : 0;
  const choose = () => input.current?.click();

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so picking the same file again after an error still fires a change.
    event.target.value = '';
    if (file) onPick(file);
  }

  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <div className="field-label-row">
        <label className="field-label" htmlFor={INPUT_ID}>
          Foto
        </label>
        <span className="field-optional" aria-hidden="true">
          opcional
        </span>
      </div>
      {/* The buttons below open it; kept out of the tab order so keyboards meet one control. */}
      <input
        ref={input}
        id={INPUT_ID}
        type="file"
        accept="image/*"
        className="visually-hidden"
        tabIndex={-1}
        aria-describedby={error ? `${INPUT_ID}-error` : previewUrl ? undefined : `${INPUT_ID}-hint`}
        onChange={onChange}
      />

      {previewUrl ? (
        <div className={`editor-photo${uploading ? ' editor-photo-busy' : ''}`}>
          <img src={previewUrl} alt="Prévia da foto do anúncio" />
        </div>
      ) : (
        <button type="button" className="editor-photo-drop" onClick={choose}>
          <span className="editor-photo-drop-icon">
            <CameraIcon />
          </span>
          <span className="editor-photo-drop-title">Adicionar foto</span>
          <span className="editor-photo-drop-hint" id={`${INPUT_ID}-hint`}>
            PNG ou JPG, até {MAX_MB}MB
          </span>
        </button>
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
      ) : previewUrl ? (
        <div className="editor-photo-actions">
          <Button variant="outline" size="sm" onClick={choose}>
            <CameraIcon />
            Trocar foto
          </Button>
          <Button variant="ghost" size="sm" onClick={onRemove}>
            <TrashIcon />
            Remover foto
          </Button>
        </div>
      ) : null}

      {error ? (
        <p className="field-error" id={`${INPUT_ID}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
