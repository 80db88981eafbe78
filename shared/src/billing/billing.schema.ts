import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';

// Billing (decisions.md "Billing"): not active, but the model, the admin figures
// and the overdue rule exist. Money is integer cents.

export const BILLING_STATUSES = ['pending', 'overdue', 'paid'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];

export const BILLING_STATUS_LABELS: Record<BillingStatus, string> = { pending: 'Pendente', overdue: 'Vencida', paid: 'Paga' };
/** The badge colour of each status: overdue is the one that needs attention. */
export const BILLING_STATUS_TONES = { pending: 'warning', overdue: 'danger', paid: 'success' } as const satisfies Record<BillingStatus, string>;

/** R$ 100.000,00, like a listing's price cap. */
export const BILLING_MAX_CENTS = 10_000_000;

export const BILLING_MESSAGES = {
  created: 'Cobrança criada',
  paid: 'Cobrança marcada como paga',
  notFound: 'Cobrança não encontrada',
  alreadyPaid: 'Esta cobrança já foi paga.',
  invalidAmount: 'Insira um valor válido',
  invalidDueDate: 'Informe uma data de vencimento válida',
  userNotFound: 'Usuário não encontrado',
  paymentsUnavailable: 'Os pagamentos ainda não estão disponíveis no app. Por enquanto, tudo é gratuito.',
  overdueNote: 'Anúncios de usuários com cobranças vencidas são pausados automaticamente até o pagamento.',
} as const;

export const createBillingSchema = z.object({
  userId: z.uuid({ message: BILLING_MESSAGES.userNotFound }),
  amountCents: z.number({ message: BILLING_MESSAGES.invalidAmount }).int(BILLING_MESSAGES.invalidAmount).min(1, BILLING_MESSAGES.invalidAmount).max(BILLING_MAX_CENTS, BILLING_MESSAGES.invalidAmount),
  dueDate: z.iso.date({ message: BILLING_MESSAGES.invalidDueDate }),
  autoRenewal: z.boolean().default(false),
});

export const billingByIdSchema = z.object({ id: z.uuid({ message: BILLING_MESSAGES.notFound }) });

export const billingStatsSchema = z.object({
  pendingCount: z.number().int(),
  overdueCount: z.number().int(),
  /** Pending and overdue: what is still to be paid. */
  totalPendingCents: z.number().int(),
});
export type BillingStats = z.infer<typeof billingStatsSchema>;

export const billingSchema = z.object({
  id: z.string(),
  user: z.object({ id: z.string(), fullName: z.string(), apartment: z.string().nullable() }),
  amountCents: z.number().int(),
  status: z.enum(BILLING_STATUSES),
  dueDate: z.string(),
  autoRenewal: z.boolean(),
  paidAt: z.date().nullable(),
  createdAt: z.date(),
});
export type Billing = z.infer<typeof billingSchema>;

export const billingOverviewSchema = z.object({ stats: billingStatsSchema, items: z.array(billingSchema) });
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** Whether a pending charge is past due on this calendar day ('YYYY-MM-DD' compare as text). */
export function isPastDue(dueDate: string, today: string): boolean {
  return dueDate < today;
}
