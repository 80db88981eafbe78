import { decideReportSchema, openReportsSchema, reportListingSchema, reportMessageSchema, reportPersonSchema, reportRequestSchema } from '@vizinhanca/shared/reports/report.schema';
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

/** 'Denunciar' a listing, a neighbour or a message of one's conversation. */
export const reportsRouter = router({
  listing: approvedProcedure
    .input(reportListingSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => reports.reportListing(ctx.deps, ctx.user.id, input)),

  /** 'Denunciar' a 'Procura-se' request. */
  request: approvedProcedure
    .input(reportRequestSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => reports.reportRequest(ctx.deps, ctx.user, input)),

  person: approvedProcedure
    .input(reportPersonSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => reports.reportPerson(ctx.deps, ctx.user.id, input)),

  message: approvedProcedure
    .input(reportMessageSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => reports.reportMessage(ctx.deps, ctx.user.id, input)),

  moderation: moderationRouter,
});
