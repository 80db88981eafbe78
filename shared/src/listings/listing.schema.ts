import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { parseCurrencyToCents } from '../format/format.ts';
import { ratingSummarySchema } from '../reviews/review.schema.ts';
import { depositCentsSchema } from '../deposits/deposit.schema.ts';
import {
  filterFitsType,
  LISTING_FILTERS,
  LISTING_SORTS,
  LISTING_TYPES,
  MINIMUM_NOTICE_DEFAULT_HOURS,
  SEARCH_MAX_LENGTH,
  type ListingType,
  type PickupWindow,
} from './listing.constants.ts';

// The Zod-free values live in listing.constants.ts (the client's first screen loads them without Zod).
export * from './listing.constants.ts';

// Listings: the values, limits and pt-BR messages both the form and the server check.


export const LISTING_STATUSES = ['pending', 'active', 'paused', 'inactive', 'rejected'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

/** Who paused a listing: the owner ('inactive'), or the administration or billing ('paused'). */
export const PAUSED_BY = ['owner', 'admin', 'billing'] as const;
export type PausedBy = (typeof PAUSED_BY)[number];

export const DELIVERY_OPTIONS = ['pickup', 'delivery', 'scheduled'] as const;
export type DeliveryOption = (typeof DELIVERY_OPTIONS)[number];

/** Rentals are priced per day, food per unit, services per hour or per service (docs/product.md). */
export const PRICE_UNITS = ['day', 'unit', 'hour', 'service'] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];
export const SERVICE_PRICE_UNITS = ['hour', 'service'] as const;

/** Long enough for "Furadeira Bosch 700W com maleta e jogo de brocas", short enough for a card. */
export const TITLE_MAX_LENGTH = 100;
/** A few paragraphs: what it is, conditions, ingredients or allergens. */
export const DESCRIPTION_MAX_LENGTH = 2000;
/** R$ 100.000,00: above that it is a typo, not a neighbour's price. */
export const PRICE_MAX_CENTS = 10_000_000;
export const TAGS_MAX = 5;
export const TAG_MAX_LENGTH = 30;
export const MINIMUM_NOTICE_MIN_HOURS = 1;
/** 30 days, like the listing's own validity. */
export const MINIMUM_NOTICE_MAX_HOURS = 720;
export const MINIMUM_NOTICE_PRESETS = [
  { hours: 24, label: '24h' },
  { hours: 48, label: '2 dias' },
  { hours: 72, label: '3 dias' },
  { hours: 168, label: '1 semana' },
] as const;
/** Portions a food listing offers per order (optional). */
export const MAX_PORTIONS_MIN = 1;
export const MAX_PORTIONS_MAX = 99;
/** Photos of one listing, in order; the first is the cover (cards, orders). */
export const PHOTOS_MAX = 5;
/** Owner-blocked days: at most this many in one go. */
export const BLOCK_DAYS_MAX = 60;
export const LISTING_PAGE_DEFAULT = 20;
export const LISTING_PAGE_MAX = 50;
export const MODERATION_REASON_MAX_LENGTH = 500;

