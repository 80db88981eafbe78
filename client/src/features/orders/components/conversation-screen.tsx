import { formatCalendarDate, formatCurrency, formatDateTime } from '@vizinhanca/shared/format/format';
import type { ThreadMessage, ThreadOrder } from '@vizinhanca/shared/messages/message.schema';
import { fornadaLabel } from '@vizinhanca/shared/fornadas/fornada.rules';
import { availableActions } from '@vizinhanca/shared/orders/order.rules';
import { hoursText } from '@vizinhanca/shared/orders/order.constants';
import { STAFF_AUTHOR_LABEL } from '@vizinhanca/shared/orders/order-problem.schema';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { PageHeader } from '../../../components/layout/page-header.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { useMarkThreadRead, useReportMessage, useThread } from '../hooks/use-conversation.ts';
import { useCancelOrder, useReceivedOrderActions } from '../hooks/use-order-actions.ts';
import { apartmentText, whenText } from '../order-format.ts';
import { DepositPanel } from './deposit-panel.tsx';
import { ConfirmStepDialog, type ConfirmableStep } from './confirm-step-dialog.tsx';
import { HandoverConditions } from './handover-conditions.tsx';
import { MessageComposer } from './message-composer.tsx';
import { OrderStatusBadge } from '../../../components/status-badges.tsx';
import { MarkPaidButton, PaymentBadge } from './order-card-parts.tsx';
import { ORDER_REASON_TEXTS, OrderReasonDialog } from './order-reason-dialog.tsx';
import { ReportMessageDialog } from './report-message-dialog.tsx';
import '../../../looks.css';
import '../orders.css';

interface ConversationScreenProps {
  orderId: string;
  /** Where the back arrow goes (/mensagens when the thread was opened there); the viewer's orders screen otherwise. */
  backTo?: string;
  /** The requester's 'Pagar com Pix' (composed by the route from the Pix feature). */
  renderPayment?: (order: ThreadOrder) => ReactNode;
  /** 'Bloquear' the other person (composed by the route from the trust feature). */
  renderBlock?: (counterpart: ThreadOrder['counterpart']) => ReactNode;
  /** The order's problems and 'Abrir problema' (composed by the route from the problems feature). */
  renderProblems?: (order: ThreadOrder) => ReactNode;
}

/** /pedido/{id}/conversa: the order on top with its actions, the messages, the text box at the bottom. */
export function ConversationScreen({ orderId, backTo: openedFrom, renderPayment, renderBlock, renderProblems }: ConversationScreenProps) {
  const thread = useThread(orderId);
  useMarkThreadRead(orderId, thread.data);
  const backTo = openedFrom ?? (thread.data?.order.side === 'owner' ? '/gerenciar-pedidos' : '/meus-pedidos');
  const title = thread.data ? `Conversa com ${thread.data.order.counterpart.fullName}` : 'Conversa';

  return (
    <div className="screen conversation-screen">
      <PageHeader title={title} subtitle={thread.data ? apartmentText(thread.data.order.counterpart.apartment) : undefined} backTo={backTo} backFromHistoryState />
      {thread.data ? (
        <>
          <OrderHeader
            order={thread.data.order}
            renderPayment={renderPayment}
            renderBlock={thread.data.blockedByMe ? undefined : renderBlock}
            renderProblems={renderProblems}
          />
          <MessageList orderId={orderId} messages={thread.data.messages} />
          {thread.data.blockedByMe ? (
            <section aria-label="Pessoa bloqueada">
              <p className="conversation-closed" role="status">
                Você bloqueou esta pessoa: nenhum dos dois pode mandar mensagens. Para desbloquear, vá em Configurações → Pessoas bloqueadas.
              </p>
            </section>
          ) : thread.data.open ? (
            <MessageComposer orderId={orderId} />
          ) : (
            <section aria-label="Conversa encerrada">
              <p className="conversation-closed" role="status">
                Esta conversa foi encerrada 30 dias depois do fim do pedido e agora é somente leitura.
              </p>
            </section>
          )}
        </>
      ) : thread.isError ? (
        <main className="screen-main">
          <p className="empty-state-title" role="alert">
            {errorMessage(thread.error)}
          </p>
        </main>
      ) : (
        <main className="screen-main">
          <Spinner label="Carregando conversa" />
        </main>
      )}
    </div>
  );
}

