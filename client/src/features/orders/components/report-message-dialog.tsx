import type { ThreadMessage } from '@vizinhanca/shared/messages/message.schema';
import type { ReportMessageInput } from '@vizinhanca/shared/reports/report.schema';
import { ReportDialog } from '../../../components/report-dialog.tsx';

interface ReportMessageDialogProps {
  /** The other person's message being reported, or null when the dialog is closed. */
  message: ThreadMessage | null;
  sending: boolean;
  /** Sends the report; done() closes the dialog once it is saved. */
  onSend: (report: ReportMessageInput, done: () => void) => void;
  onClose: () => void;
}

/** 'Denunciar' on a message: the message quoted, the reasons every report offers. */
export function ReportMessageDialog({ message, sending, onSend, onClose }: ReportMessageDialogProps) {
  return (
    <ReportDialog
      open={message !== null}
      title="Denunciar mensagem"
      description={message ? `A mensagem de ${message.senderName} vai para a administração do condomínio, que pode ler esta conversa.` : undefined}
      subject={message ? <blockquote className="dialog-subject report-message-quote">{message.body}</blockquote> : null}
      sending={sending}
      onSend={(choice, done) => message && onSend({ messageId: message.id, ...choice }, done)}
      onClose={onClose}
    />
  );
}
