import { useEffect, useRef, useSyncExternalStore } from 'react';
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
  const toaster = useRef<HTMLDivElement>(null);

  // The toaster is a manual popover: shown again after every change, it lands in
  // the top layer above any open modal dialog instead of behind its backdrop.
  useEffect(() => {
    const element = toaster.current;
    if (!element || typeof element.showPopover !== 'function') return;
    if (element.matches(':popover-open')) element.hidePopover();
    if (toasts.length > 0) element.showPopover();
  }, [toasts]);

  return (
    <div className="toaster" ref={toaster} popover="manual">
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
