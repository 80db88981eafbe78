import { answerDepositSchema } from '@vizinhanca/shared/deposits/deposit-answer.schema';
import { settleDepositSchema } from '@vizinhanca/shared/deposits/deposit.schema';
import { messageAnswerSchema } from '@vizinhanca/shared/validation/message-answer';
import { approvedProcedure, router } from '../../trpc.ts';
import * as deposits from './deposits.service.ts';

export const depositsRouter = router({
  /** The owner, at the end of a rental: 'Caução devolvida' or 'Caução retida'. */
  settle: approvedProcedure
    .input(settleDepositSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => deposits.settle(ctx.deps, ctx.user.id, input)),

  /** The requester: 'Aceito' or contest the owner's record (a problem the administration settles), within 7 days. */
  answer: approvedProcedure
    .input(answerDepositSchema)
    .output(messageAnswerSchema)
    .mutation(({ ctx, input }) => deposits.answer(ctx.deps, ctx.user.id, input)),
});
