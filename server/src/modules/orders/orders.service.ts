import { randomUUID } from 'node:crypto';
import { todayInTimeZone } from '@vizinhanca/shared/format/format';
import { limitRate } from '../throttle/throttle.service.ts';
import { imageUrl } from '@vizinhanca/shared/images/image.rules';
import type { DeliveryOption } from '@vizinhanca/shared/listings/listing.schema';
import {
  ACCOUNT_CLOSED_REASONS,
  ADMIN_ORDERS_LIMIT,
  ORDER_CREATED_MESSAGES,
  ORDER_MESSAGES,
  ORDER_NOTIFICATIONS,
  type AdminOrder,
  type CreateOrderFields,
  type MyOrders,
  type MyOrderTab,
  type OccupiedDates,
  type OrderItem,
  type OrderStatus,
  type ReceivedOrders,
  type ReceivedOrderTab,
} from '@vizinhanca/shared/orders/order.schema';
import {
  advanceNoticeError,
  MY_ORDER_TAB_STATUSES,
  needsPickupTime,
  needsSchedule,
  ORDER_TRANSITIONS,
  orderTotalCents,
  pickupTimeError,
  quantityError,
  RECEIVED_ORDER_TAB_STATUSES,
  rentalDays,
  rentalPeriodError,
  type OrderAction,
} from '@vizinhanca/shared/orders/order.rules';
import { PAYABLE_ORDER_STATUSES, PIX_MESSAGES, PIX_NOTIFICATIONS } from '@vizinhanca/shared/pix/pix-key.schema';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { pickFields } from '../../db/columns.ts';
import { pageOf } from '../../db/paging.ts';
import { AppError, EXCLUSION_VIOLATION, isConstraintViolation } from '../../errors.ts';
import * as listings from '../listings/listings.service.ts';
import { AUDIT_ACTIONS, type AuditAction } from '@vizinhanca/shared/audit/audit.schema';
import * as audit from '../audit/audit.service.ts';
import { REVIEW_WINDOW_DAYS } from '@vizinhanca/shared/reviews/review.schema';
import { notify } from '../notifications/notifications.service.ts';
import * as orders from './orders.repository.ts';
import { refuseIfHidden, type BlockView } from '../blocks/blocks.service.ts';
import { settleDeskLegs } from './desk-legs.service.ts';
import { conditionsByOrder, recordCondition, type ConditionInput } from './handover-conditions.service.ts';
import type { HandoverCondition, HandoverStage, OrderStepWithCondition } from '@vizinhanca/shared/orders/handover-condition.schema';
import type { DepositSettlement } from '@vizinhanca/shared/deposits/deposit.schema';
import { settlementsFor } from './deposit-records.service.ts';

const OVERLAP_CONSTRAINT = 'orders_rental_overlap_excl';
/** An order over a day the owner blocked (a trigger, like the exclusion constraint for booked days). */
const BLOCKED_DAY_CONSTRAINT = 'orders_blocked_day_excl';


// ---- Turning rows into what the API returns ----

const REVIEW_WINDOW_MS = REVIEW_WINDOW_DAYS * 24 * 60 * 60 * 1000;

interface OrderTermsRow {
  total_cents: number;
  quantity: number;
  hours: number | null;
  start_date: string | null;
  end_date: string | null;
  delivery_method: DeliveryOption;
  scheduled_at: Date | null;
}

/** What was ordered, as every order screen shows it: the total, portions, hours or rental days, and how it is handed over. */
function shownTerms(row: OrderTermsRow) {
  return {
    ...pickFields(row, ['total_cents', 'quantity', 'hours', 'start_date', 'end_date', 'delivery_method', 'scheduled_at']),
    days: row.start_date && row.end_date ? rentalDays(row.start_date, row.end_date) : null,
  };
}

