import { openProblemSchema, type OpenProblemFields } from '@vizinhanca/shared/orders/order-problem.schema';
import { useId, type FormEvent } from 'react';
import { ProblemFields, useProblemFields } from '../../../components/problem-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

interface OpenProblemDialogProps {
  orderId: string;
  open: boolean;
  sending: boolean;
  onSend: (fields: OpenProblemFields) => void;
  onClose: () => void;
}

/** 'Abrir problema': the kind, what happened and up to 5 photos, seen by the other person and the administration. */
export function OpenProblemDialog({ orderId, open, sending, onSend, onClose }: OpenProblemDialogProps) {
  const fields = useProblemFields();
  const formId = useId();

  function close() {
    if (sending) return;
    fields.reset();
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = openProblemSchema.safeParse({ orderId, ...fields.values });
    if (!parsed.success) {
      fields.showIssues(parsed.error.issues);
      return;
    }
    onSend(parsed.data);
  }

  return (
    <Dialog
      open={open}
      title="Abrir problema"
      description="A outra pessoa e a administração do condomínio veem o que você escrever aqui. A administração analisa e decide."
      onClose={close}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={sending}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={sending} disabled={fields.upload.isUploading}>
            Enviar problema
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={onSubmit} noValidate>
        <ProblemFields state={fields} />
      </form>
    </Dialog>
  );
}
