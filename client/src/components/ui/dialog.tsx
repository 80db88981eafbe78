import { useEffect, useId, useRef, type ReactNode } from 'react';

interface DialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
}

/**
 * A modal on the native <dialog>: the browser traps focus in the top layer, makes
 * the page behind inert and closes on Esc; focus returns to the opener on close.
 */
export function Dialog({ open, title, description, onClose, children, footer }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      return () => {
        if (dialog.open) dialog.close();
        opener?.focus();
      };
    }
    return undefined;
  }, [open]);

  if (!open) return null;

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        // Esc: let React state close it, so open and the DOM never disagree.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside the panel) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="dialog-panel">
        <h2 className="dialog-title" id={titleId}>
          {title}
        </h2>
        {description ? (
          <div className="dialog-description" id={descriptionId}>
            {description}
          </div>
        ) : null}
        {children}
        {footer ? <div className="dialog-footer">{footer}</div> : null}
      </div>
    </dialog>
  );
}
