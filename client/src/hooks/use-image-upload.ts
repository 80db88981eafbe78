import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, type ImagePurpose } from '@vizinhanca/shared/images/image.rules';

export interface UploadedImage {
  id: string;
  cardUrl: string;
  detailUrl: string;
  message: string;
}

export type UploadState = { status: 'idle' } | { status: 'uploading'; progress: number } | { status: 'done' } | { status: 'error'; message: string };

export type UploadResult = { ok: true; image: UploadedImage } | { ok: false; message: string } | 'cancelled';

class UploadError extends Error {}

/** What the phone can tell before sending anything: the same limit and message as the server. */
export function checkImageFile(file: File): string | null {
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_MESSAGES.tooLarge;
  if (file.type && !file.type.startsWith('image/')) return IMAGE_MESSAGES.notAnImage;
  return null;
}

function serverMessage(xhr: XMLHttpRequest): string {
  const body = xhr.response as { error?: { message?: unknown } } | null;
  const message = body?.error?.message;
  if (typeof message === 'string' && message) return message;
  if (xhr.status === 413) return IMAGE_MESSAGES.tooLarge;
  return IMAGE_MESSAGES.uploadFailed;
}

/**
 * POST /api/images?purpose=listing|avatar with the raw bytes. XMLHttpRequest rather than fetch:
 * only it reports upload progress, which the form shows as a bar.
 */
function sendImage(file: File, purpose: ImagePurpose, onProgress: (percent: number) => void, register: (xhr: XMLHttpRequest) => void): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    register(xhr);
    xhr.open('POST', `/api/images?purpose=${purpose}`);
    xhr.responseType = 'json';
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      const body = xhr.response as Partial<UploadedImage> | null;
      if (xhr.status === 201 && body && typeof body.id === 'string') {
        resolve({ id: body.id, cardUrl: String(body.cardUrl), detailUrl: String(body.detailUrl), message: String(body.message ?? IMAGE_MESSAGES.uploaded) });
      } else {
        reject(new UploadError(serverMessage(xhr)));
      }
    };
    xhr.onerror = () => reject(new UploadError(IMAGE_MESSAGES.uploadFailed));
    xhr.onabort = () => reject(new DOMException('Envio cancelado', 'AbortError'));
    xhr.send(file);
  });
}

/** One image at a time: a new pick (or leaving the screen) cancels the upload still running. */
export function useImageUpload(purpose: ImagePurpose = 'listing') {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const current = useRef<XMLHttpRequest | null>(null);

  const cancel = useCallback(() => {
    current.current?.abort();
    current.current = null;
    setState({ status: 'idle' });
  }, []);

  useEffect(() => () => current.current?.abort(), []);

  /** The stored image, the reason it failed, or 'cancelled' when another pick or leaving the screen replaced it. */
  const upload = useCallback(async (file: File): Promise<UploadResult> => {
    current.current?.abort();
    current.current = null;
    const problem = checkImageFile(file);
    if (problem) {
      setState({ status: 'error', message: problem });
      return { ok: false, message: problem };
    }
    setState({ status: 'uploading', progress: 0 });
    let mine: XMLHttpRequest | null = null;
    try {
      const image = await sendImage(
        file,
        purpose,
        (progress) => {
          if (current.current === mine) setState({ status: 'uploading', progress });
        },
        (xhr) => {
          mine = xhr;
          current.current = xhr;
        },
      );
      if (current.current !== mine) return 'cancelled';
      current.current = null;
      setState({ status: 'done' });
      return { ok: true, image };
    } catch (error) {
      if (current.current !== mine || (error instanceof DOMException && error.name === 'AbortError')) return 'cancelled';
      current.current = null;
      const message = error instanceof UploadError ? error.message : IMAGE_MESSAGES.uploadFailed;
      setState({ status: 'error', message });
      return { ok: false, message };
    }
  }, [purpose]);

  /**
   * The photo picked in a file input, uploaded: the stored image, or null (nothing picked, another pick
   * replaced it, or it failed: `onError` has its message). The input is emptied, so the same file can be picked again.
   */
  const uploadPicked = useCallback(
    async (event: ChangeEvent<HTMLInputElement>, onError: (message: string) => void): Promise<UploadedImage | null> => {
      const file = event.target.files?.[0];
      event.target.value = '';
      if (!file) return null;
      const result = await upload(file);
      if (result === 'cancelled') return null;
      if (!result.ok) {
        onError(result.message);
        return null;
      }
      return result.image;
    },
    [upload],
  );

  return { state, upload, uploadPicked, cancel, isUploading: state.status === 'uploading' };
}
