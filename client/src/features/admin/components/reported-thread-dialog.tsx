import { formatDateTime } from '@vizinhanca/shared/format/format';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { trpc } from '../../../lib/trpc.ts';

/** A reported thread, read by staff only because a message in it was reported (decisions.md). */
export function ReportedThreadDialog({ thread: open, onClose }: { thread: { orderId: string; listingTitle: string } | null; onClose: () => void }) {
  const thread = trpc.messages.moderation.thread.useQuery({ orderId: open?.orderId ?? '' }, { enabled: open !== null });
  return (
    <Dialog open={open !== null} title="Conversa denunciada" description={open ? `Pedido de ${open.listingTitle}` : undefined} onClose={onClose}>
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
