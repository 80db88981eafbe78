import {
  inboxInputSchema,
  sendMessageSchema,
  sentMessageSchema,
  staffThreadSchema,
  threadInputSchema,
  threadSchema,
  unreadMessagesSchema,
} from '@vizinhanca/shared/messages/message.schema';
import { z } from 'zod';
import { approvedProcedure, router, staffProcedure } from '../../trpc.ts';
import * as messages from './messages.service.ts';

/** /admin 'Denúncias': the thread a reported message belongs to (admins and moderators). */
const moderationRouter = router({
  thread: staffProcedure
    .input(threadInputSchema)
    .output(staffThreadSchema)
    .query(({ ctx, input }) => messages.staffThread(ctx.deps, ctx.user.id, input.orderId)),
});

/** The conversation of an order, between its requester and its owner only. */
export const messagesRouter = router({
  thread: approvedProcedure
    .input(threadInputSchema)
    .output(threadSchema)
    .query(({ ctx, input }) => messages.thread(ctx.deps, ctx.user, input.orderId)),

  send: approvedProcedure
    .input(sendMessageSchema)
    .output(sentMessageSchema)
    .mutation(({ ctx, input }) => messages.send(ctx.deps, ctx.user, input)),

  markRead: approvedProcedure
    .input(threadInputSchema)
    .output(z.void())
    .mutation(({ ctx, input }) => messages.markRead(ctx.deps, ctx.user.id, input.orderId)),

  /**
   * /mensagens: only the caller's own conversations. No .output(): the service builds the page in
   * inboxSchema's exact shape, held equal to its parse, byte for byte, by inbox.test.ts.
   */
  inbox: approvedProcedure
    .input(inboxInputSchema)
    .query(({ ctx, input }) => messages.inbox(ctx.deps, ctx.user.id, input.cursor ?? null)),

  unread: approvedProcedure
    .input(z.void())
    .output(unreadMessagesSchema)
    .query(({ ctx }) => messages.unread(ctx.deps, ctx.user.id)),

  moderation: moderationRouter,
});
