import { Link } from '@tanstack/react-router';
import { getCondoTimeZone } from '@vizinhanca/shared/format/format';
import { deadlineText, isTakingReservations, portionsText, remainingText, windowText } from '@vizinhanca/shared/fornadas/fornada.rules';
import { openFornadaSchema, type Fornada, type ListingFornadas } from '@vizinhanca/shared/fornadas/fornada.schema';
import type { DeliveryOption } from '@vizinhanca/shared/listings/listing.schema';
import { deliveryOptionLabel } from '@vizinhanca/shared/listings/listing.rules';
import { useState, type FormEvent } from 'react';
import { TitledSection } from '../../../components/layout/titled-section.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { errorMessage } from '../../../lib/show-error-toast.ts';
import { useListingFornadas } from '../hooks/use-fornadas.ts';
import '../../../looks.css';

interface FornadasSectionProps {
  listingId: string;
  deliveryOptions: readonly DeliveryOption[];
  /** The owner's view (/anuncio/{id}): the form that opens a batch. */
  manage?: boolean;
}

/**
 * 'Fornadas' of a dish: residents read each batch ahead ('Restam N porções', 'Encomendas até
 * sexta às 18h'), reserve portions and follow the seller; the seller opens batches (on the
 * owner's view) and reaches each batch's list.
 */
export function FornadasSection({ listingId, deliveryOptions, manage = false }: FornadasSectionProps) {
  const mutations = useListingFornadas(listingId);
  const { fornadas } = mutations;
  return (
    <TitledSection look={manage ? 'screen' : 'detail'} titleId="fornadas-title" title="Fornadas">
      {fornadas.isPending ? (
        <Spinner label="Carregando fornadas" />
      ) : fornadas.isError ? (
        <p role="alert" className="field-error">
          {errorMessage(fornadas.error)}
        </p>
      ) : (
        <FornadasList data={fornadas.data} listingId={listingId} deliveryOptions={deliveryOptions} manage={manage} mutations={mutations} />
      )}
    </TitledSection>
  );
}

type Mutations = ReturnType<typeof useListingFornadas>;

interface FornadasListProps {
  data: ListingFornadas;
  listingId: string;
  deliveryOptions: readonly DeliveryOption[];
  manage: boolean;
  mutations: Mutations;
}

function FornadasList({ data, listingId, deliveryOptions, manage, mutations: { open, reserve, follow } }: FornadasListProps) {
  return (
    <div className="fornadas">
      {manage && data.isSeller ? <OpenFornadaForm listingId={listingId} open={open} /> : null}
      {data.fornadas.length === 0 ? (
        <p className="muted">Nenhuma fornada anunciada no momento.</p>
      ) : (
        <ul className="stack-list" aria-label="Fornadas anunciadas">
          {data.fornadas.map((fornada) => (
            <li key={fornada.id}>
              <FornadaCard fornada={fornada} isSeller={data.isSeller} deliveryOptions={deliveryOptions} reserve={reserve} headingLevel={manage ? 'h3' : 'h4'} />
            </li>
          ))}
        </ul>
      )}
      {data.isSeller ? null : (
        <Button
          variant={data.following ? 'secondary' : 'outline'}
          block
          aria-pressed={data.following}
          loading={follow.isPending}
          onClick={() => follow.mutate({ sellerId: data.sellerId, following: !data.following })}
        >
          {data.following ? <CheckIcon /> : null}
          Avise-me das próximas fornadas
        </Button>
      )}
    </div>
  );
}


interface FornadaCardProps {
  fornada: Fornada;
  isSeller: boolean;
  deliveryOptions: readonly DeliveryOption[];
  reserve: Mutations['reserve'];
  /** One level under the section's title. */
  headingLevel: 'h3' | 'h4';
}

function FornadaCard({ fornada, isSeller, deliveryOptions, reserve, headingLevel: Heading }: FornadaCardProps) {
  const now = useNow();
  const timeZone = getCondoTimeZone();
  const taking = isTakingReservations(fornada, now);
  const soldOut = fornada.remaining === 0;
  const titleId = `fornada-${fornada.id}`;
  // Kept on the card: a refusal ('Esgotado') also empties the batch, and the form goes with it.
  const [refusal, setRefusal] = useState<string | undefined>();
  return (
    <article className="card fornada-card" aria-labelledby={titleId}>
      <div className="fornada-head">
        <Heading className="fornada-when" id={titleId}>
          {windowText(fornada.startsAt, fornada.endsAt, timeZone)}
        </Heading>
        <Badge variant={soldOut ? 'neutral' : taking ? 'success' : 'warning'}>{soldOut || taking ? remainingText(fornada.remaining) : 'Encomendas encerradas'}</Badge>
      </div>
      <p className="muted">
        {deadlineText(fornada.orderDeadline, now, timeZone)} · {portionsText(fornada.portions)} no total
      </p>
      {isSeller ? (
        <Link to="/fornada/$id" params={{ id: fornada.id }} className={buttonClassName({ variant: 'outline', block: true })}>
          Lista da fornada
        </Link>
      ) : taking && !soldOut ? (
        <ReserveForm fornada={fornada} deliveryOptions={deliveryOptions} reserve={reserve} onRefused={setRefusal} />
      ) : null}
      {refusal ? (
        <p role="alert" className="field-error">
          {refusal}
        </p>
      ) : null}
    </article>
  );
}

