import { z } from 'zod';
import { depositSettlementSchema } from '../deposits/deposit.schema.ts';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { DELIVERY_OPTIONS, LISTING_TYPES } from '../listings/listing.schema.ts';
import { ORDER_STATUSES } from '../orders/order.schema.ts';
import { handoverConditionSchema } from '../orders/handover-condition.schema.ts';

// The conversation of an order (decisions.md "Conversations and Pix").

export const MESSAGE_MAX_LENGTH = 2000;
/** The newest messages of a thread. */
export const THREAD_LIMIT = 500;
/** Messages one person may send in a minute, all conversations together (each one notifies the other person). */
export const MESSAGES_PER_MINUTE = 20;
/** Conversations per page of /mensagens, the most recently active first ('Ver mais' for the next). */
export const INBOX_PAGE_SIZE = 20;
/** Characters of a conversation's last message /mensagens carries (the row shows one line of it). */
export const INBOX_PREVIEW_LENGTH = 160;

export const MESSAGE_MESSAGES = {
  empty: 'Escreva uma mensagem',
  tooLong: `A mensagem deve ter no máximo 2.000 caracteres`,
  notFound: 'Conversa não encontrada',
  closed: 'Esta conversa foi encerrada: ela fica aberta até 30 dias depois do fim do pedido.',
  notReported: 'Esta conversa não tem mensagens denunciadas.',
  tooMany: 'Você enviou muitas mensagens em pouco tempo. Aguarde um minuto para enviar outra.',
} as const;

const orderIdSchema = z.uuid({ message: MESSAGE_MESSAGES.notFound });

export const threadInputSchema = z.object({ orderId: orderIdSchema });

export const messageBodySchema = z.string({ error: MESSAGE_MESSAGES.empty }).trim().min(1, MESSAGE_MESSAGES.empty).max(MESSAGE_MAX_LENGTH, MESSAGE_MESSAGES.tooLong);

/**
 * A new message. `clientId` is made by the tab when the text is typed: a message
 * sent again after a dropped connection is stored once.
 */
export const sendMessageSchema = z.object({
  orderId: orderIdSchema,
  body: messageBodySchema,
  clientId: z.uuid({ message: MESSAGE_MESSAGES.empty }),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

// ---- What the API returns ----

export const messageSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  body: z.string(),
  mine: z.boolean(),
  senderName: z.string(),
  /** Written by the administration answering a problem ('Administração'): both people read it. */
  fromStaff: z.boolean(),
  createdAt: z.date(),
  /** When the other person opened the thread after it arrived ('lida'). */
  readAt: z.date().nullable(),
  /** The viewer reported it ('Denunciada'); its author is never told. */
  reported: z.boolean(),
});
export type ThreadMessage = z.infer<typeof messageSchema>;

const personSchema = z.object({ id: z.string(), fullName: z.string(), apartment: z.string().nullable() });

/** The order as the top of the thread shows it: summary, status and what the caller may do. */
export const threadOrderSchema = z.object({
  id: z.string(),
  status: z.enum(ORDER_STATUSES),
  side: z.enum(['requester', 'owner']),
  listing: z.object({ id: z.string(), title: z.string(), type: z.enum(LISTING_TYPES), removed: z.boolean() }),
  counterpart: personSchema,
  totalCents: z.number().int(),
  /** A service priced per hour: the hours ordered; null for everything else. */
  hours: z.number().int().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  deliveryMethod: z.enum(DELIVERY_OPTIONS),
  scheduledAt: z.date().nullable(),
  paidAt: z.date().nullable(),
  /** The owner has a Pix key and the order can be paid: the requester sees 'Pagar com Pix'. */
  pixAvailable: z.boolean(),
  /** Rentals: the item's condition at the hand-over and at the return. */
  handover: z.array(handoverConditionSchema),
  /** Rentals: the deposit asked when the order was made (caução), 0 for none. */
  depositCents: z.number().int(),
  /** The owner's record of the deposit at the end (and the requester's answer); null before it. */
  deposit: depositSettlementSchema.nullable(),
  /** A reservation's batch day ('YYYY-MM-DD': 'Fornada de sábado, 12/12'); null for other orders. */
  fornadaDay: z.string().nullable(),
});
export type ThreadOrder = z.infer<typeof threadOrderSchema>;

export const threadSchema = z.object({
  order: threadOrderSchema,
  messages: z.array(messageSchema),
  /** False once the order ended more than 30 days ago: read-only. */
  open: z.boolean(),
  closesAt: z.date().nullable(),
  /** The viewer blocked the other person: the thread reads, nobody writes (the blocked person is not told). */
  blockedByMe: z.boolean(),
});
export type Thread = z.infer<typeof threadSchema>;

export const sentMessageSchema = z.object({ id: z.string(), clientId: z.string(), createdAt: z.date() });

export const unreadMessagesSchema = z.object({
  total: z.number().int(),
  byOrder: z.array(z.object({ orderId: z.string(), count: z.number().int() })),
});
export type UnreadMessages = z.infer<typeof unreadMessagesSchema>;

/** One conversation in /mensagens: who, about what, the last message and what the caller has not read. */
export const inboxConversationSchema = z.object({
  orderId: z.string(),
  /** Its last message's id: the page cursor. */
  lastMessageId: z.string(),
  counterpart: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() }),
  /** null once the listing was removed ('Item removido'). */
  listing: z.object({ title: z.string(), imageCardUrl: z.string().nullable() }).nullable(),
  lastMessage: z.object({ body: z.string(), mine: z.boolean(), createdAt: z.date() }),
  unread: z.number().int(),
  /** False once the order ended more than 30 days ago: the thread opens read-only. */
  open: z.boolean(),
});
export type InboxConversation = z.infer<typeof inboxConversationSchema>;
/** A page of /mensagens: after the conversation whose last message is `cursor` (the previous page's last), or the first. */
export const inboxInputSchema = z.object({ cursor: z.uuid({ message: MESSAGE_MESSAGES.notFound }).nullish() });
/** `nextCursor`: the last message of this page's last conversation, while more remain. */
export const inboxSchema = z.object({ conversations: z.array(inboxConversationSchema), nextCursor: z.string().nullable() });
export type Inbox = z.infer<typeof inboxSchema>;

/** A reported thread as staff read it: every message with its author. */
export const staffThreadSchema = z.object({
  orderId: z.string(),
  listingTitle: z.string(),
  requester: personSchema,
  owner: personSchema,
  messages: z.array(
    z.object({ id: z.string(), body: z.string(), senderId: z.string(), senderName: z.string(), createdAt: z.date(), reported: z.boolean() }),
  ),
});
export type StaffThread = z.infer<typeof staffThreadSchema>;
