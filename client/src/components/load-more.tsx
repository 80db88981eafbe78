import { Button } from './ui/button.tsx';

interface LoadMoreProps {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
  /** 'Carregar mais' on moderation lists, 'Ver mais' on logs and notifications. */
  label?: string;
  className?: string;
}

/** Lists that load page by page on request (keyset pages): one button under the list while more remain. */
export function LoadMore({ hasMore, loading, onLoad, label = 'Carregar mais', className = 'admin-load-more' }: LoadMoreProps) {
  if (!hasMore) return null;
  return (
    <div className={className}>
      <Button variant="secondary" size="sm" loading={loading} onClick={onLoad}>
        {label}
      </Button>
    </div>
  );
}
