import { useState, type FormEvent } from 'react';
import { parseCurrencyToCents, todayInTimeZone } from '@vizinhanca/shared/format/format';
import { LISTING_TYPES, type ListingType } from '@vizinhanca/shared/listings/listing.constants';
import { LISTING_TYPE_LABELS } from '@vizinhanca/shared/listings/listing.rules';
import { wantedDatesInThePast } from '@vizinhanca/shared/wanted/wanted.rules';
import { createWantedSchema, WANTED_MESSAGES, type WantedDetail, type WantedFields } from '@vizinhanca/shared/wanted/wanted.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextAreaField, TextField } from '../../../components/ui/field.tsx';
import { RadioGroupField } from '../../../components/ui/radio-group-field.tsx';
import { fieldErrorsOf } from '../../../lib/show-error-toast.ts';

interface WantedFormValues {
  type: ListingType;
  title: string;
  description: string;
  startDate: string;
  endDate: string;
  maxPrice: string;
}

function valuesOf(request: WantedDetail | null): WantedFormValues {
  if (!request) return { type: 'rental', title: '', description: '', startDate: '', endDate: '', maxPrice: '' };
  return {
    type: request.type,
    title: request.title,
    description: request.description,
    startDate: request.startDate ?? '',
    endDate: request.endDate ?? '',
    maxPrice: request.maxPriceCents === null ? '' : (request.maxPriceCents / 100).toFixed(2).replace('.', ','),
  };
}

/** The price typed ('20', '20,50'): empty is none, anything else goes to the schema (0 or less is refused there). */
function maxPriceCents(text: string): number | null | undefined {
  if (!text.trim()) return null;
  const cents = parseCurrencyToCents(text.replace(/^-/, ''));
  if (cents === null) return Number.NaN;
  return text.trim().startsWith('-') ? -cents : cents;
}

interface WantedFormDialogProps {
  open: boolean;
  /** The request being edited; null writes a new one. */
  request: WantedDetail | null;
  sending: boolean;
  onClose: () => void;
  /** Sends the fields; onError puts the server's field messages back on the form. */
  onSend: (fields: WantedFields, onError: (error: unknown) => void) => void;
}

/** 'Publicar pedido' / 'Editar pedido': type, what, details, dates (rentals) and the most one pays. */
export function WantedFormDialog({ open, request, sending, onClose, onSend }: WantedFormDialogProps) {
  const [values, setValues] = useState<WantedFormValues>(() => valuesOf(request));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = (patch: Partial<WantedFormValues>) => setValues((current) => ({ ...current, ...patch }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const rental = values.type === 'rental';
    const parsed = createWantedSchema.safeParse({
      type: values.type,
      title: values.title,
      description: values.description,
      startDate: rental ? values.startDate : '',
      endDate: rental ? values.endDate : '',
      maxPriceCents: maxPriceCents(values.maxPrice),
    });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0] ?? 'title')] ??= issue.message;
      setErrors(found);
      return;
    }
    if (wantedDatesInThePast(parsed.data, todayInTimeZone())) {
      setErrors({ startDate: WANTED_MESSAGES.pastDate });
      return;
    }
    setErrors({});
    onSend(parsed.data, (error) => setErrors(fieldErrorsOf(error)));
  }

  return (
    <Dialog open={open} title={request ? 'Editar pedido' : 'Publicar pedido'} description="Diga aos vizinhos o que você procura." onClose={() => !sending && onClose()}>
      <form className="form" onSubmit={onSubmit} noValidate>
        <RadioGroupField id="wanted-type" legend="Tipo" options={LISTING_TYPES} labels={LISTING_TYPE_LABELS} value={values.type} onChange={(type) => update({ type })} error={errors.type} />
        <TextField id="wanted-title" label="O que você procura" value={values.title} error={errors.title} onChange={(event) => update({ title: event.target.value })} />
        <TextAreaField
          id="wanted-description"
          label="Descrição"
          optional
          value={values.description}
          error={errors.description}
          onChange={(event) => update({ description: event.target.value })}
        />
        {values.type === 'rental' ? (
          <div className="date-fields">
            <TextField id="wanted-start" label="De" type="date" optional value={values.startDate} error={errors.startDate} onChange={(event) => update({ startDate: event.target.value })} />
            <TextField id="wanted-end" label="Até" type="date" optional value={values.endDate} error={errors.endDate} onChange={(event) => update({ endDate: event.target.value })} />
          </div>
        ) : null}
        <TextField
          id="wanted-max-price"
          label="Preço máximo (R$)"
          optional
          inputMode="decimal"
          value={values.maxPrice}
          error={errors.maxPriceCents}
          onChange={(event) => update({ maxPrice: event.target.value })}
        />
        <div className="dialog-footer">
          <Button variant="outline" onClick={onClose} disabled={sending}>
            Cancelar
          </Button>
          <Button type="submit" loading={sending}>
            {request ? 'Salvar' : 'Publicar pedido'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
