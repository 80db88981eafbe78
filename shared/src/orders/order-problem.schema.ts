import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { depositSettlementSchema } from '../deposits/deposit.schema.ts';
import { messageBodySchema } from '../messages/message.schema.ts';
import { LISTING_TYPES } from '../listings/listing.schema.ts';
import { ORDER_STATUSES } from './order.constants.ts';
import { handoverConditionSchema } from './handover-condition.schema.ts';

// Problems the administration settles ('Abrir problema'): either person of an order,
// from the hand-over until 14 days after the order ends; staff answer in the order's
// thread ('Administração') and close it with a decision both read ('Resolvido: …').

export const PROBLEM_KINDS = ['damage', 'not_returned', 'not_delivered', 'not_as_described', 'other'] as const;
export type ProblemKind = (typeof PROBLEM_KINDS)[number];
export const PROBLEM_KIND_LABELS: Record<ProblemKind, string> = {
  damage: 'Dano',
  not_returned: 'Não devolvido',
  not_delivered: 'Não entregue',
  not_as_described: 'Diferente do anúncio',
  other: 'Outro',
};

/** A problem can be opened until this many days after the order ended. */
export const PROBLEM_WINDOW_DAYS = 14;
export const PROBLEM_PHOTOS_MAX = 5;
export const PROBLEM_TEXT_MAX_LENGTH = 1000;
/** Open problems shown in /admin 'Problemas'. */
export const OPEN_PROBLEMS_LIMIT = 100;
/** How staff messages are marked in the thread. */
export const STAFF_AUTHOR_LABEL = 'Administração';

export const PROBLEM_MESSAGES = {
  orderNotFound: 'Pedido não encontrado',
  problemNotFound: 'Problema não encontrado',
  kindRequired: 'Escolha o tipo do problema',
  textRequired: 'Descreva o problema',
  textTooLong: `O texto deve ter no máximo ${PROBLEM_TEXT_MAX_LENGTH} caracteres`,
  tooManyPhotos: `Envie no máximo ${PROBLEM_PHOTOS_MAX} fotos`,
  photoNotFound: 'Foto não encontrada. Envie a foto novamente.',
  beforeHandOver: 'Um problema só pode ser aberto depois da entrega do item ou do início do pedido.',
  windowClosed: `O prazo para abrir um problema terminou: ele vai até ${PROBLEM_WINDOW_DAYS} dias depois do fim do pedido.`,
  alreadyOpen: 'Este pedido já tem um problema em análise pela administração.',
  noRoomForPhotos: (room: number) =>
    room === 0
      ? `O problema em análise neste pedido já tem ${PROBLEM_PHOTOS_MAX} fotos: envie sem fotos.`
      : `O problema em análise neste pedido tem espaço para mais ${room} ${room === 1 ? 'foto' : 'fotos'}.`,
  opened: 'Problema enviado. A administração vai analisar.',
  decisionRequired: 'Escreva a decisão',
  alreadyResolved: 'Este problema já foi resolvido.',
  resolved: 'Problema resolvido. Os dois foram avisados.',
  staffMessageSent: 'Mensagem enviada aos dois.',
} as const;

/** The notices of each step, to both people of the order. */
export const PROBLEM_NOTIFICATIONS = {
  opened: (o: { openerName: string; listingTitle: string; kind: ProblemKind }) => ({
    title: 'Problema aberto',
    message: `${o.openerName} abriu um problema (${PROBLEM_KIND_LABELS[o.kind]}) no pedido de "${o.listingTitle}". A administração vai analisar.`,
  }),
  staffMessage: (listingTitle: string) => ({
    title: 'Mensagem da administração',
    message: `A administração escreveu na conversa do pedido de "${listingTitle}".`,
  }),
  /** The decision itself is read on the order: a notice outlives the people's texts (anonymisation). */
  resolved: (listingTitle: string) => ({
    title: 'Problema resolvido',
    message: `A administração resolveu o problema do pedido de "${listingTitle}". Veja a decisão no pedido.`,
  }),
};

/** How a closed problem reads on the order and in the notice: 'Resolvido: …'. */
export function resolvedText(decision: string): string {
  return `Resolvido: ${decision}`;
}

const problemTextSchema = z
  .string({ error: PROBLEM_MESSAGES.textRequired })
  .trim()
  .min(1, PROBLEM_MESSAGES.textRequired)
  .max(PROBLEM_TEXT_MAX_LENGTH, PROBLEM_MESSAGES.textTooLong);

