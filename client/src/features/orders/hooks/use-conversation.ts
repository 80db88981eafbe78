import { TRPCClientError } from '@trpc/client';
import type { Thread } from '@vizinhanca/shared/messages/message.schema';
import type { ReportMessageInput } from '@vizinhanca/shared/reports/report.schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../components/ui/toast-store.ts';
import { showErrorToast } from '../../../lib/show-error-toast.ts';
import { trpc } from '../../../lib/trpc.ts';


/** The thread of /pedido/{id}/conversa; live events invalidate exactly this query. */
export function useThread(orderId: string) {
  return trpc.messages.thread.useQuery({ orderId });
}

/** The thread is on screen: the other person's unread messages become read (their ticks turn). */
export function useMarkThreadRead(orderId: string, thread: Thread | undefined) {
  const utils = trpc.useUtils();
  // The thread is read again once marked: without a live channel it would still show them unread and be marked again and again.
  const markRead = trpc.messages.markRead.useMutation({ meta: { silentError: true }, onSettled: () => utils.messages.thread.invalidate({ orderId }) });
  const newestUnread = thread?.messages.filter((message) => !message.mine && message.readAt === null).at(-1)?.id ?? null;
  const markedUpTo = useRef<string | null>(null);
  const { mutate, isPending } = markRead;
  useEffect(() => {
    if (!newestUnread || isPending) return undefined;
    const mark = () => {
      markedUpTo.current = newestUnread;
      mutate({ orderId });
    };
    if (document.visibilityState === 'visible' && markedUpTo.current !== newestUnread) mark();
    // A message that arrives while the tab is in the background is read when the person comes back to it.
    const markWhenVisible = () => {
      if (document.visibilityState === 'visible') mark();
    };
    document.addEventListener('visibilitychange', markWhenVisible);
    return () => document.removeEventListener('visibilitychange', markWhenVisible);
  }, [newestUnread, isPending, mutate, orderId]);
}

/** A network failure (no answer from the server) rather than a refusal. */
function isNetworkError(error: unknown): boolean {
  return error instanceof TRPCClientError && !error.shape;
}

export interface Outgoing {
  body: string;
  clientId: string;
}

/**
 * Sending a message. Offline (or when the request never reached the server) the
 * text stays in the box and goes out once when the network returns: the server
 * stores one message per clientId, so a retry never duplicates it.
 */
export function useSendMessage(orderId: string, onSent: (sent: Outgoing) => void) {
  const utils = trpc.useUtils();
  const [waiting, setWaiting] = useState<Outgoing | null>(null);
  const inFlight = useRef<string | null>(null);
  const send = trpc.messages.send.useMutation({ meta: { silentError: true } });
  const { mutate } = send;

  const deliver = useCallback(
    (outgoing: Outgoing) => {
      if (inFlight.current === outgoing.clientId) return;
      if (!navigator.onLine) {
        setWaiting(outgoing);
        return;
      }
      inFlight.current = outgoing.clientId;
      mutate(
        { orderId, body: outgoing.body, clientId: outgoing.clientId },
        {
          onSuccess: () => {
            setWaiting(null);
            onSent(outgoing);
            void utils.messages.thread.invalidate({ orderId });
          },
          onError: (error) => {
            if (isNetworkError(error)) setWaiting(outgoing);
            else {
              setWaiting(null);
              showErrorToast(error);
            }
          },
          onSettled: () => {
            inFlight.current = null;
          },
        },
      );
    },
    [mutate, onSent, orderId, utils],
  );

  useEffect(() => {
    if (!waiting) return undefined;
    const retry = () => deliver(waiting);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [waiting, deliver]);

  return { deliver, waiting: waiting !== null, sending: send.isPending };
}

/** 'Denunciar' on the other person's message, once its dialog has the reason; done() closes the dialog when it is saved. */
export function useReportMessage(orderId: string) {
  const utils = trpc.useUtils();
  const report = trpc.reports.message.useMutation({
    onSuccess: (result) => toast.success(result.message),
    onSettled: () => utils.messages.thread.invalidate({ orderId }),
  });
  return {
    report: (input: ReportMessageInput, done: () => void) => report.mutate(input, { onSuccess: done }),
    reporting: report.isPending,
  };
}
