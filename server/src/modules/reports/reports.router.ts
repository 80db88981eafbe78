import { decideReportSchema, openReportsSchema, reportListingSchema, reportPersonSchema } from '@vizinhanca/shared/reports/report.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { z } from 'zod';
import { approvedProcedure, router, staffProcedure } from '../../trpc.ts';
import * as reports from './reports.service.ts';

/** /admin 'Denúncias' (administrators and moderators; 'Suspender' checks for administrators in the service). */
const moderationRouter = router({
  open: staffProcedure
    .input(z.void())
    .output(openReportsSchema)
    .query(({ ctx }) => reports.listOpen(ctx.deps)),

  decide: staffProcedure
    .input(decideReportSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => reports.decide(ctx.deps, ctx.user, input)),
});

/** 'Denunciar' a listing or a neighbour (messages are reported in their conversation: messages.report). */
export const reportsRouter = router({
  listing: approvedProcedure
    .input(reportListingSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => reports.reportListing(ctx.deps, ctx.user.id, input)),

  person: approvedProcedure
    .input(reportPersonSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => reports.reportPerson(ctx.deps, ctx.user.id, input)),

  moderation: moderationRouter,
});