function toItem(row: orders.OrderCardRow, side: 'requester' | 'owner', now: Date, extras: { handover: HandoverCondition[]; deposit: DepositSettlement | null }): OrderItem {
  const counterpartId = side === 'requester' ? row.owner_id : row.renter_id;
  return {
    id: row.id,
    status: row.status,
    listing: row.listing_deleted_at
      ? null
      : {
          id: row.listing_id,
          title: row.listing_title,
          type: row.listing_type,
          imageCardUrl: row.listing_image_id ? imageUrl(row.listing_image_id, 'card') : null,
        },
    counterpart: {
      id: counterpartId,
      fullName: row.counterpart_full_name,
      apartment: row.counterpart_apartment,
      phone: row.counterpart_phone,
      avatarUrl: row.counterpart_avatar_url,
    },
    ...shownTerms(row),
    deliveryAddress: row.delivery_address,
    message: row.message,
    rejectionReason: row.rejection_reason,
    cancellationReason: row.cancellation_reason,
    createdAt: row.created_at,
    approvedAt: row.approved_at,
    deliveredAt: row.delivered_at,
    completedAt: row.completed_at,
    paidAt: row.paid_at,
    pixAvailable: side === 'requester' && row.owner_has_pix_key && isPayable(row.status),
    // Each side reviews the other once, within 14 days of the completion.
    canReview: row.status === 'completed' && !row.reviewed && row.completed_at !== null && now.getTime() < row.completed_at.getTime() + REVIEW_WINDOW_MS,
    reviewed: row.reviewed,
    handover: extras.handover,
    depositCents: row.deposit_cents,
    deposit: extras.deposit,
    problemOpen: row.problem_open,
    fornadaDay: row.fornada_day,
  };
}

/** The cards of one side, each with the hand-over conditions recorded on it and its deposit's record. */
async function toItems(deps: AppDeps, rows: orders.OrderCardRow[], side: 'requester' | 'owner'): Promise<OrderItem[]> {
  const [conditions, records] = await Promise.all([
    conditionsByOrder(deps.db, rows.map((row) => row.id)),
    settlementsFor(deps, rows.filter((row) => row.deposit_cents > 0).map((row) => row.id)),
  ]);
  const now = deps.clock.now();
  return rows.map((row) => toItem(row, side, now, { handover: conditions.get(row.id) ?? [], deposit: records.get(row.id) ?? null }));
}

async function countsOf(db: Db, side: 'requester' | 'owner', userId: string): Promise<Record<OrderStatus, number>> {
  const counts: Record<OrderStatus, number> = { pending: 0, approved: 0, in_progress: 0, completed: 0, rejected: 0, cancelled: 0 };
  for (const row of await orders.countByStatus(db, side, userId)) counts[row.status] = Number(row.count);
  return counts;
}

// ---- The order dialog ----

/** The rental calendar: days held by other orders, and today in the condominium. */
export async function occupiedDates(deps: AppDeps, listingId: string): Promise<OccupiedDates> {
  const now = deps.clock.now();
  const listing = await listings.findPublic(deps.db, listingId, now);
  if (!listing) throw new AppError('NOT_FOUND', ORDER_MESSAGES.listingUnavailable);
  const day = todayInTimeZone(deps.config.CONDO_TIMEZONE, now);
  if (listing.type !== 'rental') return { ranges: [], today: day };
  // Days held by orders, and the days the owner blocked: both unavailable in the calendar.
  const [rows, blocked] = await Promise.all([orders.listOccupied(deps.db, listingId, day), listings.blockedDaysFrom(deps, listingId, day)]);
  const ranges = [...rows.map((row) => ({ start: row.start_date!, end: row.end_date! })), ...blocked.map((blockedDay) => ({ start: blockedDay, end: blockedDay }))];
  return { ranges: ranges.sort((a, b) => a.start.localeCompare(b.start)), today: day };
}

type OrderableListing = NonNullable<Awaited<ReturnType<typeof listings.findPublicForOrder>>>;

interface OrderTerms {
  startDate: string | null;
  endDate: string | null;
  days: number | null;
  deliveryMethod: DeliveryOption;
  deliveryAddress: string | null;
  scheduledAt: Date | null;
  quantity: number;
  /** A service priced per hour: how many hours; null for everything else. */
  hours: number | null;
}

