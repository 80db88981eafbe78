import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { formatCalendarDate, formatDate, formatTime } from '../format/format.ts';
import { DELIVERY_OPTIONS, LISTING_TYPES, type ListingType } from '../listings/listing.schema.ts';
import { depositSettlementSchema } from '../deposits/deposit.schema.ts';
import {
  DELIVERY_ADDRESS_MAX_LENGTH,
  MY_ORDER_TABS,
  ORDER_HOURS_MAX,
  ORDER_HOURS_MIN,
  ORDER_MESSAGE_MAX_LENGTH,
  ORDER_MESSAGES,
  ORDER_QUANTITY_MAX,
  ORDER_QUANTITY_MIN,
  ORDER_REASON_MAX_LENGTH,
  ORDER_STATUSES,
  RECEIVED_ORDER_TABS,
  hoursText,
} from './order.constants.ts';
import { handoverConditionSchema } from './handover-condition.schema.ts';

// Orders: the schemas of the inputs and answers (docs/product.md §10.8, §10.13, §10.15, §4.2, §11).
// The Zod-free values live in order.constants.ts (the order dialog loads them without Zod).
export * from './order.constants.ts';

/** The success toast of the order dialog, per type (docs/product.md §10.8 titles). */
export const ORDER_CREATED_MESSAGES: Record<ListingType, string> = {
  rental: 'Solicitação registrada! Combine a retirada com o anunciante pelo WhatsApp.',
  food: 'Pedido registrado! Combine a entrega com o anunciante pelo WhatsApp.',
  service: 'Pedido enviado com sucesso! Combine os detalhes com o prestador pelo WhatsApp.',
};

const period = (startDate: string | null, endDate: string | null) =>
  startDate && endDate ? ` de ${formatCalendarDate(startDate)} a ${formatCalendarDate(endDate)}` : '';
const because = (reason: string | null) => (reason ? ` Motivo: ${reason}` : '');