/** The order's summary and status, and what this person can do now. */
function OrderHeader({ order, renderPayment, renderBlock, renderProblems }: Pick<ConversationScreenProps, 'renderPayment' | 'renderBlock' | 'renderProblems'> & { order: ThreadOrder }) {
  const owner = useReceivedOrderActions();
  const { cancel, cancelling } = useCancelOrder();
  const [cancelOpen, setCancelOpen] = useState(false);
  // 'Marcar como entregue' and 'Concluir' ask first here too, as on the order cards.
  const [toConfirm, setToConfirm] = useState<ConfirmableStep | null>(null);
  const actions = availableActions(order.status, order.side);
  const busy = owner.busyId === order.id;

  return (
    <section className="conversation-order" aria-label="Resumo do pedido">
      <div className="conversation-order-top">
        <h2 className="conversation-order-title">{order.listing.removed ? 'Item removido' : order.listing.title}</h2>
        <OrderStatusBadge status={order.status} />
      </div>
      {order.fornadaDay ? <p className="conversation-order-when conversation-order-fornada">{fornadaLabel(order.fornadaDay)}</p> : null}
      {order.startDate && order.endDate ? (
        <p className="conversation-order-when">
          {formatCalendarDate(order.startDate)} a {formatCalendarDate(order.endDate)}
        </p>
      ) : order.scheduledAt ? (
        <p className="conversation-order-when">{whenText(order.listing.type, order.deliveryMethod, order.scheduledAt)}</p>
      ) : null}
      {order.hours ? <p className="conversation-order-when">Duração: {hoursText(order.hours)}</p> : null}
      <p className="conversation-order-total">
        <span>Total</span> <strong>{formatCurrency(order.totalCents)}</strong>
        <PaymentBadge status={order.status} paidAt={order.paidAt} />
      </p>
      <OrderDetails order={order} renderProblems={renderProblems} />
      <div className="orders-actions conversation-actions">
        {actions.includes('approve') ? (
          <Button size="sm" onClick={() => owner.approve(order)} loading={busy}>
            Aprovar
          </Button>
        ) : null}
        {actions.includes('markDelivered') ? (
          <Button size="sm" onClick={() => setToConfirm('markDelivered')} loading={busy}>
            Marcar como entregue
          </Button>
        ) : null}
        {actions.includes('complete') ? (
          <Button size="sm" onClick={() => setToConfirm('complete')} loading={busy}>
            Concluir
          </Button>
        ) : null}
        {actions.includes('cancel') ? (
          <Button variant="danger-outline" size="sm" onClick={() => setCancelOpen(true)}>
            Cancelar
          </Button>
        ) : null}
        {order.side === 'requester' && order.pixAvailable && !order.paidAt ? renderPayment?.(order) : null}
        <MarkPaidButton order={order} />
        {renderBlock?.(order.counterpart)}
      </div>
      <ConfirmStepDialog
        pending={toConfirm ? { order: { ...order, listing: order.listing.removed ? null : order.listing }, step: toConfirm } : null}
        busy={busy}
        onConfirm={(_order, step, condition) => {
          owner[step](order, condition);
          setToConfirm(null);
        }}
        onClose={() => setToConfirm(null)}
      />
      <OrderReasonDialog
        order={cancelOpen ? order : null}
        texts={ORDER_REASON_TEXTS.cancelFromConversation}
        pending={cancelling}
        onConfirm={cancel}
        onClose={() => setCancelOpen(false)}
      />
    </section>
  );
}

/** Whether one of the order's records waits for this person: a condition to confirm, a deposit record to answer or to make. */
function waitsForViewer(order: ThreadOrder): boolean {
  if (order.side === 'requester') return order.handover.some((condition) => !condition.confirmedAt) || Boolean(order.deposit?.answerOpen);
  return order.depositCents > 0 && !order.deposit && order.status === 'completed';
}