export const LISTING_MESSAGES = {
  requiredFields: 'Preencha todos os campos obrigatórios',
  invalidPrice: 'Insira um preço válido',
  deliveryRequired: 'Selecione pelo menos uma opção de entrega',
  typeRequired: 'Escolha uma categoria',
  titleTooLong: `O título deve ter no máximo ${TITLE_MAX_LENGTH} caracteres`,
  descriptionTooLong: `A descrição deve ter no máximo ${DESCRIPTION_MAX_LENGTH} caracteres`,
  tooManyTags: `Use no máximo ${TAGS_MAX} categorias`,
  tagTooLong: `Cada categoria deve ter no máximo ${TAG_MAX_LENGTH} caracteres`,
  noticeTooLong: 'A antecedência mínima deve ser de no máximo 30 dias (720 horas)',
  invalidPortions: `O número de porções deve ser de ${MAX_PORTIONS_MIN} a ${MAX_PORTIONS_MAX}`,
  pickupWindowIncomplete: 'Informe o início e o fim do horário de retirada',
  pickupWindowOrder: 'O horário de retirada deve terminar depois de começar',
  invalidTime: 'Horário inválido',
  searchTooLong: `A busca deve ter no máximo ${SEARCH_MAX_LENGTH} caracteres`,
  tooManyPhotos: `Um anúncio pode ter no máximo ${PHOTOS_MAX} fotos`,
  invalidPhoto: 'Imagem inválida',
  repeatedPhoto: 'Esta foto já está no anúncio',
  invalidFilter: 'Filtro inválido',
  invalidSort: 'Ordenação inválida',
  invalidCursor: 'Página inválida',
  reasonTooLong: `O motivo deve ter no máximo ${MODERATION_REASON_MAX_LENGTH} caracteres`,
  notFound: 'Anúncio não encontrado',
  wantedRequestNotFound: 'Pedido não encontrado',
  notOwner: 'Somente o dono do anúncio pode fazer isso.',
  typeChanged: 'A categoria de um anúncio não pode ser alterada.',
  // Owner actions (spec section 8).
  created: 'Anúncio criado! Aguardando aprovação do administrador.',
  updated: 'Anúncio atualizado!',
  deleted: 'Anúncio excluído!',
  paused: 'Anúncio pausado',
  reactivated: 'Anúncio reativado',
  renewed: 'Anúncio renovado por mais 30 dias!',
  onlyActiveCanBePaused: 'Só é possível pausar anúncios ativos.',
  onlyInactiveCanBeReactivated: 'Só é possível reativar anúncios pausados por você.',
  pausedByAdmin: 'Este anúncio foi pausado pela administração. Fale com a administração para reativá-lo.',
  pausedByBilling: 'Este anúncio foi pausado por uma cobrança em atraso e volta após o pagamento.',
  onlyApprovedCanBeRenewed: 'Só é possível renovar anúncios já aprovados.',
  // Moderation (spec section 8).
  approved: 'Anúncio aprovado com sucesso!',
  rejected: 'Anúncio rejeitado.',
  adminPaused: 'Anúncio pausado com sucesso',
  activated: 'Anúncio ativado com sucesso',
  adminDeleted: 'Anúncio excluído com sucesso',
  notPending: 'Este anúncio já foi analisado.',
  cannotPause: 'Só é possível pausar anúncios ativos ou pausados pelo dono.',
  notPaused: 'Só é possível ativar anúncios pausados pela administração ou por cobrança.',
  // Owner-blocked days of a rental.
  invalidDay: 'Data inválida',
  blockDaysRequired: 'Escolha pelo menos um dia',
  tooManyBlockedDays: `Bloqueie no máximo ${BLOCK_DAYS_MAX} dias de uma vez`,
  onlyRentalsBlockDays: 'Só é possível bloquear dias de itens para aluguel.',
  blockedDayPast: 'Não é possível bloquear um dia que já passou.',
  blockedDayBooked: 'Este dia já tem um pedido pendente, aprovado ou em andamento.',
  daysBlocked: 'Dias bloqueados!',
  saved: 'Anúncio salvo',
  unsaved: 'Anúncio removido dos salvos',
  dayUnblocked: 'Dia desbloqueado',
} as const;

/** The notifications the owner receives (spec section 8, exact texts). */
export const LISTING_NOTIFICATIONS = {
  approved: (title: string) => ({ title: 'Anúncio Aprovado! 🎉', message: `Seu anúncio "${title}" foi aprovado e está visível para todos.` }),
  rejected: (title: string, reason: string | null) => ({ title: 'Anúncio Rejeitado', message: reason ?? `Seu anúncio "${title}" não foi aprovado.` }),
  paused: (title: string, reason: string | null) => ({ title: 'Anúncio Pausado', message: reason ?? `Seu anúncio "${title}" foi pausado temporariamente.` }),
} as const;

const isMissing = (value: unknown) => value === undefined || value === null;

export const listingIdSchema = z.uuid({ message: LISTING_MESSAGES.notFound });

const requiredText = (max: number, tooLong: string) =>
  z.string({ error: LISTING_MESSAGES.requiredFields }).trim().min(1, LISTING_MESSAGES.requiredFields).max(max, tooLong);