/**
 * Checks the dialog's fields against the listing, as the product's rules say,
 * whatever the client checked. Rentals: a period of 1 to 30 days from today,
 * always pickup. Food and services: one of the listing's options; delivery
 * needs an address; scheduled, or advance-order food, needs a future time (with
 * the minimum notice for advance orders); ready food picked up needs a time today or
 * tomorrow, inside the seller's pickup window when set.
 */
function orderTerms(listing: OrderableListing, input: CreateOrderFields, when: { now: Date; today: string; timeZone: string }): OrderTerms {
  const { now } = when;
  if (listing.type === 'rental') {
    const problem = rentalPeriodError(input.startDate, input.endDate, when.today);
    if (problem) throw new AppError('BAD_REQUEST', problem.message, problem.reason);
    const days = rentalDays(input.startDate!, input.endDate!);
    return { startDate: input.startDate, endDate: input.endDate, days, deliveryMethod: 'pickup', deliveryAddress: null, scheduledAt: null, quantity: 1, hours: null };
  }
  if (listing.type === 'food') {
    const error = quantityError(input.quantity, listing.max_portions);
    if (error) throw new AppError('BAD_REQUEST', error);
  }
  const deliveryMethod = input.deliveryMethod ?? listing.delivery_options[0] ?? 'pickup';
  if (!listing.delivery_options.includes(deliveryMethod)) throw new AppError('BAD_REQUEST', ORDER_MESSAGES.deliveryNotOffered);
  if (deliveryMethod === 'delivery' && !input.deliveryAddress) throw new AppError('BAD_REQUEST', ORDER_MESSAGES.addressRequired);
  const advance = listing.type === 'food' && listing.requires_advance_order;
  const scheduledAt = input.scheduledAt;
  if (needsSchedule(listing.type, deliveryMethod, listing.requires_advance_order) && !scheduledAt) throw new AppError('BAD_REQUEST', ORDER_MESSAGES.scheduleRequired);
  if (scheduledAt && scheduledAt.getTime() <= now.getTime()) throw new AppError('BAD_REQUEST', ORDER_MESSAGES.schedulePast);
  if (advance && scheduledAt) {
    const error = advanceNoticeError(scheduledAt, listing.minimum_notice_hours ?? 24, now);
    if (error) throw new AppError('BAD_REQUEST', error);
  }
  if (needsPickupTime(listing.type, deliveryMethod, listing.requires_advance_order)) {
    const error = pickupTimeError(scheduledAt, listings.pickupWindowOf(listing), now, when.timeZone);
    if (error) throw new AppError('BAD_REQUEST', error);
  }
  return {
    startDate: null,
    endDate: null,
    days: null,
    deliveryMethod,
    deliveryAddress: deliveryMethod === 'delivery' ? input.deliveryAddress : null,
    scheduledAt,
    quantity: listing.type === 'food' ? input.quantity : 1,
    hours: listing.type === 'service' && listing.price_unit === 'hour' ? input.hours : null,
  };
}

/**
 * A new order, pending the owner's decision. The total is the server's. Days another
 * order holds are refused by the exclusion constraint (days the owner blocked, by
 * their trigger) when the order is written, with the commit: the refusal reads as the
 * dialog's message. The owner is told in the same transaction.
 */
