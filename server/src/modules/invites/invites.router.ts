import { inviteByCodeSchema, inviteIdSchema, invitePreviewSchema, invitesOverviewSchema, sendInviteSchema, sentInviteSchema } from '@vizinhanca/shared/invites/invite.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { approvedProcedure, publicProcedure, router } from '../../trpc.ts';
import * as invites from './invites.service.ts';

// The resident's actions on one of their invites, answered with a message.
const inviteAction = approvedProcedure.input(inviteIdSchema).output(messageAnswerSchema);

export const invitesRouter = router({
  /** The resident's sent invites, counters and own shareable code (2.20). */
  overview: approvedProcedure.output(invitesOverviewSchema).query(({ ctx }) => invites.overview(ctx.deps, ctx.user.id)),

  send: approvedProcedure
    .input(sendInviteSchema)
    .output(sentInviteSchema)
    .mutation(({ ctx, input }) => invites.send(ctx.deps, { userId: ctx.user.id, input, meta: ctx.meta })),

  resend: inviteAction.mutation(({ ctx, input }) => invites.resend(ctx.deps, { userId: ctx.user.id, inviteId: input.id, meta: ctx.meta })),

  cancel: inviteAction.mutation(({ ctx, input }) => invites.cancel(ctx.deps, ctx.user.id, input.id)),

  /** Public: the link page before sign-up (the code itself is the secret). */
  preview: publicProcedure
    .input(inviteByCodeSchema)
    .output(invitePreviewSchema)
    .query(({ ctx, input }) => invites.preview(ctx.deps, input.code)),
});
