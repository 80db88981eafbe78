import { depositLine, depositOutcomeText } from '@vizinhanca/shared/deposits/deposit.constants';
import { formatCalendarDate, formatCurrency, formatDateTime } from '@vizinhanca/shared/format/format';
import { HANDOVER_STAGE_LABELS } from '@vizinhanca/shared/orders/handover-condition.schema';
import {
  PROBLEM_KIND_LABELS,
  PROBLEM_TEXT_MAX_LENGTH,
  resolveProblemSchema,
  STAFF_AUTHOR_LABEL,
  staffMessageSchema,
  type OpenProblemItem,
} from '@vizinhanca/shared/orders/order-problem.schema';
import { useState, type FormEvent } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { PhotoThumbs } from '../../../components/photo-thumbs.tsx';
import { ReasonDialog, type ReasonDialogTexts } from '../../../components/reason-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { newClientId } from '../../../lib/client-id.ts';
import { trpc } from '../../../lib/trpc.ts';
import { AdminPanel } from './admin-panel.tsx';
import { PendingWait } from './pending-wait.tsx';

function person(p: { fullName: string; apartment: string | null }): string {
  return p.apartment ? `${p.fullName} (${p.apartment})` : p.fullName;
}

const RESOLVE_TEXTS: ReasonDialogTexts = {
  title: 'Resolver problema',
  description: 'Os dois leem a decisão no pedido, como "Resolvido: …", e são avisados.',
  confirmLabel: 'Resolver',
  placeholder: 'A decisão da administração',
  fieldLabel: 'Decisão',
  readBy: 'os dois leem',
  confirmVariant: 'primary',
};

/** The deposit of a rental and its record: a contested record comes to staff as a problem (or joins the open one) with the requester's words. */
function ProblemDeposit({ problem }: { problem: OpenProblemItem }) {
  const record = problem.deposit;
  if (problem.depositCents === 0) return null;
  return (
    <div className="admin-problem-handover">
      <p className="admin-thread-meta">
        <strong>{record ? depositOutcomeText(record, problem.depositCents) : depositLine(problem.depositCents)}</strong>
        {record ? ` · ${formatDateTime(record.settledAt)}` : ''}
      </p>
      {record?.reason ? <p className="admin-thread-body">Motivo do anunciante: {record.reason}</p> : null}
      {record ? <PhotoThumbs photos={record.photos} label="Fotos da caução" photoName={(index) => `Foto ${index + 1} da caução`} /> : null}
      {record?.answer === 'contested' ? (
        <p className="admin-thread-meta">
          <strong>Contestada por quem pediu</strong>
          {record.answeredAt ? ` · ${formatDateTime(record.answeredAt)}` : ''}
        </p>
      ) : null}
      {record?.contestText ? <p className="admin-thread-body">{record.contestText}</p> : null}
    </div>
  );
}

