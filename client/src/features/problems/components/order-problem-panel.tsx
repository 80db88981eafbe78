import { formatDateTime } from '@vizinhanca/shared/format/format';
import { PROBLEM_OPEN_LABEL } from '@vizinhanca/shared/orders/order.constants';
import { PROBLEM_KIND_LABELS, resolvedText, type OrderProblem } from '@vizinhanca/shared/orders/order-problem.schema';
import { useState } from 'react';
import { PhotoThumbs } from '../../../components/photo-thumbs.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useOpenProblem, useOrderProblems } from '../hooks/use-order-problems.ts';
import { OpenProblemDialog } from './open-problem-dialog.tsx';
import '../../../looks.css';

/** One problem as the order's two people read it: 'Em análise' while open, then 'Resolvido: …'. */
function ProblemSummary({ problem }: { problem: OrderProblem }) {
  return (
    <div className="order-problem">
      <p className="order-problem-head">
        <strong>Problema: {PROBLEM_KIND_LABELS[problem.kind]}</strong>
        {problem.status === 'open' ? <Badge variant="warning">{PROBLEM_OPEN_LABEL}</Badge> : <Badge variant="success">Resolvido</Badge>}
      </p>
      <p className="order-problem-meta">
        Aberto por {problem.openedByMe ? 'você' : problem.openerName} em {formatDateTime(problem.createdAt)}
      </p>
      {problem.text ? <p className="order-problem-text">{problem.text}</p> : null}
      <PhotoThumbs photos={problem.photos} label="Fotos do problema" photoName={(index) => `Foto ${index + 1} do problema`} />
      {problem.status === 'resolved' && problem.decision ? <p className="order-problem-decision">{resolvedText(problem.decision)}</p> : null}
    </div>
  );
}

/** The order's latest problem and 'Abrir problema' while the order allows one (either side, from the hand-over to 14 days after the end). */
export function OrderProblemPanel({ orderId }: { orderId: string }) {
  const problems = useOrderProblems(orderId);
  const [dialogOpen, setDialogOpen] = useState(false);
  const { open, opening } = useOpenProblem(orderId, () => setDialogOpen(false));
  const latest = problems.data?.problems[0];
  if (!problems.data || (!latest && !problems.data.canOpen)) return null;

  return (
    <div className="order-problems" aria-label="Problemas do pedido" role="group">
      {latest ? <ProblemSummary problem={latest} /> : null}
      {problems.data.canOpen ? (
        <Button variant="danger-outline" size="sm" onClick={() => setDialogOpen(true)}>
          Abrir problema
        </Button>
      ) : null}
      <OpenProblemDialog orderId={orderId} open={dialogOpen} sending={opening} onSend={open} onClose={() => setDialogOpen(false)} />
    </div>
  );
}
