import type { ReactNode } from 'react';
import type { OrderItem } from '@vizinhanca/shared/orders/order.schema';
import { Spinner } from '../../../components/ui/spinner.tsx';
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

interface OrderListProps {
  /** null while the tab loads. */
  items: OrderItem[] | null;
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  renderItem: (order: OrderItem) => ReactNode;
  empty: ReactNode;
}

/** One tab of orders: the load error, the spinner, the cards or the empty state. */
export function OrderList({ items, query, renderItem, empty }: OrderListProps) {
  if (query.isError && !items) return <OrdersLoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!items) return <Spinner />;
  if (!items.length) return <>{empty}</>;
  return (
    <ul className="orders-list">
      {items.map((order) => (
        <li key={order.id}>{renderItem(order)}</li>
      ))}
    </ul>
  );
}
