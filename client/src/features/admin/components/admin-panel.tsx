import type { ReactNode } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from '../../../components/load-more.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** One admin section: a titled <section> the heading names. */
export function AdminPanel({ titleId, title, className, children }: { titleId: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section className={className ? `section ${className}` : 'section'} aria-labelledby={titleId}>
      <div className="section-header">
        <h2 className="section-title" id={titleId}>
          {title}
        </h2>
      </div>
      {children}
    </section>
  );
}

/** What an admin list hook returns: an infinite query plus its pages' items flattened. */
export interface PagedList<T> {
  items: T[];
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  isPlaceholderData: boolean;
}

interface PagedListBodyProps<T> {
  list: PagedList<T>;
  /** The empty-state text, shown only when the list loaded and has nothing. */
  empty: string;
  moreLabel?: string;
  children: (items: T[]) => ReactNode;
}

/**
 * Loading, a load error with retry (never a false empty state), the empty text or the list,
 * then 'Carregar mais' while pages remain (not while the previous filter's results still show).
 */
export function PagedListBody<T>({ list, empty, moreLabel, children }: PagedListBodyProps<T>) {
  return (
    <>
      {list.isPending ? (
        <Spinner />
      ) : list.isError && list.items.length === 0 ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.items.length === 0 ? (
        <p className="admin-empty">{empty}</p>
      ) : (
        children(list.items)
      )}
      <LoadMore
        hasMore={list.hasNextPage && !list.isPlaceholderData}
        loading={list.isFetchingNextPage}
        label={moreLabel}
        onLoad={() => void list.fetchNextPage()}
      />
    </>
  );
}

interface CardListProps<T> {
  label: string;
  items: T[];
  /** The previous filter's cards, dimmed while the new ones load. */
  stale?: boolean;
  children: (item: T) => ReactNode;
}

/** The cards of an admin list, one <li> each. */
export function CardList<T extends { id: string }>({ label, items, stale = false, children }: CardListProps<T>) {
  return (
    <ul className={`stack-list${stale ? ' admin-list-stale' : ''}`} aria-label={label}>
      {items.map((item) => (
        <li key={item.id}>{children(item)}</li>
      ))}
    </ul>
  );
}
