import { PersonAvatar } from '../../../components/ui/person-avatar.tsx';
import { formatCalendarDate, formatCurrency } from '@vizinhanca/shared/format/format';
import { fornadaLabel } from '@vizinhanca/shared/fornadas/fornada.rules';
import { quantityText, whatsAppUrl } from '@vizinhanca/shared/orders/order.rules';
import { hoursText, PROBLEM_OPEN_LABEL } from '@vizinhanca/shared/orders/order.constants';
import type { OrderItem, OrderStatus } from '@vizinhanca/shared/orders/order.schema';
import { Link } from '@tanstack/react-router';
import { PAYABLE_ORDER_STATUSES } from '@vizinhanca/shared/pix/pix-key.constants';
import type { ReactNode } from 'react';
import { Badge, CountBadge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { CheckIcon, ClockIcon, MapPinIcon, StarIcon, UserIcon } from '../../../components/ui/icons.tsx';
import { ShoppingBagIcon } from '../../../components/ui/secondary-icons.tsx';
import { useUnreadMessages } from '../../../hooks/use-unread-messages.ts';
import { useMarkPaid } from '../hooks/use-order-actions.ts';
import { apartmentText, daysText, deliveryText, orderTitle, whenText } from '../order-format.ts';
import { MessageCircleIcon, MessageSquareIcon, TruckIcon } from '../../../components/ui/icons.tsx';
import { LISTING_TYPE_ICONS, OrderStatusBadge } from '../../../components/status-badges.tsx';

/** The card's top: the type icon on its colour, the title, the other person and the status. */
export function OrderCardHeader({ order, headingId }: { order: OrderItem; headingId: string }) {
  const type = order.listing?.type ?? null;
  const Icon = type ? LISTING_TYPE_ICONS[type] : ShoppingBagIcon;
  return (
    <div className={`orders-card-header${order.fornadaDay ? ' orders-card-header-fornada' : ''}`}>
      <span className={`icon-tile orders-type-icon ${type ? `icon-tile-type type-${type}` : 'orders-type-removed'}`} aria-hidden="true">
        <Icon />
      </span>
      <h2 className={`orders-card-title${order.listing ? '' : ' orders-card-title-removed'}`} id={headingId}>
        {orderTitle(order)}
      </h2>
      <OrderStatusBadge status={order.status} />
      {order.problemOpen ? <Badge variant="warning">{PROBLEM_OPEN_LABEL}</Badge> : null}
      {order.fornadaDay ? <p className="orders-card-fornada">{fornadaLabel(order.fornadaDay)}</p> : null}
      <p className="orders-card-person">
        {order.counterpart.avatarUrl ? (
          <PersonAvatar className="orders-card-avatar" fullName={order.counterpart.fullName} avatarUrl={order.counterpart.avatarUrl} />
        ) : (
          <UserIcon />
        )}
        <span>
          <Link to="/vizinho/$id" params={{ id: order.counterpart.id }} className="person-link">
            {order.counterpart.fullName}
          </Link>
          <span className="orders-card-apartment"> · {apartmentText(order.counterpart.apartment)}</span>
        </span>
      </p>
    </div>
  );
}

/** Rentals: 'Retirada dd/mm/aaaa', 'Devolução dd/mm/aaaa' and the days, both ends counted. */
export function OrderPeriod({ order }: { order: OrderItem }) {
  if (!order.startDate || !order.endDate) return null;
  return (
    <dl className="figures orders-period">
      <div>
        <dt>Retirada</dt> <dd>{formatCalendarDate(order.startDate)}</dd>
      </div>
      <div>
        <dt>Devolução</dt> <dd>{formatCalendarDate(order.endDate)}</dd>
      </div>
      <div>
        <dt>Duração</dt> <dd>{daysText(order.days ?? 1)}</dd>
      </div>
    </dl>
  );
}

/** How the order changes hands (the method, the address for deliveries, the agreed time) and the total. */
export function OrderSummary({ order }: { order: OrderItem }) {
  return (
    <div className="orders-summary">
      <OrderDelivery order={order} />
      <p className="orders-total">
        <span>Total</span> <strong>{formatCurrency(order.totalCents)}</strong>
      </p>
    </div>
  );
}

function OrderDelivery({ order }: { order: OrderItem }) {
  return (
    <ul className="orders-facts">
      {order.listing?.type === 'food' || order.quantity > 1 ? (
        <li>
          <ShoppingBagIcon />
          <span>Quantidade: {quantityText(order.quantity)}</span>
        </li>
      ) : null}
      {order.hours ? (
        <li>
          <ClockIcon />
          <span>Duração: {hoursText(order.hours)}</span>
        </li>
      ) : null}
      <li>
        <TruckIcon />
        <span>{deliveryText(order)}</span>
      </li>
      {order.deliveryAddress ? (
        <li>
          <MapPinIcon />
          <span>
            <span className="visually-hidden">Endereço: </span>
            {order.deliveryAddress}
          </span>
        </li>
      ) : null}
      {order.scheduledAt ? (
        <li>
          <ClockIcon />
          <span>{whenText(order.listing?.type ?? null, order.deliveryMethod, order.scheduledAt)}</span>
        </li>
      ) : null}
    </ul>
  );
}

/** 'Avaliado' once the user reviewed the other side. */
export function ReviewedBadge({ order }: { order: OrderItem }) {
  if (!order.reviewed) return null;
  return (
    <Badge variant="success" className="orders-reviewed">
      <CheckIcon />
      Avaliado
    </Badge>
  );
}

/** 'Avaliar' while the user can still review the other side (completed, within 14 days). */
export function ReviewButton({ order, onReview }: { order: OrderItem; onReview: (order: OrderItem) => void }) {
  if (!order.canReview) return null;
  return (
    <Button size="sm" onClick={() => onReview(order)}>
      <StarIcon />
      Avaliar
    </Button>
  );
}

/** A reason the other side wrote (rejection or cancellation). */
export function OrderReason({ title, children }: { title: string; children: ReactNode }) {
  return (
    <p className="notice notice-compact notice-danger orders-reason">
      <strong>{title}</strong>
      {children}
    </p>
  );
}

/** The reasons an order ended, when someone gave one. */
export function OrderEndReasons({ order }: { order: OrderItem }) {
  return (
    <>
      {order.status === 'rejected' && order.rejectionReason ? <OrderReason title="Motivo da rejeição">{order.rejectionReason}</OrderReason> : null}
      {order.status === 'cancelled' && order.cancellationReason ? (
        <OrderReason title="Motivo do cancelamento">{order.cancellationReason}</OrderReason>
      ) : null}
    </>
  );
}

/**
 * Opens WhatsApp with the other person (55 + their digits) and a text naming the
 * listing; not shown when they gave no phone.
 */
export function ContactButton({ order, label }: { order: OrderItem; label: string }) {
  const href = whatsAppUrl(order.counterpart.phone, order.listing?.title ?? null);
  if (!href) return null;
  return (
    <a className={buttonClassName({ variant: 'outline', size: 'sm', className: 'orders-contact' })} href={href} target="_blank" rel="noopener noreferrer">
      <MessageCircleIcon />
      {label}
    </a>
  );
}

/** 'Pago' once either side marked it; 'A pagar' while an approved order is not. */
export function PaymentBadge({ status, paidAt }: { status: OrderStatus; paidAt: Date | null }) {
  if (paidAt) return <Badge variant="success" className="orders-payment">Pago</Badge>;
  if (!isPayable(status)) return null;
  return <Badge variant="warning" className="orders-payment">A pagar</Badge>;
}

function isPayable(status: OrderStatus): boolean {
  return (PAYABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/** 'Marcar como pago': either side, on an approved (or later) order nobody marked paid yet. */
export function MarkPaidButton({ order }: { order: { id: string; status: OrderStatus; paidAt: Date | null } }) {
  const { markPaid, busyId } = useMarkPaid();
  if (!isPayable(order.status) || order.paidAt) return null;
  return (
    <Button variant="outline" size="sm" onClick={() => markPaid(order.id)} loading={busyId === order.id}>
      Marcar como pago
    </Button>
  );
}

/** 'Conversar': the order's conversation, with its unread messages. */
export function ConversationLink({ orderId }: { orderId: string }) {
  const unread = useUnreadMessages().byOrder.get(orderId) ?? 0;
  return (
    <Link to="/pedido/$id/conversa" params={{ id: orderId }} className={buttonClassName({ variant: 'outline', size: 'sm', className: 'orders-conversation' })}>
      <MessageSquareIcon />
      Conversar
      <CountBadge count={unread} srLabel={(count) => `${count} ${count === 1 ? 'mensagem não lida' : 'mensagens não lidas'}`} />
    </Link>
  );
}

/** What both sides' cards show under the dates: the total, the payment, why it ended and the review mark. */
export function OrderFacts({ order }: { order: OrderItem }) {
  return (
    <>
      <OrderSummary order={order} />
      <PaymentBadge status={order.status} paidAt={order.paidAt} />
      <OrderEndReasons order={order} />
      <ReviewedBadge order={order} />
    </>
  );
}

/** 'Pedido de <title>' at the top of an order's dialogs. */
export function OrderDialogSubject({ title }: { title: string }) {
  return (
    <p className="dialog-subject">
      Pedido de <strong>{title}</strong>
    </p>
  );
}
