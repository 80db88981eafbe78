import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { openProblemSchema } from '../orders/order-problem.schema.ts';
import { DEPOSIT_MESSAGES } from './deposit.constants.ts';

// Apart from deposit.schema.ts because a contest carries a problem's fields, and the problem
// schema reaches the listing schema, which imports deposit.schema.ts.

/**
 * The requester's answer to the owner's record, within 7 days: 'Aceito', or contest it, which
 * opens a problem the administration settles: what happened (the kind, the text, up to 5 photos).
 */
export const answerDepositSchema = z.discriminatedUnion(
  'answer',
  [
    z.object({ orderId: z.uuid({ message: DEPOSIT_MESSAGES.notFound }), answer: z.literal('accepted') }),
    openProblemSchema.extend({ answer: z.literal('contested') }),
  ],
  { error: DEPOSIT_MESSAGES.invalidAnswer },
);
export type AnswerDepositInput = z.input<typeof answerDepositSchema>;
export type AnswerDepositFields = z.output<typeof answerDepositSchema>;
