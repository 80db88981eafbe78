import type { AdminOrder, OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import { useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAdminOrders, useDecideOrder } from '../hooks/use-admin-orders.ts';
import { AdminOrderCard } from './admin-order-card.tsx';
import { ListingReasonDialog } from './listing-reason-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { LoadMore } from './load-more.tsx';
import { ORDER_STATUS_OPTIONS } from './moderation-labels.ts';
import { SelectField } from './select-field.tsx';

/** 'Pedidos' (docs/product.md §10.17): every order, newest first, by status; admins decide pending ones. */
export function AdminOrdersPanel({ isAdmin }: { isAdmin: boolean }) {
  const [status, setStatus] = useState<OrderStatus | 'all'>('all');
  const orders = useAdminOrders(status === 'all' ? null : status);
  const decide = useDecideOrder();
  const [rejecting, setRejecting] = useState<AdminOrder | null>(null);
  const items = orders.items;

  return (
    <section className="section" aria-labelledby="admin-orders-title">
      <div className="section-header">
        <h2 className="section-title" id="admin-orders-title">
          Pedidos
        </h2>
      </div>
      <div className="admin-filters">
        <SelectField id="admin-orders-status" label="Status do pedido" value={status} options={ORDER_STATUS_OPTIONS} onChange={setStatus} />
      </div>
      {orders.isPending ? (
        <Spinner />
      ) : orders.isError && items.length === 0 ? (
        <LoadError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : items.length === 0 ? (
        <p className="admin-empty">Nenhum pedido encontrado.</p>
      ) : (
        <ul className={`stack-list${orders.isPlaceholderData ? ' admin-list-stale' : ''}`} aria-label="Pedidos">
          {items.map((order) => (
            <li key={order.id}>
              <AdminOrderCard
                order={order}
                canDecide={isAdmin}
                busy={decide.busyId === order.id}
                onApprove={decide.approve}
                onReject={setRejecting}
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore
        hasMore={Boolean(orders.hasNextPage) && !orders.isPlaceholderData}
        loading={orders.isFetchingNextPage}
        onLoad={() => void orders.fetchNextPage()}
      />
      <ListingReasonDialog
        listing={rejecting ? { id: rejecting.id, title: rejecting.listing.title } : null}
        subject="Pedido de"
        title="Rejeitar Pedido"
        description="Deseja adicionar um motivo para a rejeição? (Opcional)"
        confirmLabel="Confirmar Rejeição"
        placeholder="Ex: o anúncio foi retirado do ar"
        readBy="enviado a quem pediu"
        pending={decide.rejecting}
        onConfirm={(_id, reason, done) => {
          if (rejecting) decide.reject(rejecting, reason, done);
        }}
        onClose={() => setRejecting(null)}
      />
    </section>
  );
}
