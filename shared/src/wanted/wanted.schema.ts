import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { LISTING_TYPES, SEARCH_MAX_LENGTH } from '../listings/listing.constants.ts';
import { PRICE_UNITS } from '../listings/listing.schema.ts';
import { WANTED_STATUSES } from './wanted.rules.ts';

// 'Procura-se' requests: what a resident looks for, and the neighbours' 'Eu tenho'.

export const WANTED_TITLE_MAX_LENGTH = 100;
export const WANTED_DESCRIPTION_MAX_LENGTH = 1000;
/** R$ 100.000,00, as a listing's price. */
export const WANTED_MAX_PRICE_CENTS = 10_000_000;
export const WANTED_PAGE_SIZE = 20;
export const WANTED_PAGE_MAX = 50;

export const WANTED_MESSAGES = {
  typeRequired: 'Escolha o tipo: aluguel, comida ou serviço',
  titleRequired: 'Escreva o que você procura',
  titleTooLong: `O título deve ter no máximo ${WANTED_TITLE_MAX_LENGTH} caracteres`,
  descriptionTooLong: `A descrição deve ter no máximo ${WANTED_DESCRIPTION_MAX_LENGTH} caracteres`,
  invalidMaxPrice: 'O preço máximo deve ser maior que zero',
  invalidDate: 'Data inválida',
  datesOnlyForRentals: 'Datas só valem para pedidos de aluguel',
  endBeforeStart: 'A data final não pode ser antes da data inicial',
  pastDate: 'As datas não podem estar no passado',
  searchTooLong: `A busca deve ter no máximo ${SEARCH_MAX_LENGTH} caracteres`,
  invalidCursor: 'Página inválida',
  notFound: 'Pedido não encontrado',
  notAuthor: 'Só quem publicou o pedido pode fazer isso.',
  listingNotFound: 'Anúncio não encontrado',
  created: 'Pedido publicado! Os vizinhos já podem ver.',
  updated: 'Pedido atualizado!',
  deleted: 'Pedido excluído!',
  renewed: 'Pedido renovado por mais 14 dias!',
  alreadyRenewed: 'Este pedido já foi renovado uma vez.',
  foundClosed: 'Que bom! Pedido encerrado.',
  closed: 'Este pedido já foi encerrado.',
  expired: 'Este pedido expirou.',
  ownRequest: 'Você não pode responder ao seu próprio pedido.',
  notYourListing: 'Escolha um anúncio seu.',
  listingNotActive: 'Escolha um anúncio ativo: este não está visível para os vizinhos.',
  alreadyOffered: 'Você já ofereceu este anúncio para este pedido.',
  offered: 'Oferta enviada! Quem procura vai ser avisado.',
} as const;

/** The author's notice of an offer (spec: '{nome} tem o que você procura'). */
export const WANTED_NOTIFICATIONS = {
  offer: (offererName: string, listingTitle: string, requestTitle: string) => ({
    title: `${offererName} tem o que você procura`,
    message: `"${listingTitle}" para o seu pedido "${requestTitle}"`,
  }),
} as const;

export const wantedIdSchema = z.uuid({ message: WANTED_MESSAGES.notFound });

const isoDate = z.iso.date({ message: WANTED_MESSAGES.invalidDate });
const optionalDate = z
  .union([isoDate, z.literal(''), z.null()])
  .optional()
  .transform((date) => (date ? date : null));

/** What the author writes. */
const wantedFieldShapes = {
    type: z.enum(LISTING_TYPES, { error: WANTED_MESSAGES.typeRequired }),
    title: z.string({ error: WANTED_MESSAGES.titleRequired }).trim().min(1, WANTED_MESSAGES.titleRequired).max(WANTED_TITLE_MAX_LENGTH, WANTED_MESSAGES.titleTooLong),
    description: z
      .string()
      .trim()
      .max(WANTED_DESCRIPTION_MAX_LENGTH, WANTED_MESSAGES.descriptionTooLong)
      .nullish()
      .transform((description) => description ?? ''),
    startDate: optionalDate,
    endDate: optionalDate,
    maxPriceCents: z
      .number({ error: WANTED_MESSAGES.invalidMaxPrice })
      .int(WANTED_MESSAGES.invalidMaxPrice)
      .min(1, WANTED_MESSAGES.invalidMaxPrice)
      .max(WANTED_MAX_PRICE_CENTS, WANTED_MESSAGES.invalidMaxPrice)
      .nullish()
      .transform((cents) => cents ?? null),
};