export async function create(deps: AppDeps, requester: BlockView & { id: string; fullName: string }, input: CreateOrderFields) {
  await limitRate(deps, { name: 'ordersPerUser', subject: requester.id });
  const now = deps.clock.now();
  const todayDate = todayInTimeZone(deps.config.CONDO_TIMEZONE, now);
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const listing = await listings.findPublicForOrder(trx, input.listingId, now);
      if (!listing) throw new AppError('NOT_FOUND', ORDER_MESSAGES.listingUnavailable);
      if (listing.user_id === requester.id) throw new AppError('FORBIDDEN', ORDER_MESSAGES.ownListing);
      // From the session (dropped on every instance when a block changes): no extra round trip on the order's hot path.
      refuseIfHidden(requester, listing.user_id, { code: 'NOT_FOUND', message: ORDER_MESSAGES.listingUnavailable });
      const terms = orderTerms(listing, input, { now, today: todayDate, timeZone: deps.config.CONDO_TIMEZONE });
      // A second pending order for the same listing and time is usually a double tap: the dialog asks first.
      if (
        !terms.startDate &&
        !input.confirmDuplicate &&
        (await orders.hasPendingDuplicate(trx, { listingId: listing.id, renterId: requester.id, scheduledAt: terms.scheduledAt, timeZone: deps.config.CONDO_TIMEZONE }))
      ) {
        throw new AppError('CONFLICT', ORDER_MESSAGES.duplicatePending, 'ORDER_DUPLICATE_PENDING');
      }
      // Made here, so the order waits for the commit with the writes that name it (one statement).
      const id = randomUUID();
      await orders.insertOrderLater(trx, {
        id,
        listingId: listing.id,
        ownerId: listing.user_id,
        renterId: requester.id,
        totalCents: orderTotalCents(listing.type, listing.price_cents, terms.days, terms.quantity, terms.hours),
        quantity: terms.quantity,
        hours: terms.hours,
        startDate: terms.startDate,
        endDate: terms.endDate,
        deliveryMethod: terms.deliveryMethod,
        deliveryAddress: terms.deliveryAddress,
        scheduledAt: terms.scheduledAt,
        message: input.message,
        createdAt: deps.clock.now(),
        depositCents: listing.deposit_cents,
      });
      await audit.record(deps, trx, {
        actorId: requester.id,
        action: AUDIT_ACTIONS.orderCreated,
        targetType: 'order',
        targetId: id,
        // The listing's title as this transaction read it: the order is written in the same statement as the entry, which cannot read it back.
        targetLabel: listing.title,
        after: { listingId: listing.id, ownerId: listing.user_id, startDate: terms.startDate, endDate: terms.endDate, depositCents: listing.deposit_cents },
      });
      await notify(deps, trx, {
        userId: listing.user_id,
        type: 'order_status',
        relatedId: id,
        ...ORDER_NOTIFICATIONS.created({
          requesterName: requester.fullName,
          listingTitle: listing.title,
          type: listing.type,
          startDate: terms.startDate,
          endDate: terms.endDate,
          quantity: terms.quantity,
          hours: terms.hours,
          pickupAt: needsPickupTime(listing.type, terms.deliveryMethod, listing.requires_advance_order) ? terms.scheduledAt : null,
        }),
      });
      return { id, message: ORDER_CREATED_MESSAGES[listing.type] };
    });
  } catch (error) {
    // Another order holds one of these days, or the owner blocked one: the database refused the order.
    if (isConstraintViolation(error, EXCLUSION_VIOLATION, OVERLAP_CONSTRAINT) || isConstraintViolation(error, EXCLUSION_VIOLATION, BLOCKED_DAY_CONSTRAINT)) {
      throw new AppError('CONFLICT', ORDER_MESSAGES.invalidPeriod, 'ORDER_DAYS_TAKEN');
    }
    throw error;
  }
}

// ---- The two screens ----

export async function mine(deps: AppDeps, userId: string, tab: MyOrderTab): Promise<MyOrders> {
  const [counts, rows] = await Promise.all([
    countsOf(deps.db, 'requester', userId),
    orders.listForSide(deps.db, 'requester', userId, MY_ORDER_TAB_STATUSES[tab]),
  ]);
  const active = counts.approved + counts.in_progress;
  const finished = counts.completed + counts.rejected + counts.cancelled;
  return {
    counters: { total: counts.pending + active + finished, pending: counts.pending, active, finished },
    items: await toItems(deps, rows, 'requester'),
  };
}

export async function received(deps: AppDeps, userId: string, tab: ReceivedOrderTab): Promise<ReceivedOrders> {
  const [counts, rows] = await Promise.all([
    countsOf(deps.db, 'owner', userId),
    orders.listForSide(deps.db, 'owner', userId, RECEIVED_ORDER_TAB_STATUSES[tab]),
  ]);
  return {
    counters: {
      pending: counts.pending,
      approved: counts.approved,
      active: counts.in_progress,
      finished: counts.completed + counts.rejected + counts.cancelled,
    },
    items: await toItems(deps, rows, 'owner'),
  };
}

