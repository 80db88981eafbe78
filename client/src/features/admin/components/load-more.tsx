import { Button } from '../../../components/ui/button.tsx';

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