/** One date alone is a single day; dates only for a rental, the end not before the start (the past is checked against today: wanted.rules.ts). */
function withDateRules<S extends z.ZodType<{ type: string; startDate: string | null; endDate: string | null }>>(schema: S) {
  return schema
    .transform((fields) => ({ ...fields, startDate: fields.startDate ?? fields.endDate, endDate: fields.endDate ?? fields.startDate }))
    .refine((fields) => fields.type === 'rental' || fields.startDate === null, { message: WANTED_MESSAGES.datesOnlyForRentals, path: ['startDate'] })
    .refine((fields) => fields.startDate === null || fields.endDate! >= fields.startDate, { message: WANTED_MESSAGES.endBeforeStart, path: ['endDate'] });
}

export const createWantedSchema = withDateRules(z.object(wantedFieldShapes));
export type CreateWantedInput = z.input<typeof createWantedSchema>;
export type WantedFields = z.output<typeof createWantedSchema>;

/** An edit: the same fields and the request. */
export const updateWantedSchema = withDateRules(z.object({ id: wantedIdSchema, ...wantedFieldShapes }));
export type UpdateWantedInput = z.input<typeof updateWantedSchema>;

export const wantedByIdSchema = z.object({ id: wantedIdSchema });

/** 'Eu tenho' with one of the neighbour's active listings. */
export const offerWantedSchema = z.object({ requestId: wantedIdSchema, listingId: z.uuid({ message: WANTED_MESSAGES.listingNotFound }) });
export type OfferWantedInput = z.input<typeof offerWantedSchema>;

/** The list: everyone's open requests, or the author's own ('Meus pedidos'), newest first. */
export const listWantedSchema = z.object({
  search: z
    .string()
    .trim()
    .max(SEARCH_MAX_LENGTH, WANTED_MESSAGES.searchTooLong)
    .nullish()
    .transform((search) => (search ? search : null)),
  type: z.enum(LISTING_TYPES).nullish().transform((type) => type ?? null),
  mine: z.boolean().default(false),
  cursor: z.uuid({ message: WANTED_MESSAGES.invalidCursor }).nullish().transform((cursor) => cursor ?? null),
  limit: z.number().int().min(1).max(WANTED_PAGE_MAX).default(WANTED_PAGE_SIZE),
});
export type ListWantedInput = z.input<typeof listWantedSchema>;

// ---- What the API returns ----

const personSchema = z.object({ id: z.string(), fullName: z.string(), apartment: z.string().nullable(), avatarUrl: z.string().nullable() });

export const wantedRequestSchema = z.object({
  id: z.string(),
  type: z.enum(LISTING_TYPES),
  title: z.string(),
  description: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  maxPriceCents: z.number().int().nullable(),
  status: z.enum(WANTED_STATUSES),
  canRenew: z.boolean(),
  expiresAt: z.date(),
  createdAt: z.date(),
  author: personSchema,
  isAuthor: z.boolean(),
  /** Offers the viewer can see: the author, every one told to them; anyone else, their own. */
  offerCount: z.number().int(),
});
export type WantedRequest = z.infer<typeof wantedRequestSchema>;

export const wantedPageSchema = z.object({ items: z.array(wantedRequestSchema), nextCursor: z.string().nullable() });
export type WantedPage = z.infer<typeof wantedPageSchema>;

export const wantedOfferSchema = z.object({
  id: z.string(),
  listing: z.object({ id: z.string(), type: z.enum(LISTING_TYPES), title: z.string(), priceCents: z.number().int(), priceUnit: z.enum(PRICE_UNITS) }),
  offerer: personSchema,
  createdAt: z.date(),
  /** The listing waits for the administration's approval (only its owner sees such an offer). */
  awaitingApproval: z.boolean(),
  /** Neighbours can open and order the listing now. */
  available: z.boolean(),
});
export type WantedOffer = z.infer<typeof wantedOfferSchema>;

export const wantedDetailSchema = wantedRequestSchema.extend({ offers: z.array(wantedOfferSchema) });
export type WantedDetail = z.infer<typeof wantedDetailSchema>;

export const createWantedOutputSchema = z.object({ id: z.string(), message: z.string() });
export const renewWantedOutputSchema = z.object({ message: z.string(), expiresAt: z.date() });
