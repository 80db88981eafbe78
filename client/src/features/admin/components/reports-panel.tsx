import { formatDateTime } from '@vizinhanca/shared/format/format';
import { REPORT_REASON_LABELS } from '@vizinhanca/shared/reports/report.reasons';
import {
  decideReportSchema,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_OUTCOME_LABELS,
  REPORT_STATUS_LABELS,
  type OpenReport,
  type ReportOutcome,
} from '@vizinhanca/shared/reports/report.schema';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { ReasonDialog, type ReasonDialogTexts } from '../../../components/reason-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { trpc } from '../../../lib/trpc.ts';
import { AdminPanel } from './admin-panel.tsx';
import { PendingWait } from './pending-wait.tsx';
import { ReportedThreadDialog } from './reported-thread-dialog.tsx';

function person(p: { fullName: string; apartment: string | null }): string {
  return p.apartment ? `${p.fullName} (${p.apartment})` : p.fullName;
}

/** Each decision's dialog: 'Advertir' asks for the text the person reads, the others for an optional note. */
const DECISION_TEXTS: Record<ReportOutcome, ReasonDialogTexts> = {
  archive: {
    title: 'Arquivar denúncia',
    description: 'Nada muda para quem foi denunciado. Quem denunciou é avisado de que a denúncia foi analisada.',
    confirmLabel: 'Arquivar',
    placeholder: 'Anotação para o registro (opcional)',
    fieldLabel: 'Anotação',
    readBy: 'só a administração lê',
    confirmVariant: 'primary',
  },
  remove_listing: {
    title: 'Remover anúncio',
    description: 'O anúncio sai de todas as telas e quem o publicou é avisado. Quem denunciou é avisado de que a denúncia foi analisada.',
    confirmLabel: 'Remover anúncio',
    placeholder: 'Anotação para o registro (opcional)',
    fieldLabel: 'Anotação',
    readBy: 'só a administração lê',
  },
  remove_request: {
    title: 'Remover pedido',
    description: 'O pedido sai do Procura-se e quem o publicou é avisado. Quem denunciou é avisado de que a denúncia foi analisada.',
    confirmLabel: 'Remover pedido',
    placeholder: 'Anotação para o registro (opcional)',
    fieldLabel: 'Anotação',
    readBy: 'só a administração lê',
  },
  warn: {
    title: 'Advertir',
    description: 'A pessoa recebe uma notificação com este texto. Quem denunciou é avisado de que a denúncia foi analisada.',
    confirmLabel: 'Advertir',
    placeholder: 'O aviso que a pessoa vai ler',
    fieldLabel: 'Aviso',
    readBy: 'a pessoa lê',
  },
  suspend: {
    title: 'Suspender conta',
    description: 'A pessoa sai de todas as sessões e os pedidos pendentes dela são cancelados. Quem denunciou é avisado de que a denúncia foi analisada.',
    confirmLabel: 'Suspender',
    placeholder: 'Motivo da suspensão (opcional)',
    readBy: 'vai para o registro de atividade',
  },
};

/** The decisions this report offers to this staff member ('Suspender': administrators, never on staff). */
function outcomesFor(report: OpenReport, isAdmin: boolean): ReportOutcome[] {
  const outcomes: ReportOutcome[] = ['archive'];
  if (report.listing && !report.listing.removed) outcomes.push('remove_listing');
  if (report.request && !report.request.removed) outcomes.push('remove_request');
  outcomes.push('warn');
  if (isAdmin && !report.person.isStaff && !report.person.isSuspended) outcomes.push('suspend');
  return outcomes;
}

/** What a report is about, as its card's name says it. */
function reportSubject(report: OpenReport): string {
  if (report.listing) return `anúncio: ${report.listing.title}`;
  if (report.request) return `pedido: ${report.request.title}`;
  if (report.message) return `mensagem: ${report.person.fullName}`;
  return `vizinho: ${report.person.fullName}`;
}

