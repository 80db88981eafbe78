import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';

// Why something is reported to the administration. One list of codes for every kind of
// report; each kind offers the ones that make sense for it (a listing adds 'Item proibido').

export const REPORT_REASONS = ['fraud', 'offensive', 'harassment', 'prohibited_item', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fraud: 'Golpe ou fraude',
  offensive: 'Conteúdo ofensivo',
  harassment: 'Assédio',
  prohibited_item: 'Item proibido',
  other: 'Outro',
};

/** The reasons a conversation's message can be reported for, in the order the dialog offers them. */
export const MESSAGE_REPORT_REASONS = ['fraud', 'offensive', 'harassment', 'other'] as const satisfies readonly ReportReason[];

export const REPORT_REASON_REQUIRED = 'Escolha o motivo da denúncia';

/** A reason among those this kind of report offers; anything else (none included) is refused with the same message. */
export function reportReasonSchema<const Reasons extends readonly [ReportReason, ...ReportReason[]]>(reasons: Reasons) {
  return z.enum(reasons, { error: REPORT_REASON_REQUIRED });
}
