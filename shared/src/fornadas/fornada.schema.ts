import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';
import { DELIVERY_OPTIONS } from '../listings/listing.schema.ts';
import { createOrderSchema, ORDER_STATUSES } from '../orders/order.schema.ts';
import { FORNADA_CARDS_MAX, FORNADA_PORTIONS_MAX, FORNADA_PORTIONS_MIN, fornadaLabel, portionsText } from './fornada.rules.ts';

// Fornadas: the inputs the seller's form, the reservation and the server check, their
// pt-BR messages, and what the API answers.

export const FORNADA_MESSAGES = {
  notFound: 'Fornada não encontrada',
  listingNotFound: 'Prato não encontrado',
  notSeller: 'Somente o anunciante deste prato pode fazer isso.',
  notFood: 'Só pratos de comida podem ter fornadas.',
  listingNotActive: 'O prato precisa estar publicado e ativo para abrir uma fornada.',
  invalidDay: 'Informe o dia da fornada',
  invalidTime: 'Informe o horário no formato 00:00',
  dayInPast: 'O dia da fornada já passou. Escolha hoje ou um dia futuro.',
  windowOrder: 'O fim do horário deve ser depois do início.',
  invalidPortions: `A fornada deve ter de ${FORNADA_PORTIONS_MIN} a ${FORNADA_PORTIONS_MAX} porções`,
  deadlineAfterDay: 'O prazo das encomendas deve terminar antes do início da fornada.',
  deadlinePast: 'O prazo das encomendas já passou. Escolha um horário futuro.',
  sameDay: 'Este prato já tem uma fornada neste dia.',
  opened: 'Fornada aberta! Quem segue você foi avisado.',
  soldOut: 'Esgotado',
  notEnough: (remaining: number) => `Só ${remaining === 1 ? 'resta' : 'restam'} ${portionsText(remaining)} nesta fornada.`,
  closed: 'As encomendas desta fornada já encerraram.',
  ownFornada: 'Você não pode reservar da sua própria fornada.',
  reserved: 'Reserva feita! Combine a entrega com o anunciante pela conversa do pedido.',
  allDelivered: (count: number) => (count === 1 ? '1 reserva marcada como entregue.' : `${count} reservas marcadas como entregues.`),
  nothingToDeliver: 'Não há reservas a entregar nesta fornada.',
  followed: 'Pronto! Avisaremos você das próximas fornadas.',
  unfollowed: 'Você não será mais avisado das fornadas.',
  followSelf: 'Você não pode seguir a si mesmo.',
  sellerNotFound: 'Anunciante não encontrado',
  tooManyListings: `Peça no máximo ${FORNADA_CARDS_MAX} pratos de uma vez.`,
  edited: 'Fornada alterada.',
  notOpen: 'As encomendas desta fornada já encerraram: ela não pode mais ser alterada.',
  belowReserved: (reserved: number) =>
    `${reserved === 1 ? 'Já foi reservada 1 porção' : `Já foram reservadas ${reserved} porções`}: a fornada não pode ter menos porções do que isso.`,
  cancelled: 'Fornada cancelada. Quem reservou foi avisado.',
  dayOver: 'O dia desta fornada já passou: ela não pode mais ser cancelada.',
  /** The reason on each cancelled reservation ('Motivo do cancelamento'). */
  cancelledReason: 'O anunciante cancelou a fornada.',
} as const;

/** The notifications of a batch: to followers when it opens, to the seller when a reservation comes and when it closes. */
export const FORNADA_NOTIFICATIONS = {
  opened: (o: { sellerName: string; listingTitle: string; when: string }) => ({
    title: 'Nova fornada!',
    message: `${o.sellerName} abriu uma fornada de "${o.listingTitle}": ${o.when}.`,
  }),
  reserved: (o: { requesterName: string; listingTitle: string; quantity: number }) => ({
    title: 'Nova reserva na fornada',
    message: `${o.requesterName} reservou ${portionsText(o.quantity)} de "${o.listingTitle}".`,
  }),
  closed: (o: { listingTitle: string; reservedPortions: number; portions: number }) => ({
    title: 'Fornada encerrada',
    message: `As encomendas de "${o.listingTitle}" encerraram: ${o.reservedPortions} de ${portionsText(o.portions)} reservadas. Veja a lista da fornada.`,
  }),
  changed: (o: { sellerName: string; listingTitle: string; when: string }) => ({
    title: 'Fornada alterada',
    message: `${o.sellerName} mudou o horário da fornada de "${o.listingTitle}": ${o.when}. Sua reserva continua valendo.`,
  }),
  cancelled: (o: { sellerName: string; listingTitle: string; day: string }) => ({
    title: 'Fornada cancelada',
    message: `${o.sellerName} cancelou a fornada de "${o.listingTitle}" (${fornadaLabel(o.day)}). Sua reserva foi cancelada.`,
  }),
  reminder: (o: { listingTitle: string; when: string }) => ({
    title: 'Hoje é dia de fornada',
    message: `Sua reserva de "${o.listingTitle}" é hoje: ${o.when}.`,
  }),
} as const;

