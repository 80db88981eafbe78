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
