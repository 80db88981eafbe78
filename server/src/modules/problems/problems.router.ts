import {
  openProblemSchema,
  openProblemsSchema,
  orderProblemsInputSchema,
  orderProblemsSchema,
  problemByIdSchema,
  problemThreadSchema,
  resolveProblemSchema,
  staffMessageSchema,
} from '@vizinhanca/shared/orders/order-problem.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { z } from 'zod';
import { approvedProcedure, router, staffProcedure } from '../../trpc.ts';
import * as problems from './problems.service.ts';

/** /admin 'Problemas' (administrators and moderators): read the thread, write in it, close with a decision. */
const moderationRouter = router({
  open: staffProcedure
    .input(z.void())
    .output(openProblemsSchema)
    .query(({ ctx }) => problems.listOpen(ctx.deps)),

  thread: staffProcedure
    .input(problemByIdSchema)
    .output(problemThreadSchema)
    .query(({ ctx, input }) => problems.thread(ctx.deps, ctx.user.id, input.problemId)),

  write: staffProcedure
    .input(staffMessageSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => problems.writeAsStaff(ctx.deps, ctx.user.id, input)),

  resolve: staffProcedure
    .input(resolveProblemSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => problems.resolve(ctx.deps, ctx.user.id, input)),
});

/** 'Abrir problema' on an order (either of its two people) and what the order shows of its problems. */
export const problemsRouter = router({
  forOrder: approvedProcedure
    .input(orderProblemsInputSchema)
    .output(orderProblemsSchema)
    .query(({ ctx, input }) => problems.forOrder(ctx.deps, ctx.user.id, input.orderId)),

  open: approvedProcedure
    .input(openProblemSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => problems.openProblem(ctx.deps, { id: ctx.user.id, fullName: ctx.user.fullName }, input)),

  moderation: moderationRouter,
});