/** The in-app notifications of the lifecycle: each transition tells the other side. */
export const ORDER_NOTIFICATIONS = {
  /** To the owner. */
  created: (o: {
    requesterName: string;
    listingTitle: string;
    type: ListingType;
    startDate: string | null;
    endDate: string | null;
    quantity: number;
    /** A service priced per hour: how many hours; null or left out otherwise. */
    hours?: number | null;
    /** Ready food picked up: when the requester comes for it; null or left out otherwise. */
    pickupAt?: Date | null;
  }) => ({
    title: 'Novo pedido recebido',
    message:
      o.type === 'rental'
        ? `${o.requesterName} quer alugar "${o.listingTitle}"${period(o.startDate, o.endDate)}.`
        : o.type === 'food'
          ? `${o.requesterName} fez um pedido de ${o.quantity > 1 ? `${o.quantity} × ` : ''}"${o.listingTitle}".${o.pickupAt ? ` Retirada em ${formatDate(o.pickupAt)} às ${formatTime(o.pickupAt)}.` : ''}`
          : `${o.requesterName} solicitou o serviço "${o.listingTitle}"${o.hours ? ` por ${hoursText(o.hours)}` : ''}.`,
  }),
  /** To the requester. */
  approved: (listingTitle: string) => ({
    title: 'Pedido aprovado! 🎉',
    message: `Seu pedido de "${listingTitle}" foi aprovado. Combine os detalhes com o anunciante pelo WhatsApp.`,
  }),
  /** To the requester. */
  rejected: (listingTitle: string, reason: string | null) => ({
    title: 'Pedido rejeitado',
    message: `Seu pedido de "${listingTitle}" foi rejeitado.${because(reason)}`,
  }),
  /** To the owner. */
  cancelled: (requesterName: string, listingTitle: string, reason: string | null) => ({
    title: 'Pedido cancelado',
    message: `${requesterName} cancelou o pedido de "${listingTitle}".${because(reason)}`,
  }),
  /** To the requester, when the owner's account was suspended before answering. */
  cancelledByAdministration: (listingTitle: string, reason: string) => ({
    title: 'Pedido cancelado',
    message: `Seu pedido de "${listingTitle}" foi cancelado pela administração.${because(reason)}`,
  }),
  /** To the requester: the item was picked up, the food handed over or the service started. */
  delivered: (listingTitle: string, endDate: string | null) => ({
    title: 'Pedido em andamento',
    message: endDate
      ? `A retirada de "${listingTitle}" foi registrada. Devolução até ${formatCalendarDate(endDate)}.`
      : `Seu pedido de "${listingTitle}" foi marcado como entregue.`,
  }),
  /** To the requester. */
  completed: (listingTitle: string) => ({
    title: 'Pedido concluído',
    message: `Seu pedido de "${listingTitle}" foi concluído. Que tal avaliar o anunciante?`,
  }),
  /**
   * To the other side of an open order whose person's account was closed (LGPD anonymisation):
   * the order ends, and whoever holds a rental item is told how it goes back.
   */
  endedByAccountClosure: (o: { listingTitle: string; closedSide: 'owner' | 'requester'; wasInProgress: boolean; type: ListingType }) => ({
    title: 'Pedido cancelado: conta encerrada',
    message:
      o.closedSide === 'owner'
        ? `Seu pedido de "${o.listingTitle}" foi cancelado porque a conta do anunciante foi encerrada.${
            o.wasInProgress && o.type === 'rental' ? ' Combine a devolução do item com a administração do condomínio.' : ''
          }`
        : `O pedido de "${o.listingTitle}" foi cancelado porque a conta de quem pediu foi encerrada.${
            o.wasInProgress && o.type === 'rental' ? ' Procure a administração do condomínio para reaver o item.' : ''
          }`,
  }),
  /** To the owner, when the administration decided on their order. */
  decidedByAdmin: (listingTitle: string, requesterName: string, approved: boolean) => ({
    title: approved ? 'Pedido aprovado pela administração' : 'Pedido rejeitado pela administração',
    message: `A administração ${approved ? 'aprovou' : 'rejeitou'} o pedido de ${requesterName} para "${listingTitle}".`,
  }),
} as const;

// ---- Inputs ----

export const orderIdSchema = z.uuid({ message: ORDER_MESSAGES.notFound });
const listingIdSchema = z.uuid({ message: ORDER_MESSAGES.listingUnavailable });

/** A calendar date 'YYYY-MM-DD' (no time, no zone); a malformed one is an invalid period. */
const calendarDateSchema = z.iso
  .date({ message: ORDER_MESSAGES.invalidPeriod })
  .nullish()
  .transform((date) => date ?? null);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((text) => (text ? text : null));

/** An ISO date-time with its offset ('2026-12-01T12:00:00-03:00') or a Date (superjson). */
export const scheduledAtSchema = z
  .union([z.iso.datetime({ offset: true, error: ORDER_MESSAGES.invalidSchedule }), z.date({ error: ORDER_MESSAGES.invalidSchedule })], {
    error: ORDER_MESSAGES.invalidSchedule,
  })
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : typeof value === 'string' ? new Date(value) : value));

/** A whole number from min to max (1 when left out), with one message for every way it is wrong. */
function countBetween(min: number, max: number, message: string) {
  return z.number({ error: message }).int(message).min(min, message).max(max, message).default(1);
}

/**
 * The order dialog. The total is never sent: the server computes it. Keys that
 * are not here (a total, a status, an owner) are dropped.
 */
