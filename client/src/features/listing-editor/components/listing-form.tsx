import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { IMAGE_MESSAGES } from '@vizinhanca/shared/images/image.rules';
import {
  DELIVERY_OPTIONS,
  DESCRIPTION_MAX_LENGTH,
  MINIMUM_NOTICE_DEFAULT_HOURS,
  MINIMUM_NOTICE_MAX_HOURS,
  MINIMUM_NOTICE_MIN_HOURS,
  MAX_PORTIONS_MAX,
  MAX_PORTIONS_MIN,
  MINIMUM_NOTICE_PRESETS,
  minimumNoticeHoursSchema,
  LISTING_MESSAGES,
  PHOTOS_MAX,
  TAGS_MAX,
  TITLE_MAX_LENGTH,
  type CreateListingInput,
  type DeliveryOption,
  type ListingType,
} from '@vizinhanca/shared/listings/listing.schema';
import { deliveryOptionLabel, noticeText, priceUnitSuffix, splitTags } from '@vizinhanca/shared/listings/listing.rules';
import { Button } from '../../../components/ui/button.tsx';
import { TextAreaField, TextField, wholeNumberProps } from '../../../components/ui/field.tsx';
import { CalendarIcon, CheckIcon, ClockIcon, MapPinIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/toast-store.ts';
import { useFormFields } from '../../../hooks/use-form-fields.ts';
import { useImageUpload } from '../../../hooks/use-image-upload.ts';
import {
  sanitizePriceText,
  stepPriceText,
  tidyPriceText,
  FORM_FIELDS,
  toFormErrors,
  validateListingForm,
  type FormField,
  type ListingFormValues,
  type ServicePriceUnit,
} from '../listing-form-values.ts';
import { TruckIcon } from '../../../components/ui/icons.tsx';
import { PhotosPicker, PHOTOS_INPUT_ID, type EditorPhoto } from './photos-picker.tsx';
import '../../../looks.css';
import '../listing-editor.css';

interface TypeCopy {
  titlePlaceholder: string;
  descriptionPlaceholder: string;
  tagsPlaceholder: string;
}

const COPY: Record<ListingType, TypeCopy> = {
  rental: {
    titlePlaceholder: 'Ex: Furadeira Bosch 700W',
    descriptionPlaceholder: 'Estado de conservação, o que acompanha, cuidados no uso...',
    tagsPlaceholder: 'Ex: ferramentas, reforma',
  },
  food: {
    titlePlaceholder: 'Ex: Bolo de cenoura com cobertura',
    descriptionPlaceholder: 'Ingredientes, tamanho da porção, alergênicos...',
    tagsPlaceholder: 'Ex: bolo, doce, sem lactose',
  },
  service: {
    titlePlaceholder: 'Ex: Aulas de violão para iniciantes',
    descriptionPlaceholder: 'O que está incluso, sua experiência, dias e horários...',
    tagsPlaceholder: 'Ex: música, aulas',
  },
};

const DELIVERY_ICONS = { pickup: MapPinIcon, delivery: TruckIcon, scheduled: CalendarIcon } as const;

function deliveryHint(type: ListingType, option: DeliveryOption): string {
  if (type === 'service') {
    return { pickup: 'O vizinho vem até você', delivery: 'Você vai até o apartamento do vizinho', scheduled: 'Dia e horário combinados' }[option];
  }
  return { pickup: 'O vizinho busca com você', delivery: 'Você leva até o apartamento do vizinho', scheduled: 'Dia e horário combinados' }[option];
}

/** Where the user lands when the form refuses: the first field in error. */
const FIELD_ELEMENT_IDS: Partial<Record<FormField, string>> = {
  image: PHOTOS_INPUT_ID,
  title: 'listing-title',
  description: 'listing-description',
  price: 'listing-price',
  deposit: 'listing-deposit',
  tags: 'listing-tags',
  deliveryOptions: 'listing-delivery-pickup',
  minimumNoticeHours: 'listing-notice',
  maxPortions: 'listing-portions',
  pickupFrom: 'listing-pickup-from',
  pickupUntil: 'listing-pickup-until',
};

function revealField(field: FormField | undefined) {
  const element = field ? document.getElementById(FIELD_ELEMENT_IDS[field] ?? '') : null;
  if (!element) return;
  element.scrollIntoView({ block: 'center', behavior: 'smooth' });
  element.focus({ preventScroll: true });
}

const SERVICE_UNITS: { value: ServicePriceUnit; label: string }[] = [
  { value: 'hour', label: 'Por hora' },
  { value: 'service', label: 'Por serviço' },
];

interface ListingFormProps {
  type: ListingType;
  initialValues: ListingFormValues;
  /** The listing's photos in order (none for a new one). */
  initialPhotos: EditorPhoto[];
  submitLabel: string;
  submitting: boolean;
  /** Sends the checked input; calls back with the server's field errors when it refuses. */
  onSubmit: (input: CreateListingInput, onFieldErrors: (errors: Record<string, string>) => void) => void;
}

/** Step 2 of /anuncios/criar, and the edit form (docs/product.md §10.11 and §4.2). */
export function ListingForm({ type, initialValues, initialPhotos, submitLabel, submitting, onSubmit }: ListingFormProps) {
  // The notice switch's error is the notice field's: turning it off clears that error.
  const { values, setValues, errors, setErrors, update, textProps } = useFormFields(initialValues, (key) =>
    key === 'requiresAdvanceOrder' ? 'minimumNoticeHours' : key,
  );
  const [photos, setPhotos] = useState<EditorPhoto[]>(initialPhotos);
  const [pendingPreview, setPendingPreview] = useState<string | null>(null);
  const upload = useImageUpload();
  const blobUrls = useRef<string[]>([]);
  const copy = COPY[type];

  // The local previews live until the form goes away (the photo shown may still be one of them).
  useEffect(() => {
    const urls = blobUrls.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  function photoError(message: string) {
    setErrors((current) => ({ ...current, image: message }));
    toast.error(message);
  }

  /** Uploads the picked files one after the other; more than the room left is refused before sending anything. */
  async function pickImages(files: File[]) {
    setErrors((current) => ({ ...current, image: undefined }));
    if (photos.length + files.length > PHOTOS_MAX) {
      photoError(LISTING_MESSAGES.tooManyPhotos);
      return;
    }
    for (const file of files) {
      const preview = URL.createObjectURL(file);
      blobUrls.current.push(preview);
      setPendingPreview(preview);
      const result = await upload.upload(file);
      if (result === 'cancelled') return;
      setPendingPreview(null);
      if (!result.ok) {
        photoError(result.message);
        return;
      }
      setPhotos((current) => [...current, { id: result.image.id, url: preview }]);
      toast.success(result.image.message || IMAGE_MESSAGES.uploaded);
    }
  }

  function movePhoto(index: number, offset: -1 | 1) {
    setPhotos((current) => {
      const target = index + offset;
      if (target < 0 || target >= current.length) return current;
      const next = [...current];
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });
  }

  function removePhoto(index: number) {
    setPhotos((current) => current.filter((_, position) => position !== index));
    setErrors((current) => ({ ...current, image: undefined }));
  }

  function cancelUpload() {
    upload.cancel();
    setPendingPreview(null);
  }

  function toggleDelivery(option: DeliveryOption, checked: boolean) {
    const next = checked ? [...values.deliveryOptions, option] : values.deliveryOptions.filter((item) => item !== option);
    update(
      'deliveryOptions',
      DELIVERY_OPTIONS.filter((item) => next.includes(item)),
    );
  }

  function onPriceKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    update('price', stepPriceText(values.price, event.key === 'ArrowUp' ? 1 : -1));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (upload.isUploading || submitting) return;
    const result = validateListingForm(
      type,
      values,
      photos.map((photo) => photo.id),
    );
    if (!result.ok) {
      setErrors(result.errors);
      toast.error(result.message);
      revealField(FORM_FIELDS.find((field) => result.errors[field]));
      return;
    }
    setErrors({});
    onSubmit(result.input, (serverErrors) => {
      const formErrors = toFormErrors(serverErrors);
      setErrors(formErrors);
      revealField(FORM_FIELDS.find((field) => formErrors[field]));
    });
  }

  const unit = type === 'rental' ? 'day' : type === 'food' ? 'unit' : values.priceUnit;
  const tags = splitTags(values.tags);
  const noticeHours = minimumNoticeHoursSchema.safeParse(values.minimumNoticeHours);
  const effectiveNotice = noticeHours.success ? noticeHours.data : null;

  return (
    <form className="form editor-form" onSubmit={submit} noValidate aria-busy={submitting || undefined}>
      <PhotosPicker
        photos={photos}
        pendingPreview={pendingPreview}
        upload={upload.state}
        error={errors.image}
        onPick={(files) => void pickImages(files)}
        onMove={movePhoto}
        onRemove={removePhoto}
        onCancel={cancelUpload}
      />

      <TextField
        id="listing-title"
        label="Título"
        placeholder={copy.titlePlaceholder}
        maxLength={TITLE_MAX_LENGTH}
        autoCapitalize="sentences"
        {...textProps('title')}
        aria-required="true"
      />

      <TextAreaField
        id="listing-description"
        label="Descrição"
        placeholder={copy.descriptionPlaceholder}
        maxLength={DESCRIPTION_MAX_LENGTH}
        rows={4}
        autoCapitalize="sentences"
        {...textProps('description')}
        hint={`${values.description.length}/${DESCRIPTION_MAX_LENGTH} caracteres`}
        aria-required="true"
      />

      {type === 'service' ? (
        <fieldset className="editor-fieldset">
          <legend className="field-label">Cobrança</legend>
          <div className="editor-segments">
            {SERVICE_UNITS.map((option) => (
              <label key={option.value} className="editor-segment">
                <input
                  type="radio"
                  name="listing-price-unit"
                  value={option.value}
                  checked={values.priceUnit === option.value}
                  onChange={() => update('priceUnit', option.value)}
                />
                <span className="editor-segment-label">{option.label}</span>
                <span className="editor-segment-suffix" aria-hidden="true">
                  {priceUnitSuffix(option.value)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}

      <div className={`field${errors.price ? ' field-invalid' : ''}`}>
        <div className="field-label-row">
          <label className="field-label" htmlFor="listing-price">
            Preço (R$)
          </label>
        </div>
        <div className="editor-money">
          <span className="editor-money-prefix" aria-hidden="true">
            R$
          </span>
          <input
            id="listing-price"
            className="input editor-money-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            value={values.price}
            onChange={(event) => update('price', sanitizePriceText(event.target.value))}
            onBlur={() => setValues((current) => ({ ...current, price: tidyPriceText(current.price) }))}
            onKeyDown={onPriceKeyDown}
            aria-required="true"
            aria-invalid={errors.price ? true : undefined}
            aria-describedby={errors.price ? 'listing-price-error' : 'listing-price-hint'}
          />
          <span className="editor-money-suffix" aria-hidden="true">
            {priceUnitSuffix(unit)}
          </span>
        </div>
        {errors.price ? (
          <p className="field-error" id="listing-price-error">
            {errors.price}
          </p>
        ) : (
          <p className="field-hint" id="listing-price-hint">
            Valor {priceUnitSuffix(unit).replace('/', 'por ')}, com centavos após a vírgula.
          </p>
        )}
      </div>

      {type === 'rental' ? (
        <TextField
          id="listing-deposit"
          label="Caução (R$)"
          optional
          inputMode="decimal"
          autoComplete="off"
          placeholder="Sem caução"
          {...textProps('deposit')}
          hint="Devolvida no fim do aluguel, até R$ 5.000,00. Deixe em branco para não pedir caução."
        />
      ) : null}

      <div className="editor-tags-field">
        <TextField
          id="listing-tags"
          label="Categorias"
          optional
          placeholder={copy.tagsPlaceholder}
          autoCapitalize="none"
          {...textProps('tags')}
          hint={`Separe por vírgulas (até ${TAGS_MAX}).`}
        />
        {tags.length ? (
          <ul className="editor-tag-preview tag-list" aria-label="Categorias do anúncio">
            {tags.map((tag, index) => (
              <li key={`${tag}-${index}`}>{tag}</li>
            ))}
          </ul>
        ) : null}
      </div>

      <fieldset
        className={`editor-fieldset${errors.deliveryOptions ? ' field-invalid' : ''}`}
        aria-describedby={errors.deliveryOptions ? 'listing-delivery-error' : undefined}
      >
        <legend className="field-label">{type === 'service' ? 'Atendimento' : 'Opções de entrega'}</legend>
        <div className="editor-checks">
          {DELIVERY_OPTIONS.map((option) => {
            const Icon = DELIVERY_ICONS[option];
            const hintId = `listing-delivery-${option}-hint`;
            return (
              <label key={option} className="editor-check">
                <input
                  id={`listing-delivery-${option}`}
                  type="checkbox"
                  checked={values.deliveryOptions.includes(option)}
                  onChange={(event) => toggleDelivery(option, event.target.checked)}
                  aria-describedby={hintId}
                />
                <span className="icon-tile editor-check-icon">
                  <Icon />
                </span>
                <span className="editor-check-text">
                  <span className="editor-check-label">{deliveryOptionLabel(type, option)}</span>
                  <span className="editor-check-hint" id={hintId} aria-hidden="true">
                    {deliveryHint(type, option)}
                  </span>
                </span>
                <span className="editor-check-box" aria-hidden="true">
                  <CheckIcon />
                </span>
              </label>
            );
          })}
        </div>
        {errors.deliveryOptions ? (
          <p className="field-error" id="listing-delivery-error">
            {errors.deliveryOptions}
          </p>
        ) : null}
      </fieldset>

      {type === 'food' ? (
        <TextField
          id="listing-portions"
          label="Porções por pedido (opcional)"
          {...wholeNumberProps(MAX_PORTIONS_MIN, MAX_PORTIONS_MAX)}
          placeholder="Sem limite"
          {...textProps('maxPortions')}
          hint="O máximo que um vizinho pode pedir de uma vez."
        />
      ) : null}

      {type === 'food' && !values.requiresAdvanceOrder && values.deliveryOptions.includes('pickup') ? (
        <fieldset className="editor-fieldset" aria-describedby="listing-pickup-hint">
          <legend className="field-label">Horário de retirada (opcional)</legend>
          <p className="field-hint" id="listing-pickup-hint">
            Quem pedir escolhe um horário nesse intervalo, hoje ou amanhã.
          </p>
          <div className="form-row">
            <TextField id="listing-pickup-from" type="time" label="Retirada das" {...textProps('pickupFrom')} />
            <TextField id="listing-pickup-until" type="time" label="Retirada até" {...textProps('pickupUntil')} />
          </div>
        </fieldset>
      ) : null}

      {type === 'food' ? (
        <div className="editor-advance">
          <label className="editor-switch">
            <span className="editor-switch-text">
              <span className="editor-switch-label">Requer encomenda antecipada</span>
              <span className="editor-switch-hint" aria-hidden="true">
                Para pratos feitos sob encomenda
              </span>
            </span>
            <input
              type="checkbox"
              role="switch"
              checked={values.requiresAdvanceOrder}
              onChange={(event) => update('requiresAdvanceOrder', event.target.checked)}
            />
            <span className="editor-switch-track" aria-hidden="true" />
          </label>

          {values.requiresAdvanceOrder ? (
            <div className="editor-notice">
              <TextField
                id="listing-notice"
                label="Antecedência mínima (horas)"
                {...wholeNumberProps(MINIMUM_NOTICE_MIN_HOURS, MINIMUM_NOTICE_MAX_HOURS)}
                placeholder={String(MINIMUM_NOTICE_DEFAULT_HOURS)}
                {...textProps('minimumNoticeHours')}
                hint={
                  effectiveNotice ? (
                    <>
                      <ClockIcon className="editor-inline-icon" /> Pedidos com pelo menos {noticeText(effectiveNotice)} de antecedência.
                    </>
                  ) : undefined
                }
              />
              <div className="columns editor-presets" role="group" aria-label="Atalhos de antecedência">
                {MINIMUM_NOTICE_PRESETS.map((preset) => {
                  const selected = effectiveNotice === preset.hours;
                  return (
                    <button
                      key={preset.hours}
                      type="button"
                      className={`chip editor-chip${selected ? ' chip-on' : ''}`}
                      aria-pressed={selected}
                      onClick={() => update('minimumNoticeHours', String(preset.hours))}
                    >
                      {preset.label}
                    </button>
                  );
                })}
              </div>
            </div>
          ) : null}
        </div>
      ) : null}

      <div className="editor-submit">
        <Button type="submit" size="lg" block loading={submitting} disabled={upload.isUploading}>
          {submitLabel}
        </Button>
        {upload.isUploading ? <p className="editor-submit-note">Aguarde o envio da imagem para continuar.</p> : null}
      </div>
    </form>
  );
}