// ---- The lifecycle ----

/** Why this status does not allow this action, in the user's words. */
const WRONG_STATUS_MESSAGES: Record<OrderAction, string> = {
  approve: ORDER_MESSAGES.notPending,
  reject: ORDER_MESSAGES.notPending,
  cancel: ORDER_MESSAGES.cannotCancel,
  markDelivered: ORDER_MESSAGES.cannotDeliver,
  complete: ORDER_MESSAGES.cannotComplete,
};

type LockedOrder = NonNullable<Awaited<ReturnType<typeof orders.findForUpdate>>>;

/** How each step reads in the audit log. */
const TRANSITION_AUDIT_ACTIONS = {
  approve: AUDIT_ACTIONS.orderApproved,
  reject: AUDIT_ACTIONS.orderRejected,
  cancel: AUDIT_ACTIONS.orderCancelled,
  markDelivered: AUDIT_ACTIONS.orderDelivered,
  complete: AUDIT_ACTIONS.orderCompleted,
} as const satisfies Record<OrderAction, AuditAction>;

function notificationFor(action: OrderAction, order: LockedOrder, reason: string | null) {
  switch (action) {
    case 'approve':
      return { userId: order.renter_id, ...ORDER_NOTIFICATIONS.approved(order.listing_title) };
    case 'reject':
      return { userId: order.renter_id, ...ORDER_NOTIFICATIONS.rejected(order.listing_title, reason) };
    case 'cancel':
      return { userId: order.owner_id, ...ORDER_NOTIFICATIONS.cancelled(order.renter_full_name, order.listing_title, reason) };
    case 'markDelivered':
      return { userId: order.renter_id, ...ORDER_NOTIFICATIONS.delivered(order.listing_title, order.end_date) };
    case 'complete':
      return { userId: order.renter_id, ...ORDER_NOTIFICATIONS.completed(order.listing_title) };
  }
}

/** Who takes a step: one of the order's two people, the administration deciding a pending order, or the portaria handing the item over. */
interface TransitionActor {
  id: string;
  as: 'side' | 'admin' | 'desk';
}

/** Which order, which step, the optional reason a decision gives the other side, and the item's condition at a hand-over. */
interface TransitionStep {
  id: string;
  action: OrderAction;
  reason: string | null;
  condition?: ConditionInput;
}

/** The hand-over stage whose condition a step records. */
const CONDITION_STAGES: Partial<Record<OrderAction, HandoverStage>> = { markDelivered: 'delivery', complete: 'return' };

/**
 * One step of the lifecycle, with the order row locked: who calls (the owner or
 * the requester, as the transition says; the administration deciding a pending
 * order; the portaria giving the item out or back) and from which status.
 * Anything else is refused and changes nothing. The other side is told in the
 * same transaction (the portaria's steps tell both sides themselves).
 */
async function transition(deps: AppDeps, actor: TransitionActor, step: TransitionStep) {
  await deps.db.transaction().execute((trx) => transitionIn(deps, trx, actor, step));
  return { message: actor.as === 'admin' ? ORDER_MESSAGES.adminStatusUpdated : ORDER_MESSAGES.statusUpdated };
}

