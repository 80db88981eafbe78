import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { formatCalendarDate, formatCurrency } from '../format/format.ts';

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
  /** How a charge is paid while payments are not in the app (decisions.md "Billing"). */
  howToPay: 'O pagamento ainda não é feito pelo app: combine com a administração do condomínio. Quando ela registrar o pagamento, a cobrança aparece aqui como paga.',
  overduePaused: 'Você tem uma cobrança vencida: seus anúncios ficam pausados até a administração registrar o pagamento, e voltam a aparecer sozinhos.',
} as const;

/** Where a person reads their charges (the notice of an overdue charge leads there). */
export const BILLINGS_HREF = '/cobrancas';

/**
 * The notice to a person whose charge went overdue: which charges, which listings the
 * rule paused (none if they had no active one), and how they come back.
 */
export function overdueNotice(charges: { amountCents: number; dueDate: string }[], pausedTitles: string[]) {
  const owed = charges.map((charge) => `${formatCurrency(charge.amountCents)} (vencimento ${formatCalendarDate(charge.dueDate)})`).join(', ');
  const chargeText = charges.length === 1 ? `Sua cobrança de ${owed} está vencida.` : `Suas cobranças de ${owed} estão vencidas.`;
  if (pausedTitles.length === 0) {
    return { title: 'Cobrança vencida', message: `${chargeText} Combine o pagamento com a administração do condomínio.` };
  }
  const titles = pausedTitles.map((title) => `"${title}"`).join(', ');
  const paused = pausedTitles.length === 1 ? `Seu anúncio ${titles} foi pausado` : `Seus anúncios ${titles} foram pausados`;
  const back = pausedTitles.length === 1 ? 'ele volta a aparecer' : 'eles voltam a aparecer';
  return {
    title: 'Anúncios pausados por cobrança vencida',
    message: `${chargeText} ${paused} até o pagamento. Combine o pagamento com a administração do condomínio: assim que ela o registrar, ${back} sozinho${pausedTitles.length === 1 ? '' : 's'}.`,
  };
}

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
/** A resident's own billings. */
export const billingsSchema = z.array(billingSchema);

export const billingOverviewSchema = z.object({ stats: billingStatsSchema, items: z.array(billingSchema) });
export type BillingOverview = z.infer<typeof billingOverviewSchema>;

/** Whether a pending charge is past due on this calendar day ('YYYY-MM-DD' compare as text). */
export function isPastDue(dueDate: string, today: string): boolean {
  return dueDate < today;
}
