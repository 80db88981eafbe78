import { REPORT_REASON_MAX_LENGTH, reportMessageSchema, type ReportMessageInput, type ThreadMessage } from '@vizinhanca/shared/messages/message.schema';
import { MESSAGE_REPORT_REASONS, REPORT_REASON_LABELS, type ReportReason } from '@vizinhanca/shared/reports/report.reasons';
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField } from '../../../components/ui/field.tsx';

interface ReportMessageDialogProps {
  /** The other person's message being reported, or null when the dialog is closed. */
  message: ThreadMessage | null;
  sending: boolean;
  /** Sends the report; done() closes the dialog once it is saved. */
  onSend: (report: ReportMessageInput, done: () => void) => void;
  onClose: () => void;
}

/** 'Denunciar' asks why (one of the reasons, required) and what happened (optional) before anything is sent. */
export function ReportMessageDialog({ message, sending, onSend, onClose }: ReportMessageDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | undefined>();

  function close() {
    if (sending) return;
    setReason(null);
    setDetails('');
    setError(undefined);
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!message) return;
    const parsed = reportMessageSchema.safeParse({ messageId: message.id, reason, details });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    onSend(parsed.data, () => {
      setReason(null);
      setDetails('');
      onClose();
    });
  }

  return (
    <Dialog
      open={message !== null}
      title="Denunciar mensagem"
      description={message ? `A mensagem de ${message.senderName} vai para a administração do condomínio, que pode ler esta conversa.` : undefined}
      onClose={close}
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        {message ? <blockquote className="dialog-subject report-message-quote">{message.body}</blockquote> : null}
        <fieldset className="report-reasons" aria-describedby={error ? 'report-reason-error' : undefined}>
          <legend className="field-label">Motivo</legend>
          {MESSAGE_REPORT_REASONS.map((option) => (
            <label key={option} className="report-reason">
              <input
                type="radio"
                name="report-reason"
                value={option}
                checked={reason === option}
                onChange={() => {
                  setReason(option);
                  setError(undefined);
                }}
              />
              {REPORT_REASON_LABELS[option]}
            </label>
          ))}
          {error ? (
            <p className="field-error" id="report-reason-error">
              {error}
            </p>
          ) : null}
        </fieldset>
        <TextAreaField
          id="report-details"
          label="O que aconteceu"
          optional
          maxLength={REPORT_REASON_MAX_LENGTH}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          hint={`${details.length}/${REPORT_REASON_MAX_LENGTH} caracteres · só a administração lê`}
        />
        <div className="dialog-footer">
          <Button variant="outline" onClick={close} disabled={sending}>
            Cancelar
          </Button>
          <Button type="submit" variant="danger" loading={sending}>
            Denunciar
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
