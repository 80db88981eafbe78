import type { AdminOrder, OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import { useState } from 'react';
import { useAdminOrders, useDecideOrder } from '../hooks/use-admin-orders.ts';
import { AdminOrderCard } from './admin-order-card.tsx';
import { AdminPanel, CardList, PagedListBody } from './admin-panel.tsx';
import { LISTING_REASON_TEXTS, ListingReasonDialog } from './listing-reason-dialog.tsx';
import { ORDER_STATUS_OPTIONS } from './moderation-labels.ts';
import { SelectField } from './select-field.tsx';

/** 'Pedidos' (docs/product.md §10.17): every order, newest first, by status; admins decide pending ones. */
export function AdminOrdersPanel({ isAdmin }: { isAdmin: boolean }) {
  const [status, setStatus] = useState<OrderStatus | 'all'>('all');
  const orders = useAdminOrders(status === 'all' ? null : status);
  const decide = useDecideOrder();
  const [rejecting, setRejecting] = useState<AdminOrder | null>(null);

  return (
    <AdminPanel titleId="admin-orders-title" title="Pedidos">
      <div className="admin-filters">
        <SelectField id="admin-orders-status" label="Status do pedido" value={status} options={ORDER_STATUS_OPTIONS} onChange={setStatus} />
      </div>
      <PagedListBody list={orders} empty="Nenhum pedido encontrado.">
        {(items) => (
          <CardList label="Pedidos" items={items} stale={orders.isPlaceholderData}>
            {(order) => (
              <AdminOrderCard order={order} canDecide={isAdmin} busy={decide.busyId === order.id} onApprove={decide.approve} onReject={setRejecting} />
            )}
          </CardList>
        )}
      </PagedListBody>
      <ListingReasonDialog
        target={rejecting ? { id: rejecting.id, title: rejecting.listing.title } : null}
        subject="Pedido de"
        texts={LISTING_REASON_TEXTS.rejectOrder}
        pending={decide.rejecting}
        onConfirm={(_id, reason, done) => {
          if (rejecting) decide.reject(rejecting, reason, done);
        }}
        onClose={() => setRejecting(null)}
      />
    </AdminPanel>
  );
}