/**
 * The order's records (the item's condition, the deposit, its problems), folded under one line
 * so that on a phone the messages keep the screen: 'Detalhes do pedido' opens them, and says
 * when one of them waits for this person.
 */
function OrderDetails({ order, renderProblems }: Pick<ConversationScreenProps, 'renderProblems'> & { order: ThreadOrder }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  // Problems are opened from the hand-over on, so before it only a deposit or a recorded condition has something to show.
  const handedOver = order.status === 'in_progress' || order.status === 'completed' || order.handover.length > 0;
  if (!handedOver && order.depositCents === 0) return renderProblems?.(order) ?? null;
  const sections = [order.handover.length > 0 ? 'estado do item' : null, order.depositCents > 0 ? 'caução' : null, handedOver ? 'problemas' : null].filter(Boolean);
  return (
    <div className="conversation-order-details">
      <button type="button" className="conversation-order-toggle" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
        <span className="conversation-order-toggle-text">
          <strong>Detalhes do pedido</strong>
          <span className="visually-hidden">: </span>
          <span className="conversation-order-toggle-sections">{sections.join(', ')}</span>
        </span>
        {waitsForViewer(order) ? <span className="conversation-order-waiting">Aguardando você</span> : null}
        <ChevronRightIcon className="conversation-order-chevron" size={20} />
      </button>
      {/* Focusable: it scrolls when tall, and a record with no button in it still scrolls by keyboard. */}
      <div id={detailsId} className="conversation-order-records" hidden={!open} tabIndex={0} role="region" aria-label="Detalhes do pedido">
        <HandoverConditions orderId={order.id} side={order.side} conditions={order.handover} />
        <DepositPanel order={order} side={order.side} />
        {renderProblems?.(order)}
      </div>
    </div>
  );
}

/** Messages, newest at the bottom; text only (links and markup are shown as typed, never as HTML). */
function MessageList({ orderId, messages }: { orderId: string; messages: ThreadMessage[] }) {
  const end = useRef<HTMLLIElement>(null);
  const { report, reporting } = useReportMessage(orderId);
  const [reportingMessage, setReportingMessage] = useState<ThreadMessage | null>(null);
  const lastId = messages.at(-1)?.id;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [lastId]);

  if (messages.length === 0) {
    return (
      <main className="screen-main conversation-messages">
        <p className="muted conversation-empty">Nenhuma mensagem ainda. Combine aqui a retirada, a entrega e o pagamento.</p>
      </main>
    );
  }
  return (
    // Focusable: a thread of messages with no button in it (the administration's, say) still scrolls by keyboard.
    <main className="screen-main conversation-messages" tabIndex={0}>
      <ol className="stack-list stack-list-tight" aria-label="Mensagens">
        {messages.map((message) => (
          <li key={message.id} className={`message ${message.mine ? 'message-mine' : message.fromStaff ? 'message-staff' : 'message-theirs'}`}>
            {message.fromStaff ? <p className="message-author">{STAFF_AUTHOR_LABEL}</p> : <span className="visually-hidden">{message.mine ? 'Você' : message.senderName}: </span>}
            <p className="message-body">{message.body}</p>
            <p className="message-meta">
              <time dateTime={message.createdAt.toISOString()}>{formatDateTime(message.createdAt)}</time>
              {message.mine ? (
                <span className={`message-ticks${message.readAt ? ' message-ticks-read' : ''}`} aria-label={message.readAt ? 'Lida' : 'Enviada'} role="img">
                  {message.readAt ? '✓✓' : '✓'}
                </span>
              ) : message.fromStaff ? null : message.reported ? (
                <span className="message-reported">Denunciada</span>
              ) : (
                <button type="button" className="message-report" onClick={() => setReportingMessage(message)} disabled={reporting}>
                  Denunciar
                </button>
              )}
            </p>
          </li>
        ))}
        <li ref={end} aria-hidden="true" className="message-end" />
      </ol>
      <ReportMessageDialog message={reportingMessage} sending={reporting} onSend={report} onClose={() => setReportingMessage(null)} />
    </main>
  );
}