async function transitionIn(deps: AppDeps, trx: Db, actor: TransitionActor, { id, action, reason, condition }: TransitionStep) {
  const rule = ORDER_TRANSITIONS[action];
  const order = await orders.findForUpdate(trx, id);
  if (!order) throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
  if (actor.as === 'side') {
    const side = order.owner_id === actor.id ? 'owner' : order.renter_id === actor.id ? 'requester' : null;
    if (side !== rule.by) throw new AppError('FORBIDDEN', rule.by === 'owner' ? ORDER_MESSAGES.notOwner : ORDER_MESSAGES.notRequester);
  }
  if (!rule.from.includes(order.status)) throw new AppError('CONFLICT', WRONG_STATUS_MESSAGES[action]);
  if (action === 'approve' && order.listing_deleted_at) throw new AppError('CONFLICT', ORDER_MESSAGES.listingRemoved);
  if (action === 'markDelivered' && order.start_date) {
    // A rental is handed over on or after its first day, and to one neighbour at a time.
    if (order.start_date > deps.clock.today()) throw new AppError('CONFLICT', ORDER_MESSAGES.deliverBeforeStart(order.start_date));
    if (await orders.hasRentalInProgress(trx, order.listing_id, id)) throw new AppError('CONFLICT', ORDER_MESSAGES.rentalInProgress);
  }
  if (actor.as !== 'desk') {
    await settleDeskLegs(deps, trx, { orderId: id, cancelling: action === 'cancel', ownerId: order.owner_id, renterId: order.renter_id, listingTitle: order.listing_title });
  }

  await orders.setStatus(trx, id, { status: rule.to, at: deps.clock.now(), reason });
  const stage = CONDITION_STAGES[action];
  if (condition && stage) {
    await recordCondition(deps, trx, { orderId: id, listingType: order.listing_type, ownerId: order.owner_id, stage, condition });
  }
  await audit.record(deps, trx, {
    actorId: actor.id,
    action: TRANSITION_AUDIT_ACTIONS[action],
    targetType: 'order',
    targetId: id,
    before: { status: order.status },
    after: { status: rule.to },
    reason,
  });
  if (actor.as !== 'desk') await notify(deps, trx, { type: 'order_status', relatedId: id, ...notificationFor(action, order, reason) });
  if (actor.as === 'admin') {
    await notify(deps, trx, {
      userId: order.owner_id,
      type: 'order_status',
      relatedId: id,
      ...ORDER_NOTIFICATIONS.decidedByAdmin(order.listing_title, order.renter_full_name, action === 'approve'),
    });
  }
}

/** The portaria gives the item out (markDelivered) or back to the owner (complete), in the desk's transaction. */
export function transitionAtDesk(deps: AppDeps, trx: Db, step: { deskUserId: string; orderId: string; action: 'markDelivered' | 'complete' }) {
  return transitionIn(deps, trx, { id: step.deskUserId, as: 'desk' }, { id: step.orderId, action: step.action, reason: null });
}

/** The seller hands over one reservation of a batch ('Marcar todas como entregues'), in the batch's transaction, as 'Marcar como entregue' does. */
export function markDeliveredIn(deps: AppDeps, trx: Db, step: { ownerId: string; orderId: string }) {
  return transitionIn(deps, trx, { id: step.ownerId, as: 'side' }, { id: step.orderId, action: 'markDelivered', reason: null });
}

/** An order and the optional reason a decision on it gives the other side. */
interface OrderDecision {
  id: string;
  reason: string | null;
}

/** pending -> approved (the owner). */
export function approve(deps: AppDeps, userId: string, id: string) {
  return transition(deps, { id: userId, as: 'side' }, { id, action: 'approve', reason: null });
}

/** pending -> rejected (the owner), with an optional reason the requester reads. */
export function reject(deps: AppDeps, userId: string, { id, reason }: OrderDecision) {
  return transition(deps, { id: userId, as: 'side' }, { id, action: 'reject', reason });
}

/** pending | approved -> cancelled (the requester), with an optional reason the owner reads. */
export function cancel(deps: AppDeps, userId: string, { id, reason }: OrderDecision) {
  return transition(deps, { id: userId, as: 'side' }, { id, action: 'cancel', reason });
}

/** approved -> in_progress (the owner: 'Marcar como entregue'), with the rental's condition ('Estado na entrega') if given. */
export function markDelivered(deps: AppDeps, userId: string, { id, photos, note }: OrderStepWithCondition) {
  return transition(deps, { id: userId, as: 'side' }, { id, action: 'markDelivered', reason: null, condition: { photos, note } });
}

/** in_progress -> completed (the owner: 'Concluir'), with the rental's condition ('Estado na devolução') if given. */
export function complete(deps: AppDeps, userId: string, { id, photos, note }: OrderStepWithCondition) {
  return transition(deps, { id: userId, as: 'side' }, { id, action: 'complete', reason: null, condition: { photos, note } });
}

// ---- For the conversation and Pix modules ----

