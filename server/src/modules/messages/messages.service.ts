import { conversationClosesAt, isConversationOpen, orderEndedAt } from '@vizinhanca/shared/messages/message.rules';
import { imageUrl } from '@vizinhanca/shared/images/image.rules';
import {
  INBOX_PAGE_SIZE,
  INBOX_PREVIEW_LENGTH,
  MESSAGE_MESSAGES,
  type Inbox,
  THREAD_LIMIT,
  type StaffThread,
  type Thread,
  type UnreadMessages,
} from '@vizinhanca/shared/messages/message.schema';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { keysetPage } from '../../db/paging.ts';
import { AppError } from '../../errors.ts';
import { eventPayloadText } from '../../realtime/event-content.ts';
import * as orders from '../orders/orders.service.ts';
import * as pix from '../pix/pix.service.ts';
import { limitRate } from '../throttle/throttle.service.ts';
import { deliverMessageJob } from './message-delivery.ts';
import * as messages from './messages.repository.ts';
import { isHidden, type BlockView } from '../blocks/blocks.service.ts';
import { BLOCK_MESSAGES } from '@vizinhanca/shared/blocks/block.schema';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import * as audit from '../audit/audit.service.ts';
import { MESSAGES_CHANGED_KIND, PROBLEM_THREAD_CHANGED_KIND } from '@vizinhanca/shared/realtime/realtime-event';

/**
 * Live event to both people of an order when its thread changed (a new message,
 * messages read): their tabs refetch that order's thread and the unread counts.
 */
function publishChanged(deps: AppDeps, db: Db, order: orders.ParticipantOrder) {
  return deps.bus.publishToEach(db, [order.requesterId, order.ownerId], { kind: MESSAGES_CHANGED_KIND, payload: { orderId: order.id } });
}

/** The order, if the user is one of its two people; anyone else (a guessed id included) reads "not found". */
async function participantOrder(deps: AppDeps, userId: string, orderId: string) {
  const order = await orders.forParticipant(deps, userId, orderId);
  if (!order) throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.notFound);
  return order;
}

/** /pedido/{id}/conversa: the order's summary and status, its messages, and whether it is still open. */
export async function thread(deps: AppDeps, viewer: BlockView & { id: string }, orderId: string): Promise<Thread> {
  const userId = viewer.id;
  const order = await participantOrder(deps, userId, orderId);
  const [rows, ownerHasKey, handover, depositRecords] = await Promise.all([
    messages.listThread(deps.db, order.id, { limit: THREAD_LIMIT, reportedBy: userId }),
    pix.hasKey(deps, order.ownerId),
    orders.handoverOf(deps, order.id),
    order.depositCents > 0 ? orders.settlementsFor(deps, [order.id]) : null,
  ]);
  const endedAt = orderEndedAt(order);
  const counterpart = order.side === 'requester' ? order.owner : order.requester;
  return {
    order: {
      id: order.id,
      status: order.status,
      side: order.side,
      listing: order.listing,
      counterpart,
      totalCents: order.totalCents,
      hours: order.hours,
      startDate: order.startDate,
      endDate: order.endDate,
      deliveryMethod: order.deliveryMethod,
      scheduledAt: order.scheduledAt,
      paidAt: order.paidAt,
      pixAvailable: ownerHasKey && orders.isPayable(order.status),
      handover,
      depositCents: order.depositCents,
      deposit: depositRecords?.get(order.id) ?? null,
      fornadaDay: order.fornadaDay,
    },
    messages: rows.map((row) => ({
      id: row.id,
      clientId: row.client_id,
      body: row.body,
      mine: row.sender_id === userId,
      senderName: row.sender_full_name,
      fromStaff: row.problem_id !== null,
      createdAt: row.created_at,
      readAt: row.read_at,
      reported: row.reported,
    })),
    open: isConversationOpen(endedAt, deps.clock.now()),
    // The order runs to its end, but neither writes to the other any more; only the one who blocked is shown why.
    blockedByMe: viewer.blockedIds.includes(counterpart.id),
    closesAt: conversationClosesAt(endedAt),
  };
}

