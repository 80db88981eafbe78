import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { parseCurrencyToCents } from '../format/format.ts';
import {
  DEPOSIT_ANSWERS,
  DEPOSIT_MAX_CENTS,
  DEPOSIT_MESSAGES,
  DEPOSIT_OUTCOMES,
  DEPOSIT_PHOTOS_MAX,
  DEPOSIT_REASON_MAX_LENGTH,
} from './deposit.constants.ts';

// The deposit (caução) of a rental: the listing's amount, the owner's record at the end and the requester's answer.
export * from './deposit.constants.ts';

/** The listing's deposit as the API carries it: integer cents, 0 (none) to R$ 5.000,00. */
export const depositCentsSchema = z
  .number({ error: DEPOSIT_MESSAGES.invalidAmount })
  .int(DEPOSIT_MESSAGES.invalidAmount)
  .min(0, DEPOSIT_MESSAGES.invalidAmount)
  .max(DEPOSIT_MAX_CENTS, DEPOSIT_MESSAGES.invalidAmount);

/** The deposit as the form's text field holds it ('200', 'R$ 1.500,00'); empty is no deposit. */
export const depositTextSchema = z
  .string()
  .trim()
  .transform((text, ctx) => {
    if (!text) return 0;
    const cents = parseCurrencyToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: DEPOSIT_MESSAGES.invalidAmount });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(depositCentsSchema);

const orderIdSchema = z.uuid({ message: DEPOSIT_MESSAGES.notFound });

const photosSchema = z
  .array(z.uuid({ message: DEPOSIT_MESSAGES.invalidPhoto }), { error: DEPOSIT_MESSAGES.invalidPhoto })
  .max(DEPOSIT_PHOTOS_MAX, DEPOSIT_MESSAGES.tooManyPhotos)
  .refine((ids) => new Set(ids).size === ids.length, DEPOSIT_MESSAGES.invalidPhoto)
  .default([]);

const reasonText = z.string({ error: DEPOSIT_MESSAGES.reasonRequired }).trim().max(DEPOSIT_REASON_MAX_LENGTH, DEPOSIT_MESSAGES.reasonTooLong);

/**
 * The owner's record at the end of a completed rental: 'Caução devolvida' (an optional note), or
 * 'Caução retida' with the amount kept (more than zero; the server checks it against the order's
 * deposit), the reason and up to 5 photos.
 */
export const settleDepositSchema = z.discriminatedUnion(
  'outcome',
  [
    z.object({
      orderId: orderIdSchema,
      outcome: z.literal('returned'),
      reason: reasonText.nullish().transform((reason) => reason || null),
      imageIds: photosSchema,
    }),
    z.object({
      orderId: orderIdSchema,
      outcome: z.literal('retained'),
      retainedCents: z
        .number({ error: DEPOSIT_MESSAGES.retainedRequired })
        .int(DEPOSIT_MESSAGES.retainedRequired)
        .min(1, DEPOSIT_MESSAGES.retainedAboveDeposit(DEPOSIT_MAX_CENTS))
        .max(DEPOSIT_MAX_CENTS, DEPOSIT_MESSAGES.retainedAboveDeposit(DEPOSIT_MAX_CENTS)),
      reason: reasonText.min(1, DEPOSIT_MESSAGES.reasonRequired),
      imageIds: photosSchema,
    }),
  ],
  { error: DEPOSIT_MESSAGES.outcomeRequired },
);
export type SettleDepositInput = z.input<typeof settleDepositSchema>;
export type SettleDepositFields = z.output<typeof settleDepositSchema>;

const depositPhotoSchema = z.object({ id: z.string(), cardUrl: z.string(), detailUrl: z.string() });

/** The record as both people of the order read it. */
export const depositSettlementSchema = z.object({
  outcome: z.enum(DEPOSIT_OUTCOMES),
  retainedCents: z.number().int(),
  reason: z.string().nullable(),
  photos: z.array(depositPhotoSchema),
  settledAt: z.date(),
  answer: z.enum(DEPOSIT_ANSWERS).nullable(),
  answeredAt: z.date().nullable(),
  /** The requester's words when contesting (both people and staff read them). */
  contestText: z.string().nullable(),
  /** The last moment the requester may answer (7 days after the record). */
  answerUntil: z.date(),
  /** The requester has not answered and the 7 days are not over (on the app's clock). */
  answerOpen: z.boolean(),
});
export type DepositSettlement = z.infer<typeof depositSettlementSchema>;