/** An order as one of its two people sees it, with their side; null for anyone else (or no such order). */
export async function forParticipant(deps: AppDeps, userId: string, id: string) {
  const row = await orders.findForParticipant(deps.db, id, userId);
  if (!row) return null;
  const side = row.renter_id === userId ? ('requester' as const) : ('owner' as const);
  return {
    id: row.id,
    side,
    status: row.status,
    ownerId: row.owner_id,
    requesterId: row.renter_id,
    owner: { id: row.owner_id, fullName: row.owner_full_name, apartment: row.owner_apartment, anonymized: row.owner_anonymized_at !== null },
    requester: { id: row.renter_id, fullName: row.renter_full_name, apartment: row.renter_apartment },
    listing: { id: row.listing_id, title: row.listing_title, type: row.listing_type, removed: row.listing_deleted_at !== null },
    totalCents: row.total_cents,
    hours: row.hours,
    depositCents: row.deposit_cents,
    startDate: row.start_date,
    endDate: row.end_date,
    deliveryMethod: row.delivery_method,
    scheduledAt: row.scheduled_at,
    paidAt: row.paid_at,
    completedAt: row.completed_at,
    rejectedAt: row.rejected_at,
    cancelledAt: row.cancelled_at,
    fornadaDay: row.fornada_day,
  };
}
export type ParticipantOrder = NonNullable<Awaited<ReturnType<typeof forParticipant>>>;

export function isPayable(status: OrderStatus): boolean {
  return (PAYABLE_ORDER_STATUSES as readonly OrderStatus[]).includes(status);
}

/**
 * 'Pago': either person of an approved (or later delivered or completed) order
 * says the money arrived; the other one is told. No money passes through the app.
 */
export async function markPaid(deps: AppDeps, user: { id: string; fullName: string }, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const order = await orders.findPaymentForUpdate(trx, id);
    if (!order) throw new AppError('NOT_FOUND', ORDER_MESSAGES.notFound);
    const other = order.owner_id === user.id ? order.renter_id : order.renter_id === user.id ? order.owner_id : null;
    if (!other) throw new AppError('FORBIDDEN', PIX_MESSAGES.notParticipant);
    if (!isPayable(order.status)) throw new AppError('CONFLICT', PIX_MESSAGES.cannotMarkPaid);
    if (order.paid_at) throw new AppError('CONFLICT', PIX_MESSAGES.alreadyPaid);
    await orders.setPaid(trx, id, user.id, deps.clock.now());
    await audit.record(deps, trx, { actorId: user.id, action: AUDIT_ACTIONS.orderMarkedPaid, targetType: 'order', targetId: id, before: { paid: false }, after: { paid: true } });
    await notify(deps, trx, { userId: other, type: 'order_status', relatedId: id, ...PIX_NOTIFICATIONS.paid(user.fullName, order.listing_title) });
  });
  return { message: PIX_MESSAGES.markedPaid };
}

// ---- The administration ----

export async function adminList(deps: AppDeps, status: OrderStatus | null, cursor: string | null): Promise<{ items: AdminOrder[]; nextCursor: string | null }> {
  const rows = await orders.listForAdmin(deps.db, status, cursor, ADMIN_ORDERS_LIMIT);
  return pageOf(rows, ADMIN_ORDERS_LIMIT, (row) => ({
    id: row.id,
    status: row.status,
    listing: { id: row.listing_id, title: row.listing_title, type: row.listing_type, removed: row.listing_deleted_at !== null },
    requester: { id: row.renter_id, fullName: row.renter_full_name, apartment: row.renter_apartment },
    owner: { id: row.owner_id, fullName: row.owner_full_name, apartment: row.owner_apartment },
    ...shownTerms(row),
    rejectionReason: row.rejection_reason,
    createdAt: row.created_at,
  }));
}

/** pending -> approved by an admin; both sides are told. */
export function adminApprove(deps: AppDeps, adminId: string, id: string) {
  return transition(deps, { id: adminId, as: 'admin' }, { id, action: 'approve', reason: null });
}