/** /admin 'Denúncias': every open report of a listing, a person, a message or a 'Procura-se' request, oldest first, with the earlier reports about the same person. */
export function ReportsPanel({ isAdmin }: { isAdmin: boolean }) {
  const utils = trpc.useUtils();
  const open = trpc.reports.moderation.open.useQuery();
  const decide = trpc.reports.moderation.decide.useMutation({
    onSuccess: (result) => toast.success(result.message),
    onSettled: () => Promise.all([utils.reports.moderation.open.invalidate(), utils.admin.summary.invalidate()]),
  });
  const [deciding, setDeciding] = useState<{ report: OpenReport; outcome: ReportOutcome } | null>(null);
  const [reading, setReading] = useState<NonNullable<OpenReport['message']> | null>(null);
  const items = open.data?.items ?? [];

  return (
    <AdminPanel titleId="admin-reports-title" title="Denúncias" className="admin-reports">
      {open.isPending ? (
        <Spinner />
      ) : open.isError ? (
        <LoadError error={open.error} onRetry={() => void open.refetch()} />
      ) : items.length === 0 ? (
        <p className="admin-empty">Nenhuma denúncia em análise.</p>
      ) : (
        <ul className="stack-list" aria-label="Denúncias em análise">
          {items.map((report) => (
            <li key={report.id} className="card admin-reported-card" aria-label={`Denúncia de ${reportSubject(report)}`}>
              <p className="admin-thread-meta">
                {report.listing ? (
                  <>
                    Anúncio <strong>{report.listing.title}</strong>
                    {report.listing.removed ? ' (já removido)' : ''}, de {person(report.person)}
                  </>
                ) : report.request ? (
                  <>
                    Procura-se <strong>{report.request.title}</strong>
                    {report.request.removed ? ' (já removido)' : ''}, de {person(report.person)}
                  </>
                ) : report.message ? (
                  <>
                    Mensagem de <strong>{person(report.person)}</strong> no pedido de <strong>{report.message.listingTitle}</strong>
                  </>
                ) : (
                  <>
                    Vizinho <strong>{person(report.person)}</strong>
                  </>
                )}
                {report.person.isSuspended ? ' · conta suspensa' : ''}
              </p>
              {report.message ? <blockquote className="admin-thread-body">{report.message.body}</blockquote> : null}
              <p className="admin-thread-body">
                Motivo: <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
                {report.details ? ` · ${report.details}` : ''}
              </p>
              <p className="admin-thread-meta">
                Denunciado por {person(report.reporter)} em {formatDateTime(report.createdAt)}
              </p>
              <PendingWait since={report.createdAt} />
              {report.earlier.length ? (
                <details className="admin-report-earlier">
                  <summary>
                    {report.earlier.length === 1 ? '1 denúncia anterior' : `${report.earlier.length} denúncias anteriores`} sobre {report.person.fullName}
                  </summary>
                  <ul>
                    {report.earlier.map((earlier) => (
                      <li key={earlier.id}>
                        {formatDateTime(earlier.createdAt)} · {REPORT_REASON_LABELS[earlier.reason]}
                        {earlier.listingTitle ? ` · ${earlier.listingTitle}` : earlier.targetType === 'message' ? ' · mensagem' : ''} · {REPORT_STATUS_LABELS[earlier.status]}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : (
                <p className="admin-thread-meta">Nenhuma denúncia anterior sobre esta pessoa.</p>
              )}
              <div className="orders-actions">
                {report.message ? (
                  <Button size="sm" variant="outline" onClick={() => setReading(report.message)}>
                    Ler conversa
                  </Button>
                ) : null}
                {outcomesFor(report, isAdmin).map((outcome) => (
                  <Button
                    key={outcome}
                    size="sm"
                    variant={outcome === 'archive' ? 'outline' : 'danger-outline'}
                    disabled={decide.isPending}
                    onClick={() => setDeciding({ report, outcome })}
                  >
                    {REPORT_OUTCOME_LABELS[outcome]}
                  </Button>
                ))}
              </div>
            </li>
          ))}
        </ul>
      )}
      <ReportedThreadDialog thread={reading} onClose={() => setReading(null)} />
      {(Object.keys(DECISION_TEXTS) as ReportOutcome[]).map((outcome) => (
        <ReasonDialog
          key={outcome}
          subject={deciding?.outcome === outcome ? (deciding.report.listing?.title ?? deciding.report.request?.title ?? deciding.report.person.fullName) : null}
          texts={DECISION_TEXTS[outcome]}
          fieldId={`report-decision-${outcome}`}
          maxLength={REPORT_NOTE_MAX_LENGTH}
          pending={decide.isPending}
          onConfirm={(note, done) => {
            if (!deciding) return;
            const parsed = decideReportSchema.safeParse({ reportId: deciding.report.id, outcome, note });
            if (!parsed.success) {
              toast.error(parsed.error.issues[0]?.message ?? '');
              return;
            }
            decide.mutate(parsed.data, { onSuccess: done });
          }}
          onClose={() => setDeciding(null)}
        />
      ))}
    </AdminPanel>
  );
}
