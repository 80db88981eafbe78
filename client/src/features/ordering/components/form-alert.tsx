import { useEffect, useRef } from 'react';
import { AlertCircleIcon } from '../../../components/ui/icons.tsx';

/**
 * A refusal shown inside the dialog: the page's toasts sit behind a modal's
 * backdrop, so the dialog says it too, where the eyes are.
 */
export function FormAlert({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [message]);
  if (!message) return null;
  return (
    <p className="notice notice-compact notice-danger order-alert" role="alert" ref={ref}>
      <AlertCircleIcon />
      <span>{message}</span>
    </p>
  );
}
