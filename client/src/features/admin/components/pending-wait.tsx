import { getCondoTimeZone } from '@vizinhanca/shared/format/format';
import { isOverdue, OVERDUE_LABEL, waitingText } from '@vizinhanca/shared/staff/pending-wait.rules';
import { Badge } from '../../../components/ui/badge.tsx';
import { useNow } from '../../../hooks/use-now.ts';

/** How long a pending item has waited ('Aguardando há 3 horas'), and 'Atrasado' past 24 business hours. */
export function PendingWait({ since }: { since: Date }) {
  const now = useNow();
  return (
    <p className="pending-wait">
      <time dateTime={since.toISOString()}>{waitingText(since, now)}</time>
      {isOverdue(since, now, getCondoTimeZone()) ? <Badge variant="danger">{OVERDUE_LABEL}</Badge> : null}
    </p>
  );
}
