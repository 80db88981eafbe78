import { formatCurrency, getCondoTimeZone } from '@vizinhanca/shared/format/format';
import { MINIMUM_NOTICE_DEFAULT_HOURS, pickupWindowText } from '@vizinhanca/shared/listings/listing.constants';
import type { DeliveryOption, PublicListingDetail } from '@vizinhanca/shared/listings/listing.schema';
import { deliveryOptionLabel, earliestOrderTime, noticeText, priceUnitSuffix } from '@vizinhanca/shared/listings/listing.rules';
import { addDays, advanceNoticeError, needsPickupTime, needsSchedule, orderTotalCents, pickupTimeError, quantityError } from '@vizinhanca/shared/orders/order.rules';
import {
  DELIVERY_ADDRESS_MAX_LENGTH,
  hoursText,
  ORDER_HOURS_MAX,
  ORDER_HOURS_MIN,
  ORDER_MESSAGES,
  ORDER_QUANTITY_MAX,
  ORDER_QUANTITY_MIN,
} from '@vizinhanca/shared/orders/order.constants';
import { useState, type ChangeEvent, type ComponentType, type FormEvent, type SVGProps } from 'react';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { CalendarIcon, ClockIcon, HomeIcon, MapPinIcon } from '../../../components/ui/icons.tsx';
import { exactNow, useNow } from '../../../hooks/use-now.ts';
import { errorMessage, fieldErrorsOf } from '../../../lib/show-error-toast.ts';
import type { useCreateOrder } from '../hooks/use-create-order.ts';
import { orderSchemas } from '../order-schemas.ts';
import { formatDateAndTime, zonedDateTime, zonedDay } from '../schedule.ts';
import { CountStepper } from './count-stepper.tsx';
import { FormAlert } from './form-alert.tsx';
import { MessageField } from './message-field.tsx';

interface DeliveryOrderFormProps {
  formId: string;
  listing: PublicListingDetail;
  createOrder: ReturnType<typeof useCreateOrder>;
}

const OPTION_ICONS: Record<DeliveryOption, ComponentType<SVGProps<SVGSVGElement>>> = {
  pickup: MapPinIcon,
  delivery: HomeIcon,
  scheduled: CalendarIcon,
};

type FieldErrors = Partial<Record<'quantity' | 'hours' | 'deliveryAddress' | 'scheduledAt' | 'message', string>>;

/**
 * Food and services (docs/product.md §10.8): one of the listing's delivery options (the first by
 * default); delivery asks for the address, scheduled (and a service at home) for
 * a date and a time. Food made to order always asks when, at least the minimum
 * notice ahead; ready food picked up asks when the person comes, today or tomorrow (inside
 * the seller's window when set). Food is ordered by quantity, a service priced per hour by its hours (1 to 12).
 */
