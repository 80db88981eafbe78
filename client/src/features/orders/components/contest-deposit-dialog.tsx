import { answerDepositSchema } from '@vizinhanca/shared/deposits/deposit-answer.schema';
import { useId, type FormEvent } from 'react';
import { ProblemFields, useProblemFields } from '../../../components/problem-fields.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { trpc } from '../../../lib/trpc.ts';
import { useDepositActions } from '../hooks/use-deposit.ts';

interface ContestDepositDialogProps {
  orderId: string;
  /** The record contested, in one line ('Caução retida: R$ 50,00 de R$ 200,00'). */
  record: string;
  onClose: () => void;
}

/**
 * 'Contestar': the requester says what happened, as 'Abrir problema' asks, and the administration
 * settles it as a problem of the order (joined to the one already open, if there is one).
 * 'Dano' comes chosen: a retention is most often about a damage, and the requester may change it.
 */
export function ContestDepositDialog({ orderId, record, onClose }: ContestDepositDialogProps) {
  const actions = useDepositActions(orderId);
  const fields = useProblemFields('damage');
  const problems = trpc.problems.forOrder.useQuery({ orderId });
  const problemOpen = problems.data?.problems.some((problem) => problem.status === 'open') ?? false;
  const formId = useId();

  function close() {
    if (!actions.busy) onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = answerDepositSchema.safeParse({ orderId, answer: 'contested', ...fields.values });
    if (!parsed.success) {
      fields.showIssues(parsed.error.issues);
      return;
    }
    actions.answer(parsed.data, onClose);
  }

  return (
    <Dialog
      open
      title="Contestar a caução"
      description={`${record}. A administração do condomínio analisa a contestação como um problema do pedido e decide; o anunciante também lê o que você escrever.`}
      onClose={close}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={actions.busy}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={actions.busy} disabled={fields.upload.isUploading}>
            Enviar contestação
          </Button>
        </>
      }
    >
      <form id={formId} className="form" onSubmit={onSubmit} noValidate>
        {problemOpen ? <p className="orders-deposit-note">Este pedido já tem um problema em análise: a contestação vai junto com ele.</p> : null}
        <ProblemFields state={fields} />
      </form>
    </Dialog>
  );
}
