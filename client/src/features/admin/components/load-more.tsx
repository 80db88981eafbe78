import { Button } from '../../../components/ui/button.tsx';
import { AlertCircleIcon } from '../../../components/ui/icons.tsx';
import { errorMessage } from '../../../lib/show-error-toast.ts';

/** Moderation lists load page by page on request (keyset pages of 20). */
export function LoadMore({ hasMore, loading, onLoad }: { hasMore: boolean; loading: boolean; onLoad: () => void }) {
  if (!hasMore) return null;
  return (
    <div className="admin-load-more">
      <Button variant="secondary" size="sm" loading={loading} onClick={onLoad}>
        Carregar mais
      </Button>
    </div>
  );
}

/** A list that could not load: the server's pt-BR reason and a retry (never a false 'Tudo em dia!'). */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="notice notice-danger admin-load-error" role="alert">
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