export function DeliveryOrderForm({ formId, listing, createOrder }: DeliveryOrderFormProps) {
  const options: readonly DeliveryOption[] = listing.deliveryOptions.length > 0 ? listing.deliveryOptions : ['pickup'];
  const [method, setMethod] = useState<DeliveryOption>(options[0]!);
  const [address, setAddress] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [message, setMessage] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [hours, setHours] = useState('1');
  const [pickupTomorrow, setPickupTomorrow] = useState(false);
  const [pickupTime, setPickupTime] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  // The moment the dialog opened: the earliest date it offers does not move while it is open.
  const [openedAt] = useState(useNow());

  const advance = listing.type === 'food' && listing.requiresAdvanceOrder;
  const noticeHours = listing.minimumNoticeHours ?? MINIMUM_NOTICE_DEFAULT_HOURS;
  const earliest = advance ? earliestOrderTime(noticeHours, openedAt) : openedAt;
  const asksSchedule = needsSchedule(listing.type, method, listing.requiresAdvanceOrder);
  const asksPickup = needsPickupTime(listing.type, method, listing.requiresAdvanceOrder);
  const isFood = listing.type === 'food';
  const maxQuantity = listing.maxPortions ?? ORDER_QUANTITY_MAX;
  const quantityNumber = Number(quantity);
  const validQuantity = isFood && quantityError(quantityNumber, listing.maxPortions) === null ? quantityNumber : 1;
  const byTheHour = listing.type === 'service' && listing.priceUnit === 'hour';
  const hoursNumber = Number(hours);
  const validHours = Number.isInteger(hoursNumber) && hoursNumber >= ORDER_HOURS_MIN && hoursNumber <= ORDER_HOURS_MAX ? hoursNumber : 1;
  const legend = listing.type === 'service' ? 'Atendimento' : 'Forma de entrega';

  const { quantity: quantityServerError, hours: hoursServerError, deliveryAddress, scheduledAt, message: messageError } = fieldErrorsOf(createOrder.error);
  const serverFieldErrors: FieldErrors = { quantity: quantityServerError, hours: hoursServerError, deliveryAddress, scheduledAt, message: messageError };
  const shown: FieldErrors = { ...serverFieldErrors, ...errors };
  // A refusal no field shows (too little notice, the listing left, ...) is said above the message field.
  const serverError =
    createOrder.error && !quantityServerError && !hoursServerError && !deliveryAddress && !scheduledAt && !messageError ? errorMessage(createOrder.error) : null;

  function edited() {
    setErrors({});
    createOrder.reset();
  }

  function validate(now: Date): { errors: FieldErrors; scheduledAt: Date | null } {
    const found: FieldErrors = {};
    let scheduledAt: Date | null = null;
    if (isFood) {
      const tooMany = quantityError(quantityNumber, listing.maxPortions);
      if (tooMany) found.quantity = tooMany;
    }
    if (method === 'delivery' && !address.trim()) found.deliveryAddress = ORDER_MESSAGES.addressRequired;
    if (asksPickup) {
      const day = addDays(zonedDay(now), pickupTomorrow ? 1 : 0);
      scheduledAt = pickupTime ? zonedDateTime(day, pickupTime) : null;
      const problem = pickupTimeError(scheduledAt, listing.pickupWindow, now, getCondoTimeZone());
      if (problem) found.scheduledAt = problem;
    }
    if (asksSchedule) {
      scheduledAt = date && time ? zonedDateTime(date, time) : null;
      if (!date || !time) found.scheduledAt = ORDER_MESSAGES.scheduleRequired;
      else if (!scheduledAt) found.scheduledAt = ORDER_MESSAGES.invalidSchedule;
      else if (scheduledAt.getTime() <= now.getTime()) found.scheduledAt = ORDER_MESSAGES.schedulePast;
      else if (advance) {
        const tooSoon = advanceNoticeError(scheduledAt, noticeHours, now);
        if (tooSoon) found.scheduledAt = tooSoon;
      }
    }
    return { errors: found, scheduledAt };
  }

  /** The hours through the server's own schema (loaded on the form's first focus): the same rule and message. */
  async function hoursError(): Promise<string | undefined | null> {
    if (!byTheHour) return undefined;
    const schemas = await orderSchemas.load();
    if (!schemas) return null;
    const parsed = schemas.createOrderSchema.shape.hours.safeParse(hoursNumber);
    return parsed.success ? undefined : parsed.error.issues[0]?.message;
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (createOrder.isPending) return;
    const hoursProblem = await hoursError();
    // The schema could not load (offline): a toast said so, nothing is sent.
    if (hoursProblem === null) return;
    const result = validate(exactNow());
    if (hoursProblem) result.errors.hours = hoursProblem;
    setErrors(result.errors);
    if (result.errors.quantity) {
      document.getElementById(`${formId}-quantity`)?.focus();
      return;
    }
    if (result.errors.hours) {
      document.getElementById(`${formId}-hours`)?.focus();
      return;
    }
    if (result.errors.deliveryAddress) {
      document.getElementById(`${formId}-address`)?.focus();
      return;
    }
    if (result.errors.scheduledAt) {
      document.getElementById(asksPickup ? `${formId}-pickup-time` : `${formId}-date`)?.focus();
      return;
    }
    createOrder.mutate({
      listingId: listing.id,
      deliveryMethod: method,
      deliveryAddress: method === 'delivery' ? address.trim() : null,
      scheduledAt: result.scheduledAt,
      message: message.trim() || null,
      quantity: isFood ? quantityNumber : 1,
      hours: byTheHour ? hoursNumber : 1,
    });
  }

  const scheduleErrorId = `${formId}-schedule-error`;

  /** The date and the time field share one error, shown under both. */
  function scheduleFieldProps(set: (value: string) => void) {
    return {
      'aria-invalid': shown.scheduledAt ? true : undefined,
      'aria-describedby': shown.scheduledAt ? scheduleErrorId : undefined,
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        set(event.target.value);
        if (errors.scheduledAt) edited();
      },
    };
  }

  function changeQuantity(next: string) {
    setQuantity(next);
    if (errors.quantity || quantityServerError) edited();
  }

  function changeHours(next: string) {
    setHours(next);
    if (errors.hours || hoursServerError) edited();
  }

  return (
    <form id={formId} className="order-form" noValidate onSubmit={(event) => void onSubmit(event)} onFocus={byTheHour ? orderSchemas.preload : undefined}>
      {isFood ? (
        <CountStepper
          id={`${formId}-quantity`}
          label="Quantidade"
          value={quantity}
          min={ORDER_QUANTITY_MIN}
          max={maxQuantity}
          decreaseLabel="Diminuir quantidade"
          increaseLabel="Aumentar quantidade"
          onChange={changeQuantity}
          hint={listing.maxPortions ? `Até ${listing.maxPortions} por pedido` : undefined}
          error={shown.quantity}
        />
      ) : null}

      {byTheHour ? (
        <CountStepper
          id={`${formId}-hours`}
          label="Quantas horas?"
          value={hours}
          min={ORDER_HOURS_MIN}
          max={ORDER_HOURS_MAX}
          decreaseLabel="Menos uma hora"
          increaseLabel="Mais uma hora"
          onChange={changeHours}
          hint={`De ${ORDER_HOURS_MIN} a ${ORDER_HOURS_MAX} horas`}
          error={shown.hours}
        />
      ) : null}

      <fieldset className="order-options">
        <legend className="order-section-title">{legend}</legend>
        <div className="order-option-list">
          {options.map((option) => {
            const Icon = OPTION_ICONS[option];
            const checked = option === method;
            return (
              <label key={option} className={`order-option type-${listing.type}${checked ? ' order-option-on' : ''}`}>
                <input
                  type="radio"
                  name={`${formId}-method`}
                  value={option}
                  checked={checked}
                  onChange={() => {
                    setMethod(option);
                    edited();
                  }}
                />
                <span className="icon-tile icon-tile-type order-option-icon" aria-hidden="true">
                  <Icon />
                </span>
                <span className="order-option-label">{deliveryOptionLabel(listing.type, option)}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {method === 'delivery' ? (
        <TextAreaField
          id={`${formId}-address`}
          label={listing.type === 'service' ? 'Endereço do atendimento' : 'Endereço de entrega'}
          placeholder="Bloco, apartamento, observações..."
          rows={2}
          maxLength={DELIVERY_ADDRESS_MAX_LENGTH}
          value={address}
          error={shown.deliveryAddress}
          onChange={(event) => {
            setAddress(event.target.value);
            if (errors.deliveryAddress) edited();
          }}
        />
      ) : null}

      {asksPickup ? (
        <fieldset className="order-schedule">
          <legend className="order-section-title">Quando você vai retirar?</legend>
          {listing.pickupWindow ? (
            <p className="notice notice-compact order-notice">
              <ClockIcon />
              <span>Retirada {pickupWindowText(listing.pickupWindow)}, hoje ou amanhã.</span>
            </p>
          ) : null}
          <div className="order-pickup-days">
            {[false, true].map((tomorrow) => (
              <label key={String(tomorrow)} className={`order-option type-food${tomorrow === pickupTomorrow ? ' order-option-on' : ''}`}>
                <input
                  type="radio"
                  name={`${formId}-pickup-day`}
                  checked={tomorrow === pickupTomorrow}
                  onChange={() => {
                    setPickupTomorrow(tomorrow);
                    if (errors.scheduledAt) edited();
                  }}
                />
                <span className="order-option-label">{tomorrow ? 'Amanhã' : 'Hoje'}</span>
              </label>
            ))}
          </div>
          <TextField
            id={`${formId}-pickup-time`}
            type="time"
            label="Horário da retirada"
            min={listing.pickupWindow?.from}
            max={listing.pickupWindow?.until}
            value={pickupTime}
            {...scheduleFieldProps(setPickupTime)}
          />
          <ScheduleError id={scheduleErrorId} message={shown.scheduledAt} />
        </fieldset>
      ) : null}

      {asksSchedule ? (
        <fieldset className="order-schedule">
          <legend className="order-section-title">{advance && method !== 'scheduled' ? 'Para quando?' : 'Data e horário'}</legend>
          {advance ? (
            <p className="notice notice-compact order-notice">
              <ClockIcon />
              <span>
                Feito sob encomenda: peça com pelo menos <strong>{noticeText(noticeHours)}</strong> de antecedência (a partir de{' '}
                {formatDateAndTime(earliest)}).
              </span>
            </p>
          ) : null}
          <div className="form-row">
            <TextField id={`${formId}-date`} type="date" label="Data" min={zonedDay(earliest)} value={date} {...scheduleFieldProps(setDate)} />
            <TextField id={`${formId}-time`} type="time" label="Horário" value={time} {...scheduleFieldProps(setTime)} />
          </div>
          <ScheduleError id={scheduleErrorId} message={shown.scheduledAt} />
        </fieldset>
      ) : null}

      <div className="order-summary" aria-live="polite">
        <p className="order-summary-total">
          {listing.type === 'food' ? (
            <span className="order-total">Total: {formatCurrency(orderTotalCents('food', listing.priceCents, null, validQuantity))}</span>
          ) : byTheHour ? (
            <>
              <span className="order-total">Total: {formatCurrency(orderTotalCents('service', listing.priceCents, null, 1, validHours))}</span>
              <span className="order-total-detail">
                {hoursText(validHours)} × {formatCurrency(listing.priceCents)}
              </span>
            </>
          ) : (
            <span className="order-total">
              Valor: {formatCurrency(listing.priceCents)}
              {priceUnitSuffix(listing.priceUnit)}
            </span>
          )}
        </p>
      </div>

      <FormAlert message={serverError} />

      <MessageField id={`${formId}-message`} value={message} error={shown.message} onChange={setMessage} />
    </form>
  );
}

/** The time's refusal, under the fields it names (their aria-describedby points here). */
function ScheduleError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {message}
    </p>
  );
}
