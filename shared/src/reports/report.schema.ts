import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { REPORT_REASONS, REPORT_STATUSES, reportDetailsSchema, reportReasonSchema } from './report.reasons.ts';

// Reports of a listing, a person or a message ('Denunciar'), and what the administration decides
// (decisions.md "Trust between neighbours").

/** The staff's text of a warning or a note, as long as a moderation reason. */
export const REPORT_NOTE_MAX_LENGTH = 500;
/** Open reports shown in /admin 'Denúncias'; earlier reports shown with each. */
export const OPEN_REPORTS_LIMIT = 100;
export const EARLIER_REPORTS_LIMIT = 5;

export const REPORT_MESSAGES = {
  listingNotFound: 'Anúncio não encontrado',
  messageNotFound: 'Mensagem não encontrada',
  requestNotFound: 'Pedido não encontrado',
  ownRequest: 'Você não pode denunciar o seu próprio pedido.',
  requestReported: 'Pedido denunciado. A administração vai analisar.',
  personNotFound: 'Vizinho não encontrado',
  reportNotFound: 'Denúncia não encontrada',
  ownListing: 'Você não pode denunciar o seu próprio anúncio.',
  self: 'Você não pode denunciar a si mesmo.',
  ownMessage: 'Você não pode denunciar a sua própria mensagem.',
  messageAlreadyReported: 'Esta mensagem já foi denunciada.',
  messageReported: 'Mensagem denunciada. A administração vai analisar.',
  alreadyOpen: 'Você já denunciou isto. A administração ainda está analisando.',
  listingReported: 'Anúncio denunciado. A administração vai analisar.',
  personReported: 'Denúncia enviada. A administração vai analisar.',
  alreadyDecided: 'Esta denúncia já foi analisada.',
  noteRequired: 'Escreva o aviso que a pessoa vai receber',
  noteTooLong: `O texto deve ter no máximo ${REPORT_NOTE_MAX_LENGTH} caracteres`,
  notAListing: 'Esta denúncia não é de um anúncio.',
  notARequest: 'Esta denúncia não é de um pedido do Procura-se.',
  outcomeRequired: 'Escolha uma decisão',
  suspendAdminOnly: 'Só administradores podem suspender uma conta.',
  suspendStaff: 'Um administrador ou moderador não pode ser suspenso por uma denúncia.',
  decided: {
    archive: 'Denúncia arquivada.',
    remove_listing: 'Anúncio removido.',
    remove_request: 'Pedido removido.',
    warn: 'Advertência enviada.',
    suspend: 'Conta suspensa.',
  },
} as const;

/** What the reporter is told once staff decided, whatever it was. */
export const REPORT_HANDLED_NOTICE = { title: 'Sua denúncia foi analisada', message: 'A administração do condomínio analisou a sua denúncia. Obrigado por avisar.' } as const;
/** What the author of a listing or a request staff removed after a report reads. */
export const REMOVED_BY_STAFF_NOTICES = {
  listing: (title: string) => ({ title: 'Anúncio removido', message: `Seu anúncio "${title}" foi removido pela administração após uma denúncia.` }),
  request: (title: string) => ({ title: 'Pedido removido', message: `Seu pedido "${title}" no Procura-se foi removido pela administração após uma denúncia.` }),
} as const;
/** The reported person's warning ('Advertir'): the staff's text is the message. */
export const WARNING_NOTICE_TITLE = 'Advertência da administração';

export const reportListingSchema = z.object({
  listingId: z.uuid({ message: REPORT_MESSAGES.listingNotFound }),
  reason: reportReasonSchema,
  details: reportDetailsSchema,
});
export type ReportListingInput = z.input<typeof reportListingSchema>;

export const reportRequestSchema = z.object({
  requestId: z.uuid({ message: REPORT_MESSAGES.requestNotFound }),
  reason: reportReasonSchema,
  details: reportDetailsSchema,
});
export type ReportRequestInput = z.input<typeof reportRequestSchema>;

