import type { ReactNode } from 'react';
import type { OrderItem } from '@vizinhanca/shared/orders/order.schema';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadError } from '../../../components/load-error.tsx';

interface OrderListProps {
  /** null while the tab loads. */
  items: OrderItem[] | null;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  renderItem: (order: OrderItem) => ReactNode;
  empty: ReactNode;
}

/** One tab of orders: the load error, the spinner, the cards or the empty state. */
export function OrderList({ items, query, renderItem, empty }: OrderListProps) {
  if (query.isError && !items) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!items) return <Spinner />;
  if (!items.length) return <>{empty}</>;
  return (
    <ul className="stack-list">
      {items.map((order) => (
        <li key={order.id}>{renderItem(order)}</li>
      ))}
    </ul>
  );
}
