/** A tiny store for toasts, so any module (hooks, the query client) can show one. */

export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastItem {
  id: number;
  variant: ToastVariant;
  message: string;
  title?: string;
  durationMs: number;
}

interface ToastOptions {
  title?: string;
  durationMs?: number;
}

export const DEFAULT_TOAST_DURATION_MS = 4_000;
const MAX_VISIBLE = 4;

let toasts: readonly ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function dismissToast(id: number): void {
  toasts = toasts.filter((item) => item.id !== id);
  emit();
}

function show(variant: ToastVariant, message: string, options: ToastOptions = {}): number {
  const id = nextId++;
  const item: ToastItem = { id, variant, message, title: options.title, durationMs: options.durationMs ?? DEFAULT_TOAST_DURATION_MS };
  toasts = [...toasts, item].slice(-MAX_VISIBLE);
  emit();
  window.setTimeout(() => dismissToast(id), item.durationMs);
  return id;
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): readonly ToastItem[] {
  return toasts;
}