export const createOrderSchema = z.object({
  listingId: listingIdSchema,
  /** Rentals: the first and last day, both included. */
  startDate: calendarDateSchema,
  endDate: calendarDateSchema,
  /** Food and services: one of the listing's delivery options (default the first). Rentals are always pickup. */
  deliveryMethod: z
    .enum(DELIVERY_OPTIONS, { error: ORDER_MESSAGES.deliveryNotOffered })
    .nullish()
    .transform((method) => method ?? null),
  deliveryAddress: optionalText(DELIVERY_ADDRESS_MAX_LENGTH, ORDER_MESSAGES.addressTooLong),
  scheduledAt: scheduledAtSchema,
  message: optionalText(ORDER_MESSAGE_MAX_LENGTH, ORDER_MESSAGES.messageTooLong),
  /** Food: how many units (1-99). Rentals and services are always one. */
  quantity: countBetween(ORDER_QUANTITY_MIN, ORDER_QUANTITY_MAX, ORDER_MESSAGES.invalidQuantity),
  /** Services priced per hour: how many hours (1-12). Anything else ignores it. */
  hours: countBetween(ORDER_HOURS_MIN, ORDER_HOURS_MAX, ORDER_MESSAGES.invalidHours),
  /** Sent after the person confirmed a second pending order for the same listing and time. */
  confirmDuplicate: z.boolean().default(false),
});
export type CreateOrderInput = z.input<typeof createOrderSchema>;
export type CreateOrderFields = z.output<typeof createOrderSchema>;

export const occupiedDatesInputSchema = z.object({ listingId: listingIdSchema });

export const myOrdersInputSchema = z
  .object({ tab: z.enum(MY_ORDER_TABS, { error: ORDER_MESSAGES.invalidTab }).default('all') })
  .default({ tab: 'all' });

export const receivedOrdersInputSchema = z
  .object({ tab: z.enum(RECEIVED_ORDER_TABS, { error: ORDER_MESSAGES.invalidTab }).default('pending') })
  .default({ tab: 'pending' });

export const orderByIdSchema = z.object({ id: orderIdSchema });

/** Reject and cancel take an optional reason the other side reads. */
export const orderDecisionSchema = z.object({ id: orderIdSchema, reason: optionalText(ORDER_REASON_MAX_LENGTH, ORDER_MESSAGES.reasonTooLong) });

export const adminOrdersInputSchema = z
  .object({
    status: z
      .enum(ORDER_STATUSES, { error: ORDER_MESSAGES.invalidStatus })
      .nullish()
      .transform((status) => status ?? null),
    /** The id of the last order seen: the next page starts after it (keyset). */
    cursor: z.uuid({ message: 'Página inválida' }).nullish().transform((cursor) => cursor ?? null),
  })
  .default({ status: null, cursor: null });

// ---- What the API returns ----

const dateRangeSchema = z.object({ start: z.string(), end: z.string() });
export type DateRange = z.infer<typeof dateRangeSchema>;

/** The rental calendar: periods held by pending, approved or in_progress orders, and today in the condominium. */
export const occupiedDatesSchema = z.object({ ranges: z.array(dateRangeSchema), today: z.string() });
export type OccupiedDates = z.infer<typeof occupiedDatesSchema>;

export const createOrderOutputSchema = z.object({ id: z.string(), message: z.string() });