const dayField = z.iso.date({ message: FORNADA_MESSAGES.invalidDay });
const timeField = z.string({ error: FORNADA_MESSAGES.invalidTime }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, FORNADA_MESSAGES.invalidTime);

/** The seller's form: the day and window, the portions, and until when orders are taken (all on the condominium's clock). */
const fornadaTermsSchema = z.object({
  day: dayField,
  windowStart: timeField,
  windowEnd: timeField,
  portions: z
    .number({ error: FORNADA_MESSAGES.invalidPortions })
    .int(FORNADA_MESSAGES.invalidPortions)
    .min(FORNADA_PORTIONS_MIN, FORNADA_MESSAGES.invalidPortions)
    .max(FORNADA_PORTIONS_MAX, FORNADA_MESSAGES.invalidPortions),
  deadlineDay: dayField,
  deadlineTime: timeField,
});
export type FornadaTerms = z.infer<typeof fornadaTermsSchema>;

function refineTerms(input: FornadaTerms, ctx: z.RefinementCtx) {
  if (input.windowEnd <= input.windowStart) ctx.addIssue({ code: 'custom', path: ['windowEnd'], message: FORNADA_MESSAGES.windowOrder });
  // Same zone on both sides: the wall-clock texts compare as the instants do.
  if (`${input.deadlineDay}T${input.deadlineTime}` > `${input.day}T${input.windowStart}`) {
    ctx.addIssue({ code: 'custom', path: ['deadlineDay'], message: FORNADA_MESSAGES.deadlineAfterDay });
  }
}

export const openFornadaSchema = fornadaTermsSchema.extend({ listingId: z.uuid({ message: FORNADA_MESSAGES.listingNotFound }) }).superRefine(refineTerms);
export type OpenFornadaInput = z.infer<typeof openFornadaSchema>;

/** The seller changes an open batch: the same form, filled with what it has. */
export const editFornadaSchema = fornadaTermsSchema.extend({ id: z.uuid({ message: FORNADA_MESSAGES.notFound }) }).superRefine(refineTerms);
export type EditFornadaInput = z.infer<typeof editFornadaSchema>;

/** A resident's reservation: how many portions, and how they get them (the order dialog's own fields and messages). */
export const reserveFornadaSchema = createOrderSchema
  .pick({ quantity: true, deliveryMethod: true, deliveryAddress: true, message: true })
  .extend({ fornadaId: z.uuid({ message: FORNADA_MESSAGES.notFound }) });
export type ReserveFornadaInput = z.output<typeof reserveFornadaSchema>;

export const fornadaByIdSchema = z.object({ id: z.uuid({ message: FORNADA_MESSAGES.notFound }) });
export const fornadasOfListingSchema = z.object({ listingId: z.uuid({ message: FORNADA_MESSAGES.listingNotFound }) });
export const fornadasForCardsSchema = z.object({
  listingIds: z.array(z.uuid({ message: FORNADA_MESSAGES.listingNotFound })).max(FORNADA_CARDS_MAX, FORNADA_MESSAGES.tooManyListings),
});
export const followSellerSchema = z.object({ sellerId: z.uuid({ message: FORNADA_MESSAGES.sellerNotFound }), following: z.boolean() });

// ---- What the API returns ----

export const fornadaSchema = z.object({
  id: z.string(),
  listingId: z.string(),
  day: z.string(),
  startsAt: z.date(),
  endsAt: z.date(),
  orderDeadline: z.date(),
  portions: z.number().int(),
  remaining: z.number().int(),
  closedAt: z.date().nullable(),
});
export type Fornada = z.infer<typeof fornadaSchema>;

/** The batches of one dish still ahead (the seller also sees the ones that closed recently), and whether the caller follows its seller. */
export const listingFornadasSchema = z.object({
  sellerId: z.string(),
  isSeller: z.boolean(),
  following: z.boolean(),
  fornadas: z.array(fornadaSchema),
});
export type ListingFornadas = z.infer<typeof listingFornadasSchema>;

/** The food cards: the next batch of each dish that has one. */
export const fornadaCardsSchema = z.array(z.object({ listingId: z.string(), remaining: z.number().int(), takingReservations: z.boolean() }));
export type FornadaCards = z.infer<typeof fornadaCardsSchema>;

/** 'Lista da fornada': who ordered how many, delivery or pickup, and the total. */
export const fornadaOrderListSchema = z.object({
  fornada: fornadaSchema.extend({ listingTitle: z.string() }),
  items: z.array(
    z.object({
      orderId: z.string(),
      fullName: z.string(),
      apartment: z.string().nullable(),
      quantity: z.number().int(),
      deliveryMethod: z.enum(DELIVERY_OPTIONS),
      deliveryAddress: z.string().nullable(),
      totalCents: z.number().int(),
      status: z.enum(ORDER_STATUSES),
    }),
  ),
  totalPortions: z.number().int(),
  totalCents: z.number().int(),
});
export type FornadaOrderList = z.infer<typeof fornadaOrderListSchema>;

export const followAnswerSchema = z.object({ following: z.boolean(), message: z.string() });
export const openFornadaAnswerSchema = z.object({ id: z.string(), message: z.string() });
export const reserveAnswerSchema = z.object({ orderId: z.string(), message: z.string() });