/** The price as the API carries it: integer cents, more than zero. */
export const priceCentsSchema = z
  .number({ error: (issue) => (isMissing(issue.input) ? LISTING_MESSAGES.requiredFields : LISTING_MESSAGES.invalidPrice) })
  .int(LISTING_MESSAGES.invalidPrice)
  .min(1, LISTING_MESSAGES.invalidPrice)
  .max(PRICE_MAX_CENTS, LISTING_MESSAGES.invalidPrice);

/** The price as the form's text field holds it ('12,50', 'R$ 1.234,56', '12.5') -> cents. */
export const priceTextSchema = z
  .string({ error: LISTING_MESSAGES.requiredFields })
  .trim()
  .min(1, LISTING_MESSAGES.requiredFields)
  .transform((text, ctx) => {
    const cents = parseCurrencyToCents(text);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: LISTING_MESSAGES.invalidPrice });
      return z.NEVER;
    }
    return cents;
  })
  .pipe(priceCentsSchema);

/** Free-text categories: blanks dropped, repeats (ignoring case) dropped. */
export const tagsSchema = z
  .array(z.string().trim().max(TAG_MAX_LENGTH, LISTING_MESSAGES.tagTooLong))
  .default([])
  .transform((tags) => {
    const seen = new Set<string>();
    return tags.filter((tag) => {
      const key = tag.toLocaleLowerCase('pt-BR');
      if (!tag || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .pipe(z.array(z.string()).max(TAGS_MAX, LISTING_MESSAGES.tooManyTags));

export const deliveryOptionsSchema = z
  .array(z.enum(DELIVERY_OPTIONS, { error: LISTING_MESSAGES.deliveryRequired }), { error: LISTING_MESSAGES.deliveryRequired })
  .default(['pickup'])
  // Kept in the canonical order (pickup, delivery, scheduled), without repeats.
  .transform((options) => DELIVERY_OPTIONS.filter((option) => options.includes(option)))
  .pipe(z.array(z.enum(DELIVERY_OPTIONS)).min(1, LISTING_MESSAGES.deliveryRequired));

/** Minimum notice in hours: at least 1; an empty or invalid value falls back to 24 (docs/product.md §4.2). */
export const minimumNoticeHoursSchema = z
  .union([z.number(), z.nan(), z.string(), z.null()])
  .optional()
  .transform((value) => {
    const hours = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
    if (typeof hours !== 'number' || !Number.isInteger(hours) || hours < MINIMUM_NOTICE_MIN_HOURS) return MINIMUM_NOTICE_DEFAULT_HOURS;
    return hours;
  })
  .pipe(z.number().int().max(MINIMUM_NOTICE_MAX_HOURS, LISTING_MESSAGES.noticeTooLong));

const commonFields = {
  title: requiredText(TITLE_MAX_LENGTH, LISTING_MESSAGES.titleTooLong),
  description: requiredText(DESCRIPTION_MAX_LENGTH, LISTING_MESSAGES.descriptionTooLong),
  priceCents: priceCentsSchema,
  tags: tagsSchema,
  deliveryOptions: deliveryOptionsSchema,
  /** Images uploaded by the owner (POST /api/images), in the order shown; the first is the cover. */
  imageIds: z
    .array(z.uuid({ message: LISTING_MESSAGES.invalidPhoto }), { error: LISTING_MESSAGES.invalidPhoto })
    .max(PHOTOS_MAX, LISTING_MESSAGES.tooManyPhotos)
    .refine((ids) => new Set(ids).size === ids.length, LISTING_MESSAGES.repeatedPhoto)
    .default([]),
};

/** Rentals may ask for a deposit (caução), 0 for none. */
const rentalFields = z.object({ type: z.literal('rental'), ...commonFields, depositCents: depositCentsSchema.default(0) });
/** A time of the condominium's day, 'HH:MM' (what a time field sends). */
const timeOfDaySchema = z.string({ error: LISTING_MESSAGES.invalidTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, LISTING_MESSAGES.invalidTime);

/** Ready food's optional pickup window: both ends, the start before the end (the database checks it too). */
export const pickupWindowSchema = z
  .object({ from: timeOfDaySchema.nullish(), until: timeOfDaySchema.nullish() })
  .nullish()
  .superRefine((window, ctx) => {
    if (!window || (!window.from && !window.until)) return;
    if (!window.from || !window.until) ctx.addIssue({ code: 'custom', message: LISTING_MESSAGES.pickupWindowIncomplete, path: [window.from ? 'until' : 'from'] });
    else if (window.from >= window.until) ctx.addIssue({ code: 'custom', message: LISTING_MESSAGES.pickupWindowOrder, path: ['until'] });
  })
  .transform((window): PickupWindow | null => (window?.from && window.until ? { from: window.from, until: window.until } : null));

const foodFields = z.object({
  type: z.literal('food'),
  ...commonFields,
  requiresAdvanceOrder: z.boolean().default(false),
  minimumNoticeHours: minimumNoticeHoursSchema,
  /** Ready food offered for pickup: when it can be picked up (optional). */
  pickupWindow: pickupWindowSchema,
  /** Optional: the most portions one order may ask for. */
  maxPortions: z
    .number({ error: LISTING_MESSAGES.invalidPortions })
    .int(LISTING_MESSAGES.invalidPortions)
    .min(MAX_PORTIONS_MIN, LISTING_MESSAGES.invalidPortions)
    .max(MAX_PORTIONS_MAX, LISTING_MESSAGES.invalidPortions)
    .nullish()
    .transform((portions) => portions ?? null),
});
const serviceFields = z.object({ type: z.literal('service'), ...commonFields, priceUnit: z.enum(SERVICE_PRICE_UNITS).default('service') });

/** What the server stores, whatever the type: the food-only fields are false/null elsewhere. */
export interface ListingFields {
  type: ListingType;
  title: string;
  description: string;
  priceCents: number;
  priceUnit: PriceUnit;
  tags: string[];
  deliveryOptions: DeliveryOption[];
  /** At most PHOTOS_MAX, no repeats, cover first. */
  imageIds: string[];
  requiresAdvanceOrder: boolean;
  minimumNoticeHours: number | null;
  maxPortions: number | null;
  /** Ready food offered for pickup: the window's ends ('HH:MM'), null for none and for everything else. */
  pickupFrom: string | null;
  pickupUntil: string | null;
  /** Rentals: the deposit asked (caução), 0 for none; always 0 for food and services. */
  depositCents: number;
}

type ParsedFields = z.output<typeof rentalFields> | z.output<typeof foodFields> | z.output<typeof serviceFields>;

/** The food-only fields of a rental or a service. */
const NOT_FOOD = { requiresAdvanceOrder: false, minimumNoticeHours: null, maxPortions: null, pickupFrom: null, pickupUntil: null } as const;

function normalizeFields(fields: ParsedFields): ListingFields {
  const common = {
    title: fields.title,
    description: fields.description,
    priceCents: fields.priceCents,
    tags: fields.tags,
    deliveryOptions: fields.deliveryOptions,
    imageIds: fields.imageIds,
  };
  switch (fields.type) {
    case 'rental':
      return { type: 'rental', ...common, priceUnit: 'day', ...NOT_FOOD, depositCents: fields.depositCents };
    case 'food': {
      // The window is for ready food picked up: made-to-order food asks a date with its notice instead.
      const window = !fields.requiresAdvanceOrder && fields.deliveryOptions.includes('pickup') ? fields.pickupWindow : null;
      return {
        type: 'food',
        ...common,
        priceUnit: 'unit',
        requiresAdvanceOrder: fields.requiresAdvanceOrder,
        minimumNoticeHours: fields.requiresAdvanceOrder ? fields.minimumNoticeHours : null,
        maxPortions: fields.maxPortions,
        pickupFrom: window?.from ?? null,
        pickupUntil: window?.until ?? null,
        depositCents: 0,
      };
    }
    case 'service':
      return { type: 'service', ...common, priceUnit: fields.priceUnit, ...NOT_FOOD, depositCents: 0 };
  }
}

const typeError = { error: LISTING_MESSAGES.typeRequired };

/** A listing written from a 'Procura-se' request ('Eu tenho' → 'Criar anúncio'): linked to it once created. */
const listingOrigin = { wantedRequestId: z.uuid({ message: LISTING_MESSAGES.wantedRequestNotFound }).nullish() };

/** Create form (step 2): the fields of docs/product.md §4.2 for the chosen category. */
export const createListingSchema = z
  .discriminatedUnion('type', [rentalFields.extend(listingOrigin), foodFields.extend(listingOrigin), serviceFields.extend(listingOrigin)], typeError)
  .transform((fields) => ({ ...normalizeFields(fields), wantedRequestId: fields.wantedRequestId ?? null }));
export type CreateListingInput = z.input<typeof createListingSchema>;

/** Edit: the same form plus the id; the category cannot change. */
export const updateListingSchema = z
  .discriminatedUnion(
    'type',
    [rentalFields.extend({ id: listingIdSchema }), foodFields.extend({ id: listingIdSchema }), serviceFields.extend({ id: listingIdSchema })],
    typeError,
  )
  .transform((fields) => ({ id: fields.id, fields: normalizeFields(fields) }));
export type UpdateListingInput = z.input<typeof updateListingSchema>;

export const listingByIdSchema = z.object({ id: listingIdSchema });

const blockedDaySchema = z.iso.date({ message: LISTING_MESSAGES.invalidDay });

/** The owner marks days the rental is not available (travel, repair). */
export const blockDaysSchema = z.object({
  id: listingIdSchema,
  days: z
    .array(blockedDaySchema, { error: LISTING_MESSAGES.blockDaysRequired })
    .min(1, LISTING_MESSAGES.blockDaysRequired)
    .max(BLOCK_DAYS_MAX, LISTING_MESSAGES.tooManyBlockedDays)
    .transform((days) => [...new Set(days)].sort()),
});
export const unblockDaySchema = z.object({ id: listingIdSchema, day: blockedDaySchema });
/** The blocked days from today on, in order ('YYYY-MM-DD'). */
export const blockedDaysSchema = z.object({ days: z.array(z.string()) });

export const searchSchema = z
  .string()
  .trim()
  .max(SEARCH_MAX_LENGTH, LISTING_MESSAGES.searchTooLong)
  .optional()
  .transform((search) => (search ? search : null));

const cursorSchema = z.uuid({ message: LISTING_MESSAGES.invalidCursor }).nullish().transform((cursor) => cursor ?? null);
const limitSchema = z.number().int().min(1).max(LISTING_PAGE_MAX).default(LISTING_PAGE_DEFAULT);

/** The public feed, one page: {cursor, limit} -> {items, nextCursor} (infinite scroll). */
export const listListingsSchema = z
  .object({
    type: z.enum(LISTING_TYPES).nullish().transform((type) => type ?? null),
    search: searchSchema,
    /** One neighbour's listings (their page). */
    ownerId: z.uuid({ message: LISTING_MESSAGES.notFound }).nullish().transform((id) => id ?? null),
    filter: z.enum(LISTING_FILTERS, { error: LISTING_MESSAGES.invalidFilter }).default('all'),
    sort: z.enum(LISTING_SORTS, { error: LISTING_MESSAGES.invalidSort }).default('newest'),
    cursor: cursorSchema,
    limit: limitSchema,
  })
  .refine((input) => filterFitsType(input.filter, input.type), { message: LISTING_MESSAGES.invalidFilter, path: ['filter'] });
export type ListListingsInput = z.input<typeof listListingsSchema>;
/** A feed request as the server reads it, after the schema's defaults and transforms. */
export type ListListingsFields = z.output<typeof listListingsSchema>;

/** Admin/moderator list: search, type and status filters, newest first. */
export const moderationListSchema = z.object({
  search: searchSchema,
  type: z.enum(LISTING_TYPES).nullish().transform((type) => type ?? null),
  status: z.enum(LISTING_STATUSES).nullish().transform((status) => status ?? null),
  cursor: cursorSchema,
  limit: limitSchema,
});
export type ModerationListInput = z.input<typeof moderationListSchema>;

export const moderationPendingSchema = z.object({ search: searchSchema, cursor: cursorSchema, limit: limitSchema });

const reasonSchema = z
  .string()
  .trim()
  .max(MODERATION_REASON_MAX_LENGTH, LISTING_MESSAGES.reasonTooLong)
  .nullish()
  .transform((reason) => (reason ? reason : null));

/** Reject and pause take an optional reason, sent to the owner as the notification's message. */
export const moderationDecisionSchema = z.object({ id: listingIdSchema, reason: reasonSchema });

// ---- What the API returns ----

/** The owner as other people see them: name, apartment, phone; never e-mail or CPF. */
export const listingOwnerSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  apartment: z.string().nullable(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});

/** One photo as the screens show it: both sizes and the proportions (the img's width and height). */
export const listingPhotoSchema = z.object({
  id: z.string(),
  cardUrl: z.string(),
  detailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type ListingPhoto = z.infer<typeof listingPhotoSchema>;

const listingContentFields = {
  id: z.string(),
  type: z.enum(LISTING_TYPES),
  title: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  priceUnit: z.enum(PRICE_UNITS),
  /** The cover (the first photo); null without photos (the screens show the fallback). */
  imageCardUrl: z.string().nullable(),
  imageDetailUrl: z.string().nullable(),
  /** Every photo in order (up to PHOTOS_MAX), the cover first. */
  photos: z.array(listingPhotoSchema),
  tags: z.array(z.string()),
  deliveryOptions: z.array(z.enum(DELIVERY_OPTIONS)),
  requiresAdvanceOrder: z.boolean(),
  minimumNoticeHours: z.number().int().nullable(),
  /** Food: the most portions one order may ask for; null = up to 99. */
  maxPortions: z.number().int().nullable(),
  /** Ready food offered for pickup: when it can be picked up ('17:00' to '20:00'); null for any time. */
  pickupWindow: z.object({ from: z.string(), until: z.string() }).nullable(),
  /** Rentals: the deposit asked (caução), 0 for none. */
  depositCents: z.number().int(),
  owner: listingOwnerSchema,
};

/** A listing on the public screens (feed cards and detail). */
export const publicListingSchema = z.object({
  ...listingContentFields,
  status: z.enum(LISTING_STATUSES),
  publishedAt: z.date(),
  expiresAt: z.date(),
  /** The owner's real rating (docs/product.md): mean with one decimal and count; average null reads 'Novo'. */
  ownerRating: ratingSummarySchema,
});
export type PublicListing = z.infer<typeof publicListingSchema>;

export const publicListingDetailSchema = publicListingSchema.extend({
  /** The owner cannot order their own listing. */
  isOwner: z.boolean(),
  /** In the viewer's 'Salvos'. */
  isSaved: z.boolean(),
});

/** 'Salvar' / remove from 'Salvos'. */
export const saveListingSchema = z.object({ id: listingIdSchema, saved: z.boolean() });
export const saveListingOutputSchema = z.object({ message: z.string(), saved: z.boolean() });
/** 'Salvos': the saved listings neighbours can still see, newest saved first. */
export const savedListingsSchema = z.object({ items: z.array(publicListingSchema) });
export type PublicListingDetail = z.infer<typeof publicListingDetailSchema>;

/** A listing as its owner and the moderators see it: every status, with the moderation fields. */
export const managedListingSchema = z.object({
  ...listingContentFields,
  status: z.enum(LISTING_STATUSES),
  pausedBy: z.enum(PAUSED_BY).nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  publishedAt: z.date().nullable(),
  expiresAt: z.date().nullable(),
});
export type ManagedListing = z.infer<typeof managedListingSchema>;

export function listingPageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable() });
}

export const myListingsSchema = z.object({
  /** active = visible to neighbours now; inactive = published once and not visible now (paused or expired); total = all. */
  counters: z.object({ total: z.number().int(), active: z.number().int(), inactive: z.number().int() }),
  items: z.array(managedListingSchema),
});
export type MyListings = z.infer<typeof myListingsSchema>;

export const listingCountsSchema = z.object({ rental: z.number().int(), food: z.number().int(), service: z.number().int() });

export const createListingOutputSchema = z.object({ id: z.string(), message: z.string() });
/** backToReview: the edit changed approved content, so the listing waits for approval again. */
export const updateListingOutputSchema = z.object({ message: z.string(), status: z.enum(LISTING_STATUSES), backToReview: z.boolean() });
export const renewListingOutputSchema = z.object({ message: z.string(), expiresAt: z.date() });
