import { formatRelativeTime } from '@vizinhanca/shared/format/format';
import { useNow } from '../hooks/use-now.ts';

/** "há 5 minutos", against the shared clock (hooks/use-now.ts): the same text on the server's page and in its hydration. */
export function RelativeTime({ date }: { date: Date }) {
  const now = useNow();
  return <time dateTime={date.toISOString()}>{formatRelativeTime(date, now)}</time>;
}
