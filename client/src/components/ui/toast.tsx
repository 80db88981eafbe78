import { useSyncExternalStore } from 'react';
import { dismissToast, getToasts, subscribeToToasts, type ToastItem } from './toast-store.ts';
import { CheckCircleIcon, AlertCircleIcon, BellIcon, XIcon } from './icons.tsx';

function ToastIcon({ variant }: { variant: ToastItem['variant'] }) {
  if (variant === 'success') return <CheckCircleIcon />;
  if (variant === 'error') return <AlertCircleIcon />;
  return <BellIcon />;
}

/** Stacks toasts at the top of the screen, below the status bar. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  return (
    <div className="toaster">
      {toasts.map((item) => (
        <div
          key={item.id}
          className={`toast toast-${item.variant}`}
          role="status"
          aria-live={item.variant === 'error' ? 'assertive' : 'polite'}
          aria-atomic="true"
        >
          <span className="toast-icon" aria-hidden="true">
            <ToastIcon variant={item.variant} />
          </span>
          <div className="toast-body">
            {item.title ? <p className="toast-title">{item.title}</p> : null}
            <p className="toast-message">{item.message}</p>
          </div>
          <button type="button" className="toast-close" aria-label="Fechar aviso" onClick={() => dismissToast(item.id)}>
            <XIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