interface ReserveFormProps {
  fornada: Fornada;
  deliveryOptions: readonly DeliveryOption[];
  reserve: Mutations['reserve'];
  /** Why the reservation was refused (undefined when trying again). */
  onRefused: (message: string | undefined) => void;
}

function ReserveForm({ fornada, deliveryOptions, reserve, onRefused }: ReserveFormProps) {
  const [quantity, setQuantity] = useState('1');
  const [method, setMethod] = useState<DeliveryOption>(deliveryOptions[0] ?? 'pickup');
  const [address, setAddress] = useState('');
  const idPrefix = `reserva-${fornada.id}`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onRefused(undefined);
    reserve.mutate(
      { fornadaId: fornada.id, quantity: Number(quantity), deliveryMethod: method, deliveryAddress: method === 'delivery' ? address : null },
      { onError: (failure) => onRefused(errorMessage(failure)) },
    );
  }

  return (
    <form className="form fornada-reserve" onSubmit={onSubmit} noValidate>
      <div className="form-row">
        <TextField id={`${idPrefix}-porcoes`} type="number" inputMode="numeric" min={1} max={fornada.remaining} label="Porções" value={quantity} onChange={(event) => setQuantity(event.target.value)} />
        {deliveryOptions.length > 1 ? (
          <div className="field">
            <label className="field-label" htmlFor={`${idPrefix}-entrega`}>
              Como receber
            </label>
            <select id={`${idPrefix}-entrega`} className="input" value={method} onChange={(event) => setMethod(event.target.value as DeliveryOption)}>
              {deliveryOptions.map((option) => (
                <option key={option} value={option}>
                  {deliveryOptionLabel('food', option)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {method === 'delivery' ? <TextField id={`${idPrefix}-endereco`} label="Endereço de entrega" value={address} onChange={(event) => setAddress(event.target.value)} /> : null}
      <Button type="submit" block loading={reserve.isPending && reserve.variables?.fornadaId === fornada.id}>
        Reservar
      </Button>
    </form>
  );
}

const EMPTY_FORM = { day: '', windowStart: '', windowEnd: '', portions: '', deadlineDay: '', deadlineTime: '' };

function OpenFornadaForm({ listingId, open }: { listingId: string; open: Mutations['open'] }) {
  const [fields, setFields] = useState(EMPTY_FORM);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof typeof EMPTY_FORM) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = openFornadaSchema.safeParse({ ...fields, listingId, portions: fields.portions === '' ? Number.NaN : Number(fields.portions) });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? 'form')] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    open.mutate(parsed.data, {
      onSuccess: () => setFields(EMPTY_FORM),
      onError: (failure) => setErrors({ form: errorMessage(failure) }),
    });
  }

  return (
    <form className="card form fornada-open" onSubmit={onSubmit} noValidate aria-label="Abrir fornada">
      <p className="muted">Anuncie o dia, o horário de retirada ou entrega, quantas porções e até quando aceita encomendas.</p>
      <TextField id="fornada-dia" type="date" label="Dia da fornada" value={fields.day} error={errors.day} onChange={set('day')} />
      <div className="form-row">
        <TextField id="fornada-inicio" type="time" label="Das" value={fields.windowStart} error={errors.windowStart} onChange={set('windowStart')} />
        <TextField id="fornada-fim" type="time" label="Até" value={fields.windowEnd} error={errors.windowEnd} onChange={set('windowEnd')} />
      </div>
      <TextField id="fornada-porcoes" type="number" inputMode="numeric" min={1} label="Porções" value={fields.portions} error={errors.portions} onChange={set('portions')} />
      <div className="form-row">
        <TextField id="fornada-prazo-dia" type="date" label="Encomendas até (dia)" value={fields.deadlineDay} error={errors.deadlineDay} onChange={set('deadlineDay')} />
        <TextField id="fornada-prazo-hora" type="time" label="Encomendas até (hora)" value={fields.deadlineTime} error={errors.deadlineTime} onChange={set('deadlineTime')} />
      </div>
      {errors.form || errors.listingId ? (
        <p role="alert" className="field-error">
          {errors.form ?? errors.listingId}
        </p>
      ) : null}
      <Button type="submit" block loading={open.isPending}>
        Abrir fornada
      </Button>
    </form>
  );
}