export const reportPersonSchema = z.object({
  userId: z.uuid({ message: REPORT_MESSAGES.personNotFound }),
  reason: reportReasonSchema,
  details: reportDetailsSchema,
});
export type ReportPersonInput = z.input<typeof reportPersonSchema>;

/** A message of one's conversation: why (required) and, if the person wants, what happened in their words. */
export const reportMessageSchema = z.object({
  messageId: z.uuid({ message: REPORT_MESSAGES.messageNotFound }),
  reason: reportReasonSchema,
  details: reportDetailsSchema,
});
export type ReportMessageInput = z.input<typeof reportMessageSchema>;

/** What was reported: a listing (and its owner), a person, a message of a conversation (and its author), or a 'Procura-se' request (and its author). */
export const REPORT_TARGET_TYPES = ['listing', 'person', 'message', 'request'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

/** The decisions on a report, as /admin offers them ('Suspender': administrators only). */
export const REPORT_OUTCOMES = ['archive', 'remove_listing', 'remove_request', 'warn', 'suspend'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
export const REPORT_OUTCOME_LABELS: Record<ReportOutcome, string> = {
  archive: 'Arquivar',
  remove_listing: 'Remover anúncio',
  remove_request: 'Remover pedido',
  warn: 'Advertir',
  suspend: 'Suspender',
};

/** A decision; 'Advertir' needs the text the person reads, the others take an optional note. */
export const decideReportSchema = z
  .object({
    reportId: z.uuid({ message: REPORT_MESSAGES.reportNotFound }),
    outcome: z.enum(REPORT_OUTCOMES, { error: REPORT_MESSAGES.outcomeRequired }),
    note: z
      .string()
      .trim()
      .max(REPORT_NOTE_MAX_LENGTH, REPORT_MESSAGES.noteTooLong)
      .nullish()
      .transform((note) => (note ? note : null)),
  })
  .refine((input) => input.outcome !== 'warn' || input.note !== null, { message: REPORT_MESSAGES.noteRequired, path: ['note'] });
export type DecideReportInput = z.input<typeof decideReportSchema>;

// ---- What the API returns ----

const personSchema = z.object({ id: z.string(), fullName: z.string(), apartment: z.string().nullable() });

/** An earlier report about the same person or listing, with what was decided. */
export const earlierReportSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.date(),
  listingTitle: z.string().nullable(),
});
export type EarlierReport = z.infer<typeof earlierReportSchema>;

/** An open report in /admin 'Denúncias'. */
export const openReportSchema = z.object({
  id: z.string(),
  targetType: z.enum(REPORT_TARGET_TYPES),
  /** The reported listing (a listing report), as it reads now. */
  listing: z.object({ id: z.string(), title: z.string(), removed: z.boolean() }).nullable(),
  /** The reported message (a message report), with the order its conversation belongs to. */
  message: z.object({ id: z.string(), body: z.string(), createdAt: z.date(), orderId: z.string(), listingTitle: z.string() }).nullable(),
  /** The reported 'Procura-se' request (a request report), as it reads now. */
  request: z.object({ id: z.string(), title: z.string(), removed: z.boolean() }).nullable(),
  /** The reported person (the listing's owner for a listing, the author for a message or a request). */
  person: personSchema.extend({ isSuspended: z.boolean(), isStaff: z.boolean() }),
  reporter: personSchema,
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: z.date(),
  earlier: z.array(earlierReportSchema),
});
export type OpenReport = z.infer<typeof openReportSchema>;
export const openReportsSchema = z.object({ items: z.array(openReportSchema) });

/** How /admin shows where an earlier report ended. */
export const REPORT_STATUS_LABELS: Record<(typeof REPORT_STATUSES)[number], string> = {
  open: 'Em análise',
  archived: 'Arquivada',
  listing_removed: 'Anúncio removido',
  warned: 'Advertência',
  suspended: 'Conta suspensa',
  request_removed: 'Pedido removido',
};
