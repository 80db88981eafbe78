import { REPORT_DETAILS_MAX_LENGTH, REPORT_REASON_LABELS, REPORT_REASONS, reportDetailsSchema, reportReasonSchema, type ReportReason } from '@vizinhanca/shared/reports/report.reasons';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { TextAreaField } from './ui/field.tsx';
import { RadioGroupField } from './ui/radio-group-field.tsx';
import '../looks.css';

export interface ReportChoice {
  reason: ReportReason;
  details: string | null;
}

interface ReportDialogProps {
  open: boolean;
  /** 'Denunciar mensagem', 'Denunciar anúncio', 'Denunciar vizinho'. */
  title: string;
  description?: string;
  /** What is reported (the message quoted, the listing's title), above the reasons. */
  subject?: ReactNode;
  sending: boolean;
  /** Sends the report; done() closes the dialog once it is saved. */
  onSend: (choice: ReportChoice, done: () => void) => void;
  onClose: () => void;
}

/** 'Denunciar' asks why (one of the reasons, required) and what happened (optional) before anything is sent. */
export function ReportDialog({ open, title, description, subject, sending, onSend, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | undefined>();

  function reset() {
    setReason(null);
    setDetails('');
    setError(undefined);
  }

  function close() {
    if (sending) return;
    reset();
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsedReason = reportReasonSchema.safeParse(reason);
    const parsedDetails = reportDetailsSchema.safeParse(details);
    if (!parsedReason.success || !parsedDetails.success) {
      setError((parsedReason.error ?? parsedDetails.error)?.issues[0]?.message);
      return;
    }
    onSend({ reason: parsedReason.data, details: parsedDetails.data }, () => {
      reset();
      onClose();
    });
  }

  return (
    <Dialog open={open} title={title} description={description} onClose={close}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {subject}
        <RadioGroupField
          id="report-reason"
          legend="Motivo"
          options={REPORT_REASONS}
          labels={REPORT_REASON_LABELS}
          value={reason}
          onChange={(option) => {
            setReason(option);
            setError(undefined);
          }}
          error={error}
        />
        <TextAreaField
          id="report-details"
          label="O que aconteceu"
          optional
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          value={details}
          onChange={(event) => setDetails(event.target.value)}
          hint={`${details.length}/${REPORT_DETAILS_MAX_LENGTH} caracteres · só a administração lê`}
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
