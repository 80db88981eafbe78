import { formatCalendarDate, formatCurrency, formatDate, formatTime } from '@vizinhanca/shared/format/format';
import { deliveryOptionLabel } from '@vizinhanca/shared/listings/listing.rules';
import { quantityText } from '@vizinhanca/shared/orders/order.rules';
import type { AdminOrder } from '@vizinhanca/shared/orders/order.schema';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CalendarIcon, CheckIcon, PackageIcon, UserIcon, XIcon } from '../../../components/ui/icons.tsx';
import { MegaphoneIcon } from '../../../components/ui/secondary-icons.tsx';
import { ListingTypeBadge, OrderStatusBadge } from '../../../components/status-badges.tsx';
import { RejectionReason } from './moderation-listing-card.tsx';

interface AdminOrderCardProps {
  order: AdminOrder;
  /** Only admins decide pending orders; moderators see the list (docs/product.md). */
  canDecide: boolean;
  busy: boolean;
  onApprove: (order: AdminOrder) => void;
  onReject: (order: AdminOrder) => void;
}

/** 'Ana Beatriz Souza · Apto A-101', the apartment kept on one line. */
function Person({ role, who }: { role: string; who: { fullName: string; apartment: string | null } }) {
  return (
    <span>
      <span className="admin-order-role">{role}</span> {who.fullName}
      {who.apartment ? <span className="admin-order-apartment"> · Apto {who.apartment}</span> : null}
    </span>
  );
}

/** 'De 25/11/2026 a 27/11/2026 (3 dias)' for rentals; the method and time otherwise. */
function whenLine(order: AdminOrder): string {
  if (order.startDate && order.endDate) {
    const days = order.days ?? 1;
    return `De ${formatCalendarDate(order.startDate)} a ${formatCalendarDate(order.endDate)} (${days} ${days === 1 ? 'dia' : 'dias'})`;
  }
  const method = deliveryOptionLabel(order.listing.type, order.deliveryMethod);
  if (order.listing.type === 'food') {
    const what = `${quantityText(order.quantity)} · ${method}`;
    return order.scheduledAt ? `${what} · ${formatDate(order.scheduledAt)} às ${formatTime(order.scheduledAt)}` : what;
  }
  return order.scheduledAt ? `${method} · ${formatDate(order.scheduledAt)} às ${formatTime(order.scheduledAt)}` : method;
}

/** One order in /admin: the listing, both people, the status, the total and the dates. */
export function AdminOrderCard({ order, canDecide, busy, onApprove, onReject }: AdminOrderCardProps) {
  const headingId = `admin-order-${order.id}`;
  return (
    <article className="card moderation-card" aria-labelledby={headingId}>
      <div className="admin-order-header">
        <div className="moderation-card-text">
          <div className="moderation-card-badges">
            <ListingTypeBadge type={order.listing.type} />
            <OrderStatusBadge status={order.status} />
            {order.listing.removed ? <Badge variant="danger">Anúncio excluído</Badge> : null}
          </div>
          <h3 className="moderation-card-title" id={headingId}>
            {order.listing.title}
          </h3>
        </div>
        <p className="moderation-card-price admin-order-total">
          <span className="visually-hidden">Total: </span>
          {formatCurrency(order.totalCents)}
        </p>
      </div>
      <ul className="moderation-card-meta">
        <li>
          <UserIcon />
          <Person role="Solicitante" who={order.requester} />
        </li>
        <li>
          <MegaphoneIcon />
          <Person role="Anunciante" who={order.owner} />
        </li>
        <li>
          <PackageIcon />
          {whenLine(order)}
        </li>
        <li>
          <CalendarIcon />
          Pedido em {formatDate(order.createdAt)}
        </li>
      </ul>
      <RejectionReason status={order.status} reason={order.rejectionReason} />
      {canDecide && order.status === 'pending' ? (
        <div className="moderation-actions">
          <Button variant="danger-outline" size="sm" onClick={() => onReject(order)} disabled={busy}>
            <XIcon />
            Rejeitar
          </Button>
          <Button size="sm" onClick={() => onApprove(order)} loading={busy}>
            {busy ? null : <CheckIcon />}
            Aprovar
          </Button>
        </div>
      ) : null}
    </article>
  );
}
