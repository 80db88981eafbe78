import { formatCurrency, parseCurrencyToCents } from '@vizinhanca/shared/format/format';
import {
  createListingSchema,
  LISTING_MESSAGES,
  MINIMUM_NOTICE_DEFAULT_HOURS,
  priceTextSchema,
  type CreateListingInput,
  type DeliveryOption,
  type ListingType,
  type ManagedListing,
  type SERVICE_PRICE_UNITS,
} from '@vizinhanca/shared/listings/listing.schema';
import { splitTags } from '@vizinhanca/shared/listings/listing.rules';
import { depositTextSchema } from '@vizinhanca/shared/deposits/deposit.schema';
import { issuesToFieldErrors } from '../../lib/field-errors.ts';

export type ServicePriceUnit = (typeof SERVICE_PRICE_UNITS)[number];

/** What the form's inputs hold: text as typed (the price with a comma, the tags in one line). */
export interface ListingFormValues {
  title: string;
  description: string;
  price: string;
  priceUnit: ServicePriceUnit;
  tags: string;
  deliveryOptions: DeliveryOption[];
  requiresAdvanceOrder: boolean;
  minimumNoticeHours: string;
  /** Food: the most portions per order, empty for no limit. */
  maxPortions: string;
  /** Ready food picked up: the window's ends ('17:00'), both empty for none. */
  pickupFrom: string;
  pickupUntil: string;
  /** Rentals: the deposit asked (caução) as typed, empty for none. */
  deposit: string;
}

export const EMPTY_LISTING_FORM: ListingFormValues = {
  title: '',
  description: '',
  price: '',
  priceUnit: 'service',
  tags: '',
  // docs/product.md §4.2: pickup is checked by default.
  deliveryOptions: ['pickup'],
  requiresAdvanceOrder: false,
  minimumNoticeHours: String(MINIMUM_NOTICE_DEFAULT_HOURS),
  maxPortions: '',
  pickupFrom: '',
  pickupUntil: '',
  deposit: '',
};

/** 1250 -> '12,50'; 123456 -> '1.234,56' (what the price input shows). */
export function centsToPriceText(cents: number): string {
  return formatCurrency(cents).replace(/^R\$\s*/, '');
}

/** The price input after the user leaves it: '25' -> '25,00'; anything unreadable stays as typed. */
export function tidyPriceText(text: string): string {
  const cents = parseCurrencyToCents(text);
  return cents === null || cents <= 0 ? text : centsToPriceText(cents);
}

/** Arrow keys step the price by R$ 0,01 and never below zero (the product's step 0.01, min 0). */
export function stepPriceText(text: string, direction: 1 | -1): string {
  const cents = parseCurrencyToCents(text) ?? 0;
  return centsToPriceText(Math.max(0, cents + direction));
}

/** Only what a price can contain: digits, one separator style, no letters. */
export function sanitizePriceText(text: string): string {
  return text.replace(/[^\d.,]/g, '');
}

export function formValuesFromListing(listing: ManagedListing): ListingFormValues {
  return {
    title: listing.title,
    description: listing.description,
    price: centsToPriceText(listing.priceCents),
    priceUnit: listing.priceUnit === 'hour' ? 'hour' : 'service',
    tags: listing.tags.join(', '),
    deliveryOptions: listing.deliveryOptions.length ? listing.deliveryOptions : ['pickup'],
    requiresAdvanceOrder: listing.requiresAdvanceOrder,
    minimumNoticeHours: String(listing.minimumNoticeHours ?? MINIMUM_NOTICE_DEFAULT_HOURS),
    maxPortions: listing.maxPortions ? String(listing.maxPortions) : '',
    pickupFrom: listing.pickupWindow?.from ?? '',
    pickupUntil: listing.pickupWindow?.until ?? '',
    deposit: listing.depositCents ? centsToPriceText(listing.depositCents) : '',
  };
}

/** The form's field names, in screen order (the first error is the one the toast shows). */
export const FORM_FIELDS = ['image', 'title', 'description', 'price', 'deposit', 'tags', 'deliveryOptions', 'maxPortions', 'pickupFrom', 'pickupUntil', 'minimumNoticeHours'] as const;
export type FormField = (typeof FORM_FIELDS)[number];
export type FormErrors = Partial<Record<FormField, string>>;

/** API field paths ('priceCents', 'tags.2', 'imageIds', 'pickupWindow.until') -> the input that shows the error. */
export function toFormErrors(errors: Record<string, string>): FormErrors {
  const result: FormErrors = {};
  for (const [path, message] of Object.entries(errors)) {
    if (!message) continue;
    const [head = '', part] = path.split('.');
    const field: FormField | undefined =
      head === 'priceCents'
        ? 'price'
        : head === 'depositCents'
          ? 'deposit'
          : head === 'imageIds'
            ? 'image'
            : head === 'pickupWindow'
              ? part === 'from'
                ? 'pickupFrom'
                : 'pickupUntil'
              : (FORM_FIELDS as readonly string[]).includes(head)
                ? (head as FormField)
                : undefined;
    if (field) result[field] ??= message;
  }
  return result;
}

export function firstError(errors: FormErrors): string | undefined {
  for (const field of FORM_FIELDS) {
    if (errors[field]) return errors[field];
  }
  return undefined;
}

export type ValidationResult = { ok: true; input: CreateListingInput } | { ok: false; errors: FormErrors; message: string };

/** The shared schema decides, exactly as the server will: same rules, same pt-BR messages. */
export function validateListingForm(type: ListingType, values: ListingFormValues, imageIds: string[]): ValidationResult {
  const price = priceTextSchema.safeParse(values.price);
  const deposit = depositTextSchema.safeParse(values.deposit);
  const common = {
    title: values.title,
    description: values.description,
    // A bad price is reported once, by the price text itself.
    priceCents: price.success ? price.data : 1,
    tags: splitTags(values.tags),
    deliveryOptions: values.deliveryOptions,
    imageIds,
  };
  const input: CreateListingInput =
    type === 'food'
      ? {
          type,
          ...common,
          requiresAdvanceOrder: values.requiresAdvanceOrder,
          minimumNoticeHours: values.requiresAdvanceOrder ? values.minimumNoticeHours : null,
          maxPortions: values.maxPortions.trim() ? Number(values.maxPortions.trim()) : null,
          pickupWindow: values.pickupFrom || values.pickupUntil ? { from: values.pickupFrom || null, until: values.pickupUntil || null } : null,
        }
      : type === 'service'
        ? { type, ...common, priceUnit: values.priceUnit }
        : // A bad deposit is reported once, by the deposit text itself.
          { type, ...common, depositCents: deposit.success ? deposit.data : 0 };

  const parsed = createListingSchema.safeParse(input);
  const errors: FormErrors = parsed.success ? {} : toFormErrors(issuesToFieldErrors(parsed.error.issues));
  if (!price.success) errors.price = price.error.issues[0]?.message ?? LISTING_MESSAGES.invalidPrice;
  if (type === 'rental' && !deposit.success) errors.deposit = deposit.error.issues[0]?.message;
  const message = firstError(errors);
  if (message) return { ok: false, errors, message };
  return { ok: true, input };
}