/** pending -> rejected by an admin, with an optional reason; both sides are told. */
export function adminReject(deps: AppDeps, adminId: string, { id, reason }: OrderDecision) {
  return transition(deps, { id: adminId, as: 'admin' }, { id, action: 'reject', reason });
}

export { confirmCondition, recordConditionAlone } from './handover-conditions.service.ts';
export { settlementsFor } from './deposit-records.service.ts';

/** The conditions recorded on one order (the conversation's header; staff looking into a problem). */
export async function handoverOf(deps: Pick<AppDeps, 'db'>, orderId: string): Promise<HandoverCondition[]> {
  return (await conditionsByOrder(deps.db, [orderId])).get(orderId) ?? [];
}

// What other modules (activity, profile stats, reviews) may read of orders.
export { countAsRequester, findForUpdate, listRecentForUser, listSidesFor } from './orders.repository.ts';

// ---- Suspension and anonymisation (called by the users module, inside its transaction) ----

/**
 * An order ended by the administration (a suspension, an account closure), not by its two people:
 * cancelled with the reason, and the portaria's legs settled as at any cancellation (an item at
 * the desk waits there for its owner, 'Devolvido ao dono', both told; a code not used yet dies).
 */
async function cancelByAdministration(deps: AppDeps, trx: Db, order: { id: string; owner_id: string; renter_id: string; listing_title: string }, reason: string) {
  await settleDeskLegs(deps, trx, { orderId: order.id, cancelling: true, ownerId: order.owner_id, renterId: order.renter_id, listingTitle: order.listing_title });
  await orders.setStatus(trx, order.id, { status: 'cancelled', at: deps.clock.now(), reason });
}

/** A suspended owner cannot answer: their pending orders are cancelled with a reason, and each requester is told. */
export async function cancelPendingAsOwner(deps: AppDeps, trx: Db, { actorId, ownerId, reason }: { actorId: string; ownerId: string; reason: string }) {
  const pending = await orders.lockPendingAsOwner(trx, ownerId);
  for (const order of pending) {
    await cancelByAdministration(deps, trx, order, reason);
    await notify(deps, trx, {
      userId: order.renter_id,
      type: 'order_status',
      relatedId: order.id,
      ...ORDER_NOTIFICATIONS.cancelledByAdministration(order.listing_title, reason),
    });
    await audit.record(deps, trx, {
      actorId,
      action: AUDIT_ACTIONS.orderCancelledBySuspension,
      targetType: 'order',
      targetId: order.id,
      before: { status: 'pending' },
      after: { status: 'cancelled' },
      reason,
    });
  }
  return pending.length;
}

/**
 * A closed account (LGPD anonymisation) leaves no order open: every pending,
 * approved or in-progress order of the person, as owner or requester, is
 * cancelled with the account-closure reason, and the other side is told
 * (docs/decisions/019-account-closure-ends-orders.md).
 */
export async function cancelOpenOrdersOfClosedAccount(deps: AppDeps, trx: Db, { actorId, userId }: { actorId: string; userId: string }) {
  const open = await orders.lockOpenOrdersOf(trx, userId);
  for (const order of open) {
    const closedSide = order.owner_id === userId ? ('owner' as const) : ('requester' as const);
    const reason = ACCOUNT_CLOSED_REASONS[closedSide];
    await cancelByAdministration(deps, trx, order, reason);
    await notify(deps, trx, {
      userId: closedSide === 'owner' ? order.renter_id : order.owner_id,
      type: 'order_status',
      relatedId: order.id,
      ...ORDER_NOTIFICATIONS.endedByAccountClosure({
        listingTitle: order.listing_title,
        closedSide,
        wasInProgress: order.status === 'in_progress',
        type: order.listing_type,
      }),
    });
    await audit.record(deps, trx, {
      actorId,
      action: AUDIT_ACTIONS.orderCancelledByAccountClosure,
      targetType: 'order',
      targetId: order.id,
      before: { status: order.status },
      after: { status: 'cancelled' },
      reason,
    });
  }
  return open.length;
}

export const pendingCount = (deps: AppDeps) => orders.countPending(deps.db);
export const streamForExport = (db: Db) => orders.streamForExport(db);
