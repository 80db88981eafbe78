import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';

// Why something is reported to the administration: one list for listings, people and
// messages, in the order the dialogs offer them.

export const REPORT_REASONS = ['fraud', 'offensive', 'prohibited_item', 'harassment', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fraud: 'Golpe ou fraude',
  offensive: 'Conteúdo ofensivo',
  prohibited_item: 'Item proibido',
  harassment: 'Assédio',
  other: 'Outro',
};

export const REPORT_REASON_REQUIRED = 'Escolha o motivo da denúncia';
/** What the reporter may add in their own words. */
export const REPORT_DETAILS_MAX_LENGTH = 500;
export const REPORT_DETAILS_TOO_LONG = `O texto deve ter no máximo ${REPORT_DETAILS_MAX_LENGTH} caracteres`;

/** A reason among the report reasons; anything else (none included) is refused with the same message. */
export const reportReasonSchema = z.enum(REPORT_REASONS, { error: REPORT_REASON_REQUIRED });

/** The optional text of a report: trimmed, empty means none. */
export const reportDetailsSchema = z
  .string()
  .trim()
  .max(REPORT_DETAILS_MAX_LENGTH, REPORT_DETAILS_TOO_LONG)
  .nullish()
  .transform((details) => (details ? details : null));

/** Where a report of a listing, a person, a message or a request stands: open until staff decide, then what they decided. */
export const REPORT_STATUSES = ['open', 'archived', 'listing_removed', 'warned', 'suspended', 'request_removed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