/**
 * A message from one person of the order to the other, while the thread is open.
 * Sent twice with the same clientId (a retry after the network came back), it is stored once.
 * Three round trips in the transaction (the chat's latency): one statement reads
 * the order as the sender takes part in it, stores the message and tells both people
 * (messages.repository.ts, sendToOrder); then the job; then the commit.
 */
export async function send(deps: AppDeps, sender: BlockView & { id: string; fullName: string }, input: { orderId: string; body: string; clientId: string }) {
  const userId = sender.id;
  await limitRate(deps, { name: 'messagesPerUser', subject: userId, message: MESSAGE_MESSAGES.tooMany });
  const now = deps.clock.now();
  // The order's id as Postgres writes a uuid (lower case), as the other events carry it.
  const orderId = input.orderId.toLowerCase();
  const event = {
    kind: MESSAGES_CHANGED_KIND,
    payloadText: eventPayloadText({ kind: MESSAGES_CHANGED_KIND, payload: { orderId } }),
    recipientPayloadText: eventPayloadText({ kind: MESSAGES_CHANGED_KIND, payload: { orderId, newMessageFrom: sender.fullName } }),
    staffEvent: { kind: PROBLEM_THREAD_CHANGED_KIND, payloadText: eventPayloadText({ kind: PROBLEM_THREAD_CHANGED_KIND, payload: { orderId } }) },
  };
  return deps.db.transaction().execute(async (trx) => {
    const sent = await messages.sendToOrder(trx, { ...input, senderId: userId, createdAt: now }, event);
    // Anyone else, a guessed id included, reads "not found"; nothing was written.
    if (!sent) throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.notFound);
    // A block either way (the session's, dropped on every instance when it changes): rolled back with its events.
    if (isHidden(sender, sent.renter_id === userId ? sent.owner_id : sent.renter_id)) throw new AppError('FORBIDDEN', BLOCK_MESSAGES.cannotWrite);
    // Thrown inside the transaction: a message the statement stored is rolled back with its events.
    if (!isConversationOpen(orderEndedAt({ completedAt: sent.completed_at, rejectedAt: sent.rejected_at, cancelledAt: sent.cancelled_at }), now)) {
      throw new AppError('FORBIDDEN', MESSAGE_MESSAGES.closed);
    }
    if (sent.message_id === null) {
      const first = await messages.findSent(trx, userId, input.clientId);
      if (first.order_id !== sent.id) throw new AppError('CONFLICT', MESSAGE_MESSAGES.notFound);
      return { id: first.id, clientId: first.client_id, createdAt: first.created_at };
    }
    // Push and e-mail to the other person, by their 'mensagens' switch; enqueued with the message, once.
    await deps.queue.enqueue(trx, deliverMessageJob, { messageId: sent.message_id }, { key: `message:${sent.message_id}` });
    return { id: sent.message_id, clientId: sent.message_client_id!, createdAt: sent.message_created_at! };
  });
}

/** The thread is on the user's screen: the other person's messages are read (their ticks turn). */
export async function markRead(deps: AppDeps, userId: string, orderId: string) {
  const order = await participantOrder(deps, userId, orderId);
  await deps.db.transaction().execute(async (trx) => {
    const changed = await messages.markRead(trx, order.id, userId, deps.clock.now());
    if (changed > 0) await publishChanged(deps, trx, order);
  });
}