/** The order's thread as staff read it, and the box to write to both ('Administração'). */
function ProblemThread({ problem }: { problem: OpenProblemItem }) {
  const utils = trpc.useUtils();
  const thread = trpc.problems.moderation.thread.useQuery({ problemId: problem.id });
  const [body, setBody] = useState('');
  const [clientId, setClientId] = useState(newClientId);
  const write = trpc.problems.moderation.write.useMutation({
    onSuccess: (result) => {
      toast.success(result.message);
      setBody('');
      setClientId(newClientId());
    },
    onSettled: () => utils.problems.moderation.thread.invalidate({ problemId: problem.id }),
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = staffMessageSchema.safeParse({ problemId: problem.id, body, clientId });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? '');
      return;
    }
    write.mutate(parsed.data);
  }

  return (
    <div className="admin-problem-thread">
      {thread.isPending ? (
        <Spinner label="Carregando conversa" />
      ) : thread.isError ? (
        <LoadError error={thread.error} onRetry={() => void thread.refetch()} />
      ) : thread.data.messages.length === 0 ? (
        <p className="admin-thread-meta">Nenhuma mensagem ainda.</p>
      ) : (
        <ol className="admin-thread" aria-label="Mensagens do pedido">
          {thread.data.messages.map((message) => (
            <li key={message.id} className={message.fromStaff ? 'admin-thread-staff' : undefined}>
              <p className="admin-thread-meta">
                <strong>{message.fromStaff ? `${STAFF_AUTHOR_LABEL} (${message.senderName})` : message.senderName}</strong> · {formatDateTime(message.createdAt)}
              </p>
              <p className="admin-thread-body">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      <form className="form" onSubmit={onSubmit} noValidate>
        <TextAreaField
          id={`problem-message-${problem.id}`}
          label="Mensagem aos dois"
          rows={2}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          hint={`Aparece na conversa do pedido como "${STAFF_AUTHOR_LABEL}"`}
        />
        <Button type="submit" size="sm" loading={write.isPending}>
          Enviar mensagem
        </Button>
      </form>
    </div>
  );
}

/** 'Conversa do pedido': the thread is read (and the reading recorded) only once staff open it. */
function ProblemConversation({ problem }: { problem: OpenProblemItem }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="admin-report-earlier" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Conversa do pedido</summary>
      {open ? <ProblemThread problem={problem} /> : null}
    </details>
  );
}

/** /admin 'Problemas': every open problem on an order, oldest first, with the order, both people, the photos and the thread. */
export function ProblemsPanel() {
  const utils = trpc.useUtils();
  const open = trpc.problems.moderation.open.useQuery();
  const resolve = trpc.problems.moderation.resolve.useMutation({
    onSuccess: (result) => toast.success(result.message),
    onSettled: () => Promise.all([utils.problems.moderation.open.invalidate(), utils.admin.summary.invalidate()]),
  });
  const [resolving, setResolving] = useState<OpenProblemItem | null>(null);
  const items = open.data?.items ?? [];

  return (
    <AdminPanel titleId="admin-problems-title" title="Problemas" className="admin-reports">
      {open.isPending ? (
        <Spinner />
      ) : open.isError ? (
        <LoadError error={open.error} onRetry={() => void open.refetch()} />
      ) : items.length === 0 ? (
        <p className="admin-empty">Nenhum problema em análise.</p>
      ) : (
        <ul className="stack-list" aria-label="Problemas em análise">
          {items.map((problem) => (
            <li key={problem.id} className="card admin-reported-card" aria-label={`Problema: ${PROBLEM_KIND_LABELS[problem.kind]} no pedido de ${problem.listing.title}`}>
              <p className="admin-thread-meta">
                <strong>{PROBLEM_KIND_LABELS[problem.kind]}</strong> no pedido de <strong>{problem.listing.title}</strong> · {formatCurrency(problem.totalCents)}
                {problem.startDate && problem.endDate ? ` · ${formatCalendarDate(problem.startDate)} a ${formatCalendarDate(problem.endDate)}` : ''}
              </p>
              <p className="admin-thread-meta">
                Solicitante: {person(problem.requester)}
                {problem.openedBy === 'requester' ? ' · abriu o problema' : ''}
              </p>
              <p className="admin-thread-meta">
                Anunciante: {person(problem.owner)}
                {problem.openedBy === 'owner' ? ' · abriu o problema' : ''}
              </p>
              {problem.text ? <p className="admin-thread-body">{problem.text}</p> : null}
              <PhotoThumbs photos={problem.photos} label="Fotos do problema" photoName={(index) => `Foto ${index + 1} do problema`} />
              {problem.handover.map((condition) => {
                const stage = HANDOVER_STAGE_LABELS[condition.stage];
                return (
                  <div key={condition.stage} className="admin-problem-handover">
                    <p className="admin-thread-meta">
                      <strong>{stage}</strong> · {formatDateTime(condition.recordedAt)}
                      {condition.confirmedAt ? ' · confirmado por quem pediu' : ''}
                    </p>
                    {condition.note ? <p className="admin-thread-body">{condition.note}</p> : null}
                    <PhotoThumbs photos={condition.photos} label={`Fotos: ${stage}`} photoName={(index) => `Foto ${index + 1}: ${stage.toLowerCase()}`} />
                  </div>
                );
              })}
              <ProblemDeposit problem={problem} />
              <p className="admin-thread-meta">Aberto em {formatDateTime(problem.createdAt)}</p>
              <PendingWait since={problem.createdAt} />
              <ProblemConversation problem={problem} />
              <div className="orders-actions">
                <Button size="sm" disabled={resolve.isPending} onClick={() => setResolving(problem)}>
                  Resolver
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ReasonDialog
        subject={resolving ? `${PROBLEM_KIND_LABELS[resolving.kind]} no pedido de ${resolving.listing.title}` : null}
        texts={RESOLVE_TEXTS}
        fieldId="problem-decision"
        maxLength={PROBLEM_TEXT_MAX_LENGTH}
        pending={resolve.isPending}
        onConfirm={(decision, done) => {
          if (!resolving) return;
          const parsed = resolveProblemSchema.safeParse({ problemId: resolving.id, decision: decision ?? '' });
          if (!parsed.success) {
            toast.error(parsed.error.issues[0]?.message ?? '');
            return;
          }
          resolve.mutate(parsed.data, { onSuccess: done });
        }}
        onClose={() => setResolving(null)}
      />
    </AdminPanel>
  );
}