/** 'Abrir problema': the kind, what happened, and up to 5 photos uploaded beforehand (purpose 'problem'). */
export const openProblemSchema = z.object({
  orderId: z.uuid({ message: PROBLEM_MESSAGES.orderNotFound }),
  kind: z.enum(PROBLEM_KINDS, { error: PROBLEM_MESSAGES.kindRequired }),
  text: problemTextSchema,
  photoIds: z
    .array(z.uuid({ message: PROBLEM_MESSAGES.photoNotFound }))
    .max(PROBLEM_PHOTOS_MAX, PROBLEM_MESSAGES.tooManyPhotos)
    .refine((ids) => new Set(ids).size === ids.length, PROBLEM_MESSAGES.photoNotFound)
    .default([]),
});
export type OpenProblemInput = z.input<typeof openProblemSchema>;
export type OpenProblemFields = z.output<typeof openProblemSchema>;

export const problemByIdSchema = z.object({ problemId: z.uuid({ message: PROBLEM_MESSAGES.problemNotFound }) });

/** Staff write in the order's thread, answering the problem. */
export const staffMessageSchema = z.object({
  problemId: z.uuid({ message: PROBLEM_MESSAGES.problemNotFound }),
  body: messageBodySchema,
  clientId: z.uuid({ message: PROBLEM_MESSAGES.problemNotFound }),
});
export type StaffMessageInput = z.input<typeof staffMessageSchema>;

/** 'Resolver': the decision both people read. */
export const resolveProblemSchema = z.object({
  problemId: z.uuid({ message: PROBLEM_MESSAGES.problemNotFound }),
  decision: z
    .string({ error: PROBLEM_MESSAGES.decisionRequired })
    .trim()
    .min(1, PROBLEM_MESSAGES.decisionRequired)
    .max(PROBLEM_TEXT_MAX_LENGTH, PROBLEM_MESSAGES.textTooLong),
});
export type ResolveProblemInput = z.input<typeof resolveProblemSchema>;

// ---- What the API returns ----

const photoSchema = z.object({ cardUrl: z.string(), detailUrl: z.string() });

/** A problem as the order shows it to its two people: 'Em análise' while open, 'Resolvido: …' after. */
export const orderProblemSchema = z.object({
  id: z.string(),
  kind: z.enum(PROBLEM_KINDS),
  text: z.string().nullable(),
  openedByMe: z.boolean(),
  openerName: z.string(),
  createdAt: z.date(),
  status: z.enum(['open', 'resolved']),
  decision: z.string().nullable(),
  resolvedAt: z.date().nullable(),
  photos: z.array(photoSchema),
});
export type OrderProblem = z.infer<typeof orderProblemSchema>;

/** The problems of one order (newest first) and whether the caller may open one now. */
export const orderProblemsSchema = z.object({ problems: z.array(orderProblemSchema), canOpen: z.boolean() });
export type OrderProblems = z.infer<typeof orderProblemsSchema>;

export const orderProblemsInputSchema = z.object({ orderId: z.uuid({ message: PROBLEM_MESSAGES.orderNotFound }) });

const personSchema = z.object({ id: z.string(), fullName: z.string(), apartment: z.string().nullable() });

/** An open problem in /admin 'Problemas'. */
export const openProblemItemSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: z.enum(PROBLEM_KINDS),
  text: z.string().nullable(),
  createdAt: z.date(),
  openedBy: z.enum(['requester', 'owner']),
  listing: z.object({ title: z.string(), type: z.enum(LISTING_TYPES) }),
  orderStatus: z.enum(ORDER_STATUSES),
  totalCents: z.number().int(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  requester: personSchema,
  owner: personSchema,
  photos: z.array(photoSchema),
  /** The item's condition the owner recorded at the hand-over and the return ('Estado na entrega', 'Estado na devolução'). */
  handover: z.array(handoverConditionSchema),
  /** Rentals: the deposit asked (0 for none) and the owner's record of it with the requester's answer (a contest comes here). */
  depositCents: z.number().int(),
  deposit: depositSettlementSchema.nullable(),
});
export type OpenProblemItem = z.infer<typeof openProblemItemSchema>;
export const openProblemsSchema = z.object({ items: z.array(openProblemItemSchema) });

/** The order's thread as staff read it while settling a problem; their own messages marked 'Administração'. */
export const problemThreadSchema = z.object({
  problemId: z.string(),
  messages: z.array(
    z.object({ id: z.string(), body: z.string(), senderName: z.string(), fromStaff: z.boolean(), createdAt: z.date() }),
  ),
});
export type ProblemThread = z.infer<typeof problemThreadSchema>;
