import { errorMessage } from '../lib/show-error-toast.ts';
import { Button } from './ui/button.tsx';
import { AlertCircleIcon } from './ui/icons.tsx';

/** A list that could not load: the server's pt-BR reason and a retry (never a false empty state). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="notice notice-danger load-error" role="alert">
      <AlertCircleIcon />
      <div>
        <p>{errorMessage(error)}</p>
        <Button variant="outline" size="sm" onClick={onRetry}>
          Tentar novamente
        </Button>
      </div>
    </div>
  );
}

/** The same inside a part of a screen (a calendar, a review list), styled by that part: no icon. */
export function InlineLoadError({ className, error, onRetry }: { className: string; error: unknown; onRetry: () => void }) {
  return (
    <div className={className} role="alert">
      <p>{errorMessage(error)}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}
