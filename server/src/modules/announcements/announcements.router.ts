import {
  announcementByIdInput,
  announcementListSchema,
  pinnedAnnouncementSchema,
  publishAnnouncementInput,
  updateAnnouncementInput,
} from '@vizinhanca/shared/announcements/announcement.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { z } from 'zod';
import { adminProcedure, approvedProcedure, router } from '../../trpc.ts';
import * as announcements from './announcements.service.ts';

/** Comunicados: administrators publish, edit and remove; every approved resident reads (and never replies). */
export const announcementsRouter = router({
  list: approvedProcedure.output(announcementListSchema).query(({ ctx }) => announcements.list(ctx.deps, ctx.user)),

  /** The announcement on top of home, if one is pinned until today or later. */
  pinned: approvedProcedure.output(pinnedAnnouncementSchema).query(({ ctx }) => announcements.pinned(ctx.deps)),

  markAllRead: approvedProcedure.mutation(({ ctx }) => announcements.markAllRead(ctx.deps, ctx.user.id)),

  publish: adminProcedure
    .input(publishAnnouncementInput)
    .output(z.object({ id: z.string(), recipients: z.number().int(), message: z.string() }))
    .mutation(({ ctx, input }) => announcements.publish(ctx.deps, ctx.user.id, input)),

  update: adminProcedure
    .input(updateAnnouncementInput)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => announcements.update(ctx.deps, ctx.user.id, input.id, input)),

  delete: adminProcedure
    .input(announcementByIdInput)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => announcements.remove(ctx.deps, ctx.user.id, input.id)),
});
