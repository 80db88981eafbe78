import { Button } from '../../../components/ui/button.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons.tsx';
import { errorMessage } from '../../../lib/show-error-toast.ts';

/** A list that could not load: the server's pt-BR reason and a retry (never a false empty state). */
export function OrdersLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="notice notice-danger orders-load-error" role="alert">
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