/** The other person of an order as the cards show them: never e-mail or CPF. */
const counterpartSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  apartment: z.string().nullable(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

/** One card of /meus-pedidos and /gerenciar-pedidos. */
export const orderItemSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Null once the listing was deleted: the cards show 'Item removido'. */
  listing: z.object({ id: z.string(), title: z.string(), type: z.enum(LISTING_TYPES), imageCardUrl: z.string().nullable() }).nullable(),
  /** The owner on /meus-pedidos, the requester on /gerenciar-pedidos. */
  counterpart: counterpartSchema,
  totalCents: z.number().int(),
  /** Food units ordered (1 for rentals and services). */
  quantity: z.number().int(),
  /** A service priced per hour: the hours ordered ('3 horas'); null for everything else. */
  hours: z.number().int().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** Rental days, both ends included. */
  days: z.number().int().nullable(),
  deliveryMethod: z.enum(DELIVERY_OPTIONS),
  deliveryAddress: z.string().nullable(),
  scheduledAt: z.date().nullable(),
  message: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  createdAt: z.date(),
  approvedAt: z.date().nullable(),
  deliveredAt: z.date().nullable(),
  completedAt: z.date().nullable(),
  /** Either side marked it 'Pago' (approved orders not yet paid read 'A pagar'). */
  paidAt: z.date().nullable(),
  /** The requester's card: the owner has a Pix key and the order can be paid ('Pagar com Pix'). */
  pixAvailable: z.boolean(),
  /** Completed, not reviewed by the caller yet, within 14 days of the completion ('Avaliar', on both screens). */
  canReview: z.boolean(),
  /** The caller already reviewed the other side. */
  reviewed: z.boolean(),
  /** Rentals: the item's condition the owner recorded at the hand-over and at the return ('Estado na entrega', 'Estado na devolução'). */
  handover: z.array(handoverConditionSchema),
  /** Rentals: the deposit asked when the order was made (caução), 0 for none. */
  depositCents: z.number().int(),
  /** The owner's record of the deposit at the end (and the requester's answer); null before it. */
  deposit: depositSettlementSchema.nullable(),
  /** A problem on the order waits for the administration ('Em análise'). */
  problemOpen: z.boolean(),
  /** A reservation's batch day ('YYYY-MM-DD': 'Fornada de sábado, 12/12'); null for other orders. */
  fornadaDay: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

export const myOrdersSchema = z.object({
  counters: z.object({ total: z.number().int(), pending: z.number().int(), active: z.number().int(), finished: z.number().int() }),
  items: z.array(orderItemSchema),
});
export type MyOrders = z.infer<typeof myOrdersSchema>;

export const receivedOrdersSchema = z.object({
  counters: z.object({ pending: z.number().int(), approved: z.number().int(), active: z.number().int(), finished: z.number().int() }),
  items: z.array(orderItemSchema),
});
export type ReceivedOrders = z.infer<typeof receivedOrdersSchema>;

const personSchema = z.object({ id: z.string(), fullName: z.string(), apartment: z.string().nullable() });

/** An order in the admin panel: both people by name and apartment. */
export const adminOrderSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Admins still see what a deleted listing was (removed = true). */
  listing: z.object({ id: z.string(), title: z.string(), type: z.enum(LISTING_TYPES), removed: z.boolean() }),
  requester: personSchema,
  owner: personSchema,
  totalCents: z.number().int(),
  quantity: z.number().int(),
  hours: z.number().int().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  days: z.number().int().nullable(),
  deliveryMethod: z.enum(DELIVERY_OPTIONS),
  scheduledAt: z.date().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.date(),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrdersSchema = z.object({ items: z.array(adminOrderSchema), nextCursor: z.string().nullable() });

/** Home 'recent activity' (docs/product.md §10.5): orders and notifications merged, newest first. */
export const RECENT_ACTIVITY_FETCHED = 5;
export const RECENT_ACTIVITY_SHOWN = 4;

/** Where an activity row leads: an order (on the screen of the caller's side) or the owner's view of a listing. */
export const activityTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('order'), id: z.string(), side: z.enum(['requester', 'owner']), status: z.enum(ORDER_STATUSES) }),
  z.object({ kind: z.literal('listing'), id: z.string() }),
  /** An announcement's notification: /comunicados. */
  z.object({ kind: z.literal('announcements') }),
]);
export type ActivityTarget = z.infer<typeof activityTargetSchema>;

export const activityItemSchema = z.object({
  kind: z.enum(['order', 'notification']),
  id: z.string(),
  title: z.string(),
  description: z.string(),
  /** The marker colour: green rental, orange food, blue service; null (purple) for notifications. */
  listingType: z.enum(LISTING_TYPES).nullable(),
  createdAt: z.date(),
  /** Null when there is nothing to open (an account notification, an order or listing that is gone). */
  target: activityTargetSchema.nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

export const recentActivitySchema = z.array(activityItemSchema);
