import { formatDateTime } from '@vizinhanca/shared/format/format';
import type { ReportedMessage } from '@vizinhanca/shared/messages/message.schema';
import { REPORT_REASON_LABELS } from '@vizinhanca/shared/reports/report.reasons';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { LoadError } from '../../../components/load-error.tsx';
import { AdminPanel } from './admin-panel.tsx';
import { PendingWait } from './pending-wait.tsx';

function person(p: { fullName: string; apartment: string | null }): string {
  return p.apartment ? `${p.fullName} (${p.apartment})` : p.fullName;
}

/** A reported thread, read by staff only because a message in it was reported (decisions.md). */
function ReportedThreadDialog({ report, onClose }: { report: ReportedMessage | null; onClose: () => void }) {
  const thread = trpc.messages.moderation.thread.useQuery({ orderId: report?.orderId ?? '' }, { enabled: report !== null });
  return (
    <Dialog open={report !== null} title="Conversa denunciada" description={report ? `Pedido de ${report.listingTitle}` : undefined} onClose={onClose}>
      {thread.data ? (
        <ol className="admin-thread" aria-label="Mensagens da conversa">
          {thread.data.messages.map((message) => (
            <li key={message.id} className={message.reported ? 'admin-thread-reported' : undefined}>
              <p className="admin-thread-meta">
                <strong>{message.senderName}</strong> · {formatDateTime(message.createdAt)}
                {message.reported ? ' · denunciada' : ''}
              </p>
              <p className="admin-thread-body">{message.body}</p>
            </li>
          ))}
        </ol>
      ) : thread.isError ? (
        <LoadError error={thread.error} onRetry={() => void thread.refetch()} />
      ) : (
        <Spinner />
      )}
      <div className="dialog-footer">
        <Button variant="outline" onClick={onClose}>
          Fechar
        </Button>
      </div>
    </Dialog>
  );
}

/** /admin: messages residents reported, with the order and both names (admins and moderators). */
export function ReportedMessagesPanel() {
  const reported = trpc.messages.moderation.reported.useQuery();
  const [open, setOpen] = useState<ReportedMessage | null>(null);
  const items = reported.data?.items ?? [];

  return (
    <AdminPanel titleId="admin-reported-title" title="Mensagens denunciadas" className="admin-reported">
      {reported.isPending ? (
        <Spinner />
      ) : reported.isError ? (
        <LoadError error={reported.error} onRetry={() => void reported.refetch()} />
      ) : items.length === 0 ? (
        <p className="admin-empty">Nenhuma mensagem denunciada.</p>
      ) : (
        <ul className="stack-list" aria-label="Mensagens denunciadas">
          {items.map((item) => (
            <li key={item.id} className="card admin-reported-card">
              <p className="admin-thread-meta">
                Pedido de <strong>{item.listingTitle}</strong>: {person(item.requester)} pediu a {person(item.owner)}
              </p>
              <blockquote className="admin-thread-body">{item.body}</blockquote>
              <p className="admin-thread-meta">
                Escrita por {item.sender.fullName} · denunciada por {item.reporter.fullName} em {formatDateTime(item.reportedAt)}
                {` · Motivo: ${REPORT_REASON_LABELS[item.reason]}${item.details ? ` (${item.details})` : ''}`}
              </p>
              <PendingWait since={item.reportedAt} />
              <Button variant="outline" size="sm" onClick={() => setOpen(item)}>
                Ler conversa
              </Button>
            </li>
          ))}
        </ul>
      )}
      <ReportedThreadDialog report={open} onClose={() => setOpen(null)} />
    </AdminPanel>
  );
}
