import { TRPCClientError } from '@trpc/client';
import type { ErrorReason } from '@vizinhanca/shared/errors/error-reason';
import { toast } from '../components/ui/toast-store.ts';

const FALLBACK_MESSAGE = 'Algo deu errado. Tente novamente em instantes.';
const OFFLINE_MESSAGE = 'Sem conexão com o servidor. Verifique sua internet e tente novamente.';

/** Code that could not be downloaded (offline, or the server down). */
export function loadFailedMessage(): string {
  return navigator.onLine ? FALLBACK_MESSAGE : OFFLINE_MESSAGE;
}

/** The pt-BR message the server wrote (the error formatter guarantees it), or a generic one. */
export function errorMessage(error: unknown): string {
  if (error instanceof TRPCClientError) {
    // A network failure has no server shape: its message is the browser's English text.
    if (!error.shape) return navigator.onLine ? FALLBACK_MESSAGE : OFFLINE_MESSAGE;
    return error.message || FALLBACK_MESSAGE;
  }
  return FALLBACK_MESSAGE;
}

/** The stable reason the server gave (error.data.reason): what the client branches on, never the text. */
export function errorReason(error: unknown): ErrorReason | null {
  if (error instanceof TRPCClientError) return (error.data as { reason?: ErrorReason } | undefined)?.reason ?? null;
  return null;
}

/** Field path -> message for validation errors answered by the server. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (error instanceof TRPCClientError) {
    const fieldErrors = (error.data as { fieldErrors?: Record<string, string> } | undefined)?.fieldErrors;
    if (fieldErrors) return fieldErrors;
  }
  return {};
}

/** The one way an error reaches the user: a toast with the server's pt-BR message. */
export function showErrorToast(error: unknown, prefix = ''): void {
  toast.error(`${prefix}${errorMessage(error)}`);
}
