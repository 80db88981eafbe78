import { billingByIdSchema, billingOverviewSchema, billingsSchema, createBillingSchema } from '@vizinhanca/shared/billing/billing.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { adminProcedure, approvedProcedure, router } from '../../trpc.ts';
import * as billing from './billing.service.ts';

export const billingRouter = router({
  /** The Cobranças section of /admin (admins only: money and people). */
  overview: adminProcedure.output(billingOverviewSchema).query(({ ctx }) => billing.overview(ctx.deps)),

  create: adminProcedure
    .input(createBillingSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => billing.create(ctx.deps, ctx.user.id, input)),

  markPaid: adminProcedure
    .input(billingByIdSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => billing.markPaid(ctx.deps, ctx.user.id, input.id)),

  /** /cobrancas: the caller's own charges (read only). */
  mine: approvedProcedure.output(billingsSchema).query(({ ctx }) => billing.mine(ctx.deps, ctx.user.id)),

  /** A resident's payment attempt: answered with a clear error while no provider is wired. */
  pay: approvedProcedure
    .input(billingByIdSchema)
    .output(messageAnswerSchema)
    .mutation(() => billing.pay()),
});
