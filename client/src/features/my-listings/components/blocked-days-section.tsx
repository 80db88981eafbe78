import { formatCalendarDate } from '@vizinhanca/shared/format/format';
import { BLOCK_DAYS_MAX, LISTING_MESSAGES } from '@vizinhanca/shared/listings/listing.schema';
import { addDays, rentalDays } from '@vizinhanca/shared/orders/order.rules';
import { useState, type FormEvent } from 'react';
import { TitledSection } from '../../../components/layout/titled-section.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { CalendarIcon, XIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useBlockedDays } from '../hooks/use-blocked-days.ts';

/** Every day from the first to the last, both included. */
function daysBetween(first: string, last: string): string[] {
  return Array.from({ length: rentalDays(first, last) }, (_, index) => addDays(first, index));
}

/**
 * 'Dias bloqueados' of a rental: the owner marks days the item is not available
 * (travel, repair), one day or a stretch; neighbours see them as unavailable in
 * the calendar and cannot order them.
 */
export function BlockedDaysSection({ listingId, today }: { listingId: string; today: string }) {
  const { list, block, unblock } = useBlockedDays(listingId);
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | undefined>();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const last = until || from;
    if (!from) return setError(LISTING_MESSAGES.blockDaysRequired);
    if (from < today) return setError(LISTING_MESSAGES.blockedDayPast);
    if (last < from) return setError(LISTING_MESSAGES.invalidDay);
    const days = daysBetween(from, last);
    if (days.length > BLOCK_DAYS_MAX) return setError(LISTING_MESSAGES.tooManyBlockedDays);
    setError(undefined);
    block.mutate(
      { id: listingId, days },
      {
        onSuccess: () => {
          setFrom('');
          setUntil('');
        },
      },
    );
  }

  const days = list.data?.days ?? [];

  return (
    <TitledSection titleId="blocked-days-title" title="Dias bloqueados">
      <Card className="blocked-days">
        <p className="muted">Marque os dias em que o item não está disponível (viagem, conserto). Ninguém consegue pedir esses dias.</p>
        <form className="blocked-days-form" onSubmit={onSubmit} noValidate>
          <div className="form-row">
            <TextField id="blocked-from" type="date" label="De" min={today} value={from} error={error} onChange={(event) => setFrom(event.target.value)} />
            <TextField id="blocked-until" type="date" label="Até" optional min={from || today} value={until} onChange={(event) => setUntil(event.target.value)} />
          </div>
          <Button type="submit" variant="secondary" block loading={block.isPending}>
            <CalendarIcon />
            Bloquear dias
          </Button>
        </form>
        {list.isPending ? (
          <Spinner label="Carregando dias bloqueados" />
        ) : days.length ? (
          <ul className="blocked-days-list" aria-label="Dias bloqueados">
            {days.map((day) => (
              <li key={day}>
                <span>{formatCalendarDate(day)}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Desbloquear ${formatCalendarDate(day)}`}
                  disabled={unblock.isPending}
                  onClick={() => unblock.mutate({ id: listingId, day })}
                >
                  <XIcon />
                  Desbloquear
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="blocked-days-empty">Nenhum dia bloqueado.</p>
        )}
      </Card>
    </TitledSection>
  );
}
