// No schema here: the live channel's listener reads these rules on every screen, and Zod loads only
// where a form or an answer needs it.

/** A thread stays open from the request until this many days after the order ends; then it is read-only. */
export const CONVERSATION_OPEN_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The moment an order ended (completed, rejected or cancelled); null while it is still going. */
export function orderEndedAt(order: { completedAt: Date | null; rejectedAt: Date | null; cancelledAt: Date | null }): Date | null {
  return order.completedAt ?? order.rejectedAt ?? order.cancelledAt ?? null;
}

/** When the thread becomes read-only: 30 days after the order ended; null while it has not ended. */
export function conversationClosesAt(endedAt: Date | null): Date | null {
  return endedAt ? new Date(endedAt.getTime() + CONVERSATION_OPEN_DAYS * DAY_MS) : null;
}

export function isConversationOpen(endedAt: Date | null, now: Date): boolean {
  const closesAt = conversationClosesAt(endedAt);
  return closesAt === null || now.getTime() <= closesAt.getTime();
}

/** The thread's screen (a push or an e-mail about a new message opens it). */
export function conversationHref(orderId: string): string {
  return `/pedido/${orderId}/conversa`;
}

/** The toast and the push of a new message: 'Nova mensagem de {first name}'. */
export function newMessageTitle(senderFullName: string): string {
  const firstName = senderFullName.trim().split(/\s+/)[0] || senderFullName;
  return `Nova mensagem de ${firstName}`;
}
