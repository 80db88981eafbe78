import { conversationHref, newMessageTitle } from '@vizinhanca/shared/messages/message.rules';
import type { AppDeps, OneOffJob } from '../../context.ts';
import { appBaseUrl, renderEmail } from '../../mail/email-template.ts';
import { enqueueEmail } from '../../mail/email.job.ts';
import * as notifications from '../notifications/notifications.service.ts';
import * as messages from './messages.repository.ts';

/**
 * A new message leaves the app by the recipient's 'mensagens' switch
 * (docs/decisions/009): a push per message (one notification per thread on the
 * device, replaced by the next), and at most one e-mail per thread while the
 * recipient has not read it, sent only if still unread after this grace period
 * (neighbours chatting live never get e-mails).
 */
export const MESSAGE_EMAIL_DELAY_SECONDS = 10 * 60;
/** How many of the unread messages the e-mail quotes. */
const EMAIL_QUOTED_MESSAGES = 3;
const PUSH_BODY_LENGTH = 140;

function shorten(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
}

/** The recipient, if they still want to hear about messages at all; null otherwise (read, suspended, switched off). */
async function deliverable(deps: AppDeps, messageId: string) {
  const message = await messages.findForDelivery(deps.db, messageId);
  if (!message || message.read_at || message.recipient_suspended) return null;
  const prefs = await notifications.preferences(deps, message.recipient_id);
  if (!prefs.messages) return null;
  return { message, prefs };
}

/** After a message commits: its pushes now, and the thread's e-mail later if this message starts an unread run. */
export const deliverMessageJob: OneOffJob<{ messageId: string }> = {
  name: 'message.deliver',
  async run(deps, { messageId }) {
    const found = await deliverable(deps, messageId);
    if (!found) return;
    const { message, prefs } = found;
    if (prefs.push) {
      const payload = {
        title: newMessageTitle(message.sender_full_name),
        body: `${message.listing_title}: ${shorten(message.body, PUSH_BODY_LENGTH)}`,
        url: conversationHref(message.order_id),
        // One notification per thread on the device: the next message replaces it.
        tag: `conversa:${message.order_id}`,
      };
      await notifications.pushToDevices(deps, message.recipient_id, payload, `message-push:${message.id}`);
    }
    // An earlier unread message of the thread already has its e-mail on the way (or sent).
    if (prefs.email && !(await messages.hasEarlierUnread(deps.db, message))) {
      await deps.queue.enqueue(deps.db, emailMessageJob, { messageId: message.id }, { key: `message-email:${message.id}`, delaySeconds: MESSAGE_EMAIL_DELAY_SECONDS });
    }
  },
};

/** The thread's e-mail, once the grace period has passed: nothing if the recipient has read it meanwhile. */
export const emailMessageJob: OneOffJob<{ messageId: string }> = {
  name: 'message.email',
  async run(deps, { messageId }) {
    const found = await deliverable(deps, messageId);
    if (!found || !found.prefs.email) return;
    const { message } = found;
    const [count, quoted] = await Promise.all([
      messages.countUnread(deps.db, message.order_id, message.recipient_id),
      messages.listUnread(deps.db, message.order_id, message.recipient_id, EMAIL_QUOTED_MESSAGES),
    ]);
    const sender = message.sender_full_name;
    const email = renderEmail(deps.config, {
      subject: `Nova mensagem de ${sender} sobre "${message.listing_title}"`,
      greeting: `Olá, ${message.recipient_full_name}!`,
      paragraphs: [
        count > 1
          ? `${sender} enviou ${count} mensagens sobre o pedido de "${message.listing_title}" que você ainda não leu.`
          : `${sender} enviou uma mensagem sobre o pedido de "${message.listing_title}".`,
        ...quoted.map((row) => `“${shorten(row.body, 500)}”`),
      ],
      link: { label: 'Abrir a conversa', url: `${appBaseUrl(deps.config)}${conversationHref(message.order_id)}` },
    });
    await enqueueEmail(deps, deps.db, { to: message.recipient_email, ...email }, `message-email:${message.id}`);
  },
};