/** /mensagens: a page of the person's conversations, the most recently active first. */
export async function inbox(deps: AppDeps, userId: string, cursor: string | null): Promise<Inbox> {
  const rows = await messages.listInbox(deps.db, userId, { cursor, limit: INBOX_PAGE_SIZE, previewLength: INBOX_PREVIEW_LENGTH });
  const now = deps.clock.now();
  const page = keysetPage(
    rows,
    INBOX_PAGE_SIZE,
    (row) => ({
      orderId: row.order_id,
      lastMessageId: row.last_id,
      counterpart: { id: row.counterpart_id, fullName: row.counterpart_full_name, avatarUrl: row.counterpart_avatar_url },
      listing: row.listing_deleted_at
        ? null
        : { title: row.listing_title, imageCardUrl: row.listing_image_id ? imageUrl(row.listing_image_id, 'card') : null },
      lastMessage: { body: row.last_body, mine: row.last_mine, createdAt: row.last_created_at },
      unread: row.unread,
      open: isConversationOpen(orderEndedAt({ completedAt: row.completed_at, rejectedAt: row.rejected_at, cancelledAt: row.cancelled_at }), now),
    }),
    (row) => row.last_id,
  );
  return { conversations: page.items, nextCursor: page.nextCursor };
}

/** Unread messages per order (the order cards) and their total ('Mensagens' on home and the profile). */
export async function unread(deps: AppDeps, userId: string): Promise<UnreadMessages> {
  const rows = await messages.unreadByOrder(deps.db, userId);
  const byOrder = rows.map((row) => ({ orderId: row.order_id, count: Number(row.count) }));
  return { total: byOrder.reduce((sum, row) => sum + row.count, 0), byOrder };
}

/** A message about to be reported, locked in the reporter's transaction; undefined when there is none. */
export function findForReport(db: Db, messageId: string) {
  return messages.findForReport(db, messageId);
}

// ---- The administration ----

/**
 * Staff write in an order's thread they are not part of only here, answering one of its
 * open problems (the problems module checks the problem, the database checks it again):
 * stored once per clientId, both people and the staff told live in the same transaction.
 */
export async function sendAsStaff(deps: AppDeps, trx: Db, message: { orderId: string; requesterId: string; ownerId: string; problemId: string; staffId: string; body: string; clientId: string }) {
  const stored = await messages.insertStaffMessage(trx, { ...message, senderId: message.staffId, createdAt: deps.clock.now() });
  if (stored) {
    await deps.bus.publishToEach(trx, [message.requesterId, message.ownerId], { kind: MESSAGES_CHANGED_KIND, payload: { orderId: message.orderId } });
    // The other staff members' open thread too.
    await deps.bus.publishToStaff(trx, { kind: PROBLEM_THREAD_CHANGED_KIND, payload: { orderId: message.orderId } });
  }
  return stored !== null;
}

/** The order's thread as staff read it while settling a problem (the problems module decides they may). */
export async function threadForProblem(deps: AppDeps, orderId: string) {
  const rows = await messages.listThread(deps.db, orderId, { limit: THREAD_LIMIT, reportedBy: null });
  return rows.map((row) => ({ id: row.id, body: row.body, senderName: row.sender_full_name, fromStaff: row.problem_id !== null, createdAt: row.created_at }));
}

/** Staff read a thread only when one of its messages was reported (decisions.md). */
export async function staffThread(deps: AppDeps, staffId: string, orderId: string): Promise<StaffThread> {
  const order = await messages.findReportedThread(deps.db, orderId);
  if (!order) throw new AppError('NOT_FOUND', MESSAGE_MESSAGES.notReported);
  const rows = await messages.listThread(deps.db, order.order_id, { limit: THREAD_LIMIT, reportedBy: null });
  // Staff reading people's conversation is itself on the record (Atividade).
  await audit.record(deps, deps.db, { actorId: staffId, action: AUDIT_ACTIONS.reportedThreadRead, targetType: 'order', targetId: order.order_id });
  return {
    orderId: order.order_id,
    listingTitle: order.listing_title,
    requester: { id: order.renter_id, fullName: order.renter_full_name, apartment: order.renter_apartment },
    owner: { id: order.owner_id, fullName: order.owner_full_name, apartment: order.owner_apartment },
    messages: rows.map((row) => ({
      id: row.id,
      body: row.body,
      senderId: row.sender_id,
      senderName: row.sender_full_name,
      createdAt: row.created_at,
      reported: row.reported,
    })),
  };
}
