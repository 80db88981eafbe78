import { Link } from '@tanstack/react-router';
import { getCondoTimeZone } from '@vizinhanca/shared/format/format';
import { deadlineText, isTakingReservations, localParts, portionsText, remainingText, windowText } from '@vizinhanca/shared/fornadas/fornada.rules';
import { editFornadaSchema, openFornadaSchema, type Fornada, type ListingFornadas } from '@vizinhanca/shared/fornadas/fornada.schema';
import type { DeliveryOption } from '@vizinhanca/shared/listings/listing.schema';
import { deliveryOptionLabel } from '@vizinhanca/shared/listings/listing.rules';
import { useState, type FormEvent, type ReactNode } from 'react';
import { TitledSection } from '../../../components/layout/titled-section.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button, buttonClassName } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useNow } from '../../../hooks/use-now.ts';
import { issuesToFieldErrors } from '../../../lib/field-errors.ts';
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

function FornadasList({ data, listingId, deliveryOptions, manage, mutations }: FornadasListProps) {
  const { reserve, follow } = mutations;
  const managing = manage && data.isSeller;
  return (
    <div className="fornadas">
      {managing ? <OpenFornadaForm listingId={listingId} open={mutations.open} /> : null}
      {data.fornadas.length === 0 ? (
        <p className="muted">Nenhuma fornada anunciada no momento.</p>
      ) : (
        <ul className="stack-list" aria-label="Fornadas anunciadas">
          {data.fornadas.map((fornada) => (
            <li key={fornada.id}>
              <FornadaCard
                fornada={fornada}
                isSeller={data.isSeller}
                deliveryOptions={deliveryOptions}
                reserve={reserve}
                headingLevel={manage ? 'h3' : 'h4'}
                sellerActions={managing ? <SellerActions fornada={fornada} mutations={mutations} /> : null}
              />
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
  /** The owner's view: 'Alterar fornada' and 'Cancelar fornada'. */
  sellerActions: ReactNode;
}

function FornadaCard({ fornada, isSeller, deliveryOptions, reserve, headingLevel: Heading, sellerActions }: FornadaCardProps) {
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
        <>
          <Link to="/fornada/$id" params={{ id: fornada.id }} className={buttonClassName({ variant: 'outline', block: true })}>
            Lista da fornada
          </Link>
          {sellerActions}
        </>
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
type TermsFields = typeof EMPTY_FORM;

/** A batch's terms as the form shows them, on the condominium's clock. */
function fieldsOf(fornada: Fornada): TermsFields {
  const timeZone = getCondoTimeZone();
  const deadline = localParts(fornada.orderDeadline, timeZone);
  return {
    day: fornada.day,
    windowStart: localParts(fornada.startsAt, timeZone).time,
    windowEnd: localParts(fornada.endsAt, timeZone).time,
    portions: String(fornada.portions),
    deadlineDay: deadline.day,
    deadlineTime: deadline.time,
  };
}

/** The form's text fields as the schemas read them (an empty number is no number). */
function termsInput(fields: TermsFields) {
  return { ...fields, portions: fields.portions === '' ? Number.NaN : Number(fields.portions) };
}

interface TermsFormProps {
  /** Prefix of the fields' ids (one form per batch on the page). */
  idPrefix: string;
  label: string;
  submitLabel: string;
  initial: TermsFields;
  pending: boolean;
  /** Validates and sends; returns the field errors to show, or null when it was sent. */
  onSubmit: (fields: TermsFields, failed: (errors: Record<string, string>) => void) => Record<string, string> | null;
  children?: ReactNode;
}

/** The day and window, the portions and until when orders are taken: opening a batch and changing one. */
function TermsForm({ idPrefix, label, submitLabel, initial, pending, onSubmit, children }: TermsFormProps) {
  const [fields, setFields] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: keyof TermsFields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value }));
  const id = (name: string) => `${idPrefix}-${name}`;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrors(onSubmit(fields, setErrors) ?? {});
  }

  return (
    <form className="card form fornada-open" onSubmit={submit} noValidate aria-label={label}>
      {children}
      <TextField id={id('dia')} type="date" label="Dia da fornada" value={fields.day} error={errors.day} onChange={set('day')} />
      <div className="form-row">
        <TextField id={id('inicio')} type="time" label="Das" value={fields.windowStart} error={errors.windowStart} onChange={set('windowStart')} />
        <TextField id={id('fim')} type="time" label="Até" value={fields.windowEnd} error={errors.windowEnd} onChange={set('windowEnd')} />
      </div>
      <TextField id={id('porcoes')} type="number" inputMode="numeric" min={1} label="Porções" value={fields.portions} error={errors.portions} onChange={set('portions')} />
      <div className="date-fields">
        <TextField id={id('prazo-dia')} type="date" label="Encomendas até (dia)" value={fields.deadlineDay} error={errors.deadlineDay} onChange={set('deadlineDay')} />
        <TextField id={id('prazo-hora')} type="time" label="Encomendas até (hora)" value={fields.deadlineTime} error={errors.deadlineTime} onChange={set('deadlineTime')} />
      </div>
      {errors.form || errors.listingId || errors.id ? (
        <p role="alert" className="field-error">
          {errors.form ?? errors.listingId ?? errors.id}
        </p>
      ) : null}
      <Button type="submit" block loading={pending}>
        {submitLabel}
      </Button>
    </form>
  );
}

function OpenFornadaForm({ listingId, open }: { listingId: string; open: Mutations['open'] }) {
  // A new key empties the form once a batch is open.
  const [round, setRound] = useState(0);
  return (
    <TermsForm
      key={round}
      idPrefix="fornada"
      label="Abrir fornada"
      submitLabel="Abrir fornada"
      initial={EMPTY_FORM}
      pending={open.isPending}
      onSubmit={(fields, failed) => {
        const parsed = openFornadaSchema.safeParse({ ...termsInput(fields), listingId });
        if (!parsed.success) return issuesToFieldErrors(parsed.error.issues);
        open.mutate(parsed.data, { onSuccess: () => setRound((value) => value + 1), onError: (failure) => failed({ form: errorMessage(failure) }) });
        return null;
      }}
    >
      <p className="muted">Anuncie o dia, o horário de retirada ou entrega, quantas porções e até quando aceita encomendas.</p>
    </TermsForm>
  );
}

/** The owner's view of a batch: 'Alterar fornada' while it takes reservations, 'Cancelar fornada' (asked first) until its day. */
function SellerActions({ fornada, mutations: { edit, cancel } }: { fornada: Fornada; mutations: Mutations }) {
  const now = useNow();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const taking = isTakingReservations(fornada, now);
  const dayAhead = fornada.day >= localParts(now, getCondoTimeZone()).day;
  if (!dayAhead) return null;
  return (
    <>
      {editing ? (
        <TermsForm
          idPrefix={`alterar-${fornada.id}`}
          label="Alterar fornada"
          submitLabel="Salvar alterações"
          initial={fieldsOf(fornada)}
          pending={edit.isPending}
          onSubmit={(fields, failed) => {
            const parsed = editFornadaSchema.safeParse({ ...termsInput(fields), id: fornada.id });
            if (!parsed.success) return issuesToFieldErrors(parsed.error.issues);
            edit.mutate(parsed.data, { onSuccess: () => setEditing(false), onError: (failure) => failed({ form: errorMessage(failure) }) });
            return null;
          }}
        />
      ) : null}
      <div className="fornada-seller-actions">
        {taking ? (
          <Button variant="outline" size="sm" aria-expanded={editing} onClick={() => setEditing((open) => !open)}>
            {editing ? 'Fechar alteração' : 'Alterar fornada'}
          </Button>
        ) : null}
        <Button variant="danger-outline" size="sm" onClick={() => setConfirming(true)}>
          Cancelar fornada
        </Button>
      </div>
      <Dialog
        open={confirming}
        title="Cancelar fornada"
        description="As reservas desta fornada são canceladas e cada vizinho que reservou é avisado. Não dá para desfazer."
        onClose={() => {
          if (!cancel.isPending) setConfirming(false);
        }}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={cancel.isPending}>
              Voltar
            </Button>
            <Button variant="danger" loading={cancel.isPending} onClick={() => cancel.mutate({ id: fornada.id }, { onSettled: () => setConfirming(false) })}>
              Cancelar fornada
            </Button>
          </>
        }
      >
        <p className="dialog-subject">
          <strong>{windowText(fornada.startsAt, fornada.endsAt, getCondoTimeZone())}</strong>
        </p>
        <p className="dialog-note">{fornada.remaining < fornada.portions ? `${portionsText(fornada.portions - fornada.remaining)} reservadas.` : 'Ninguém reservou ainda.'}</p>
      </Dialog>
    </>
  );
}
