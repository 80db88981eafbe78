import { z } from 'zod';
import { approvedProcedure, router } from '../../trpc.ts';
import * as notifications from './notifications.service.ts';

export const NOTIFICATION_LIST_LIMIT = 10;

export const notificationsRouter = router({
  list: approvedProcedure
    .input(z.object({ unreadOnly: z.boolean().default(false), limit: z.number().int().min(1).max(50).default(NOTIFICATION_LIST_LIMIT) }).default({ unreadOnly: false, limit: NOTIFICATION_LIST_LIMIT }))
    .query(({ ctx, input }) => notifications.list(ctx.deps, ctx.user.id, input)),

  unreadCount: approvedProcedure.output(z.number()).query(({ ctx }) => notifications.unreadCount(ctx.deps, ctx.user.id)),

  markRead: approvedProcedure
    .input(z.object({ id: z.uuid({ message: 'Notificação não encontrada' }) }))
    .mutation(({ ctx, input }) => notifications.markRead(ctx.deps, ctx.user.id, input.id)),

  markAllRead: approvedProcedure.mutation(({ ctx }) => notifications.markRead(ctx.deps, ctx.user.id, null)),
});
