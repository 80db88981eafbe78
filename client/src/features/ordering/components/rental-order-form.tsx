import { formatCurrency } from '@vizinhanca/shared/format/format';
import { depositLine } from '@vizinhanca/shared/deposits/deposit-line';
import type { PublicListingDetail } from '@vizinhanca/shared/listings/listing.schema';
import { orderTotalCents, rentalDays } from '@vizinhanca/shared/orders/order.rules';
import { useState, type FormEvent } from 'react';
import { MapPinIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { InlineLoadError } from '../../../components/load-error.tsx';
import { errorMessage, fieldErrorsOf } from '../../../lib/show-error-toast.ts';
import { EMPTY_SELECTION, periodError, shortDate, tapDay } from '../calendar.ts';
import { daysTaken, type useCreateOrder } from '../hooks/use-create-order.ts';
import { useOccupiedDates } from '../hooks/use-occupied-dates.ts';
import { FormAlert } from './form-alert.tsx';
import { MessageField } from './message-field.tsx';
import { RentalCalendar } from './rental-calendar.tsx';

interface RentalOrderFormProps {
  formId: string;
  listing: PublicListingDetail;
  createOrder: ReturnType<typeof useCreateOrder>;
}

function daysText(days: number): string {
  return `${days} ${days === 1 ? 'dia' : 'dias'}`;
}

/** Rentals (docs/product.md §10.8): a period of 1 to 30 free days, always picked up; total = days x daily price. */
export function RentalOrderForm({ formId, listing, createOrder }: RentalOrderFormProps) {
  const calendar = useOccupiedDates(listing.id);
  const [selection, setSelection] = useState(EMPTY_SELECTION);
  const [message, setMessage] = useState('');
  const [submitError, setSubmitError] = useState<string | null>(null);

  const { start, end } = selection;
  const days = start && end ? rentalDays(start, end) : null;
  const serverFieldErrors = fieldErrorsOf(createOrder.error);
  const serverError = createOrder.error && !serverFieldErrors.message ? errorMessage(createOrder.error) : null;
  const alert = selection.error ?? submitError ?? serverError;

  function selectDay(day: string) {
    if (!calendar.data) return;
    setSubmitError(null);
    createOrder.reset();
    setSelection((current) => tapDay(current, day, calendar.data.today, calendar.data.ranges));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!calendar.data || createOrder.isPending) return;
    const error = periodError(start, end, calendar.data.today, calendar.data.ranges);
    setSelection((current) => ({ ...current, error: null }));
    setSubmitError(error);
    if (error) return;
    createOrder.mutate(
      { listingId: listing.id, startDate: start, endDate: end, deliveryMethod: 'pickup', message: message.trim() || null },
      {
        // Someone took some of these days meanwhile: the refreshed calendar shows them held.
        onError: (cause) => {
          if (daysTaken(cause)) setSelection(EMPTY_SELECTION);
        },
      },
    );
  }

  return (
    <form id={formId} className="order-form" noValidate onSubmit={onSubmit}>
      <section className="order-section" aria-labelledby={`${formId}-period`}>
        <h3 className="order-section-title" id={`${formId}-period`}>
          Período do aluguel
        </h3>
        {calendar.isPending ? (
          <Spinner />
        ) : calendar.isError ? (
          <InlineLoadError className="order-load-error" error={calendar.error} onRetry={() => void calendar.refetch()} />
        ) : (
          <RentalCalendar today={calendar.data.today} occupied={calendar.data.ranges} start={start} end={end} onSelectDay={selectDay} />
        )}
      </section>

      <div className="order-summary" aria-live="polite">
        {start && end && days ? (
          <>
            <p className="order-summary-period">
              Retirada: {shortDate(start)} · Devolução: {shortDate(end)} · {daysText(days)}
            </p>
            <p className="order-summary-total">
              <span className="order-total">Total: {formatCurrency(orderTotalCents('rental', listing.priceCents, days))}</span>
              <span className="order-total-detail">
                {daysText(days)} × {formatCurrency(listing.priceCents)}
              </span>
            </p>
            {listing.depositCents > 0 ? <p className="order-summary-deposit">{depositLine(listing.depositCents)}</p> : null}
          </>
        ) : start ? (
          <p className="order-summary-period">Retirada: {shortDate(start)} · agora toque no dia da devolução</p>
        ) : (
          <p className="order-summary-hint">Toque no dia da retirada e depois no dia da devolução (de 1 a 30 dias).</p>
        )}
        <p className="icon-line order-summary-note">
          <MapPinIcon />
          Retirada no local, com o anunciante
        </p>
      </div>

      <FormAlert message={alert} />

      <MessageField id={`${formId}-message`} value={message} error={serverFieldErrors.message} onChange={setMessage} />
    </form>
  );
}
