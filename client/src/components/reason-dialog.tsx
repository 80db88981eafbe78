import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from './ui/button.tsx';
import { Dialog } from './ui/dialog.tsx';
import { TextAreaField } from './ui/field.tsx';

/** The words of one decision dialog ('Rejeitar Anúncio', 'Cancelar Pedido', 'Rejeitar Cadastro'…). */
export interface ReasonDialogTexts {
  title: string;
  description: string;
  confirmLabel: string;
  placeholder: string;
  /** The button that closes without deciding; 'Cancelar' unless it would read as the decision itself. */
  dismissLabel?: string;
  /** The field's label; 'Motivo' unless the dialog says otherwise. */
  fieldLabel?: string;
  /** Who reads the reason, after the character count under the field. */
  readBy?: string;
  confirmVariant?: 'danger' | 'primary';
}

interface ReasonDialogProps {
  /** What is being decided ('Anúncio <strong>…</strong>'), or null when the dialog is closed. */
  subject: ReactNode;
  texts: ReasonDialogTexts;
  fieldId: string;
  maxLength: number;
  pending: boolean;
  /** Esc and 'Voltar' do nothing while the decision is being sent (order dialogs). */
  lockWhilePending?: boolean;
  /** Sends the decision with the trimmed reason (undefined when empty); done() closes once it is saved. */
  onConfirm: (reason: string | undefined, done: () => void) => void;
  onClose: () => void;
}

/** A decision with an optional reason sent to the other side; the reason is cleared whenever the dialog closes. */
export function ReasonDialog({ subject, texts, fieldId, maxLength, pending, lockWhilePending = false, onConfirm, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const open = subject !== null;

  function done() {
    setReason('');
    onClose();
  }

  function close() {
    if (lockWhilePending && pending) return;
    done();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!open) return;
    onConfirm(reason.trim() || undefined, done);
  }

  return (
    <Dialog open={open} title={texts.title} description={texts.description} onClose={close}>
      <form className="form" onSubmit={onSubmit} noValidate>
        {open ? <p className="dialog-subject">{subject}</p> : null}
        <TextAreaField
          id={fieldId}
          label={texts.fieldLabel ?? 'Motivo'}
          placeholder={texts.placeholder}
          maxLength={maxLength}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          hint={`${reason.length}/${maxLength} caracteres${texts.readBy ? ` · ${texts.readBy}` : ''}`}
        />
        <div className="dialog-footer">
          <Button variant="outline" onClick={close} disabled={pending}>
            {texts.dismissLabel ?? 'Cancelar'}
          </Button>
          <Button type="submit" variant={texts.confirmVariant ?? 'danger'} loading={pending}>
            {texts.confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
