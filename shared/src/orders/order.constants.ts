import { formatCalendarDate } from '../format/format.ts';
import { pickupWindowText, type PickupWindow } from '../listings/listing.constants.ts';
import { noticeText } from '../listings/listing.rules.ts';

// Order values without Zod, for the order dialog (docs/decisions/013-first-screen.md): the
// detail screen loads the dialog right after it renders, and with order.schema.ts it brought Zod with it.
// order.schema.ts re-exports them.

// The values, limits and pt-BR messages both the order dialog and the server check
// (docs/product.md §10.8, §10.13, §10.15, §4.2, §11; docs/product.md §5).

export const ORDER_STATUSES = ['pending', 'approved', 'in_progress', 'completed', 'rejected', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Orders in these statuses hold their rental days: nobody else can book them (an exclusion constraint). */
export const BLOCKING_ORDER_STATUSES = ['pending', 'approved', 'in_progress'] as const satisfies readonly OrderStatus[];

/** /meus-pedidos tabs (docs/product.md §10.13): active = approved or in_progress; finished = completed, rejected or cancelled. */
export const MY_ORDER_TABS = ['all', 'pending', 'active', 'finished'] as const;
export type MyOrderTab = (typeof MY_ORDER_TABS)[number];

/** /gerenciar-pedidos tabs (docs/product.md §10.15), pending first: active = in_progress; finished = completed, rejected or cancelled. */
export const RECEIVED_ORDER_TABS = ['pending', 'approved', 'active', 'finished'] as const;
export type ReceivedOrderTab = (typeof RECEIVED_ORDER_TABS)[number];

export const ORDER_MESSAGE_MAX_LENGTH = 500;
export const ORDER_REASON_MAX_LENGTH = 500;
/** 'Bloco, apartamento, observações...': a few lines. */
export const DELIVERY_ADDRESS_MAX_LENGTH = 200;
/** Food portions per order (and the most a listing can offer per order). */
export const ORDER_QUANTITY_MIN = 1;
export const ORDER_QUANTITY_MAX = 99;
/** Hours of a service priced per hour, per order. */
export const ORDER_HOURS_MIN = 1;
export const ORDER_HOURS_MAX = 12;

/** '1 hora', '3 horas': a service's hours on the dialog, the cards and the owner's notice. */
export function hoursText(hours: number): string {
  return `${hours} ${hours === 1 ? 'hora' : 'horas'}`;
}

/** One page of the admin orders section ('Carregar mais' fetches the next). */
export const ADMIN_ORDERS_LIMIT = 20;

/** The cancellation reason of an open order whose person's account was closed (never 'por suspensão'). */
export const ACCOUNT_CLOSED_REASONS = {
  owner: 'Conta do anunciante encerrada',
  requester: 'Conta de quem fez o pedido encerrada',
} as const;

export const ORDER_MESSAGES = {
  // The order dialog (docs/product.md §4.2, exact texts where the spec gives them).
  periodRequired: 'Por favor, selecione o período de aluguel',
  invalidPeriod: 'Período inválido. Verifique se não há conflitos ou se está dentro dos limites (1-30 dias).',
  deliveryNotOffered: 'Esta forma de entrega não está disponível para este anúncio.',
  addressRequired: 'Informe o endereço de entrega',
  addressTooLong: `O endereço deve ter no máximo ${DELIVERY_ADDRESS_MAX_LENGTH} caracteres`,
  scheduleRequired: 'Informe a data e o horário',
  invalidSchedule: 'Data e horário inválidos',
  schedulePast: 'Escolha uma data e um horário no futuro',
  pickupRequired: 'Escolha quando você vai retirar: hoje ou amanhã, e o horário',
  pickupDay: 'A retirada deve ser hoje ou amanhã',
  pickupOutsideWindow: (window: PickupWindow) => `A retirada é ${pickupWindowText(window)}: escolha um horário nesse intervalo`,
  advanceNotice: (minimumNoticeHours: number) => `Este produto requer pelo menos ${noticeText(minimumNoticeHours)} de antecedência`,
  messageTooLong: `A mensagem deve ter no máximo ${ORDER_MESSAGE_MAX_LENGTH} caracteres`,
  reasonTooLong: `O motivo deve ter no máximo ${ORDER_REASON_MAX_LENGTH} caracteres`,
  ownListing: 'Você não pode pedir o seu próprio anúncio',
  invalidQuantity: `A quantidade deve ser de ${ORDER_QUANTITY_MIN} a ${ORDER_QUANTITY_MAX}`,
  invalidHours: `Escolha de ${ORDER_HOURS_MIN} a ${ORDER_HOURS_MAX} horas`,
  quantityAbovePortions: (maxPortions: number) => `Este anúncio aceita no máximo ${maxPortions} ${maxPortions === 1 ? 'porção' : 'porções'} por pedido`,
  /** A second pending order for the same listing and time: asked before sending. */
  duplicatePending: 'Você já tem um pedido pendente deste anúncio',
  listingUnavailable: 'Este anúncio não está disponível para pedidos.',
  invalidTab: 'Aba inválida',
  invalidStatus: 'Status inválido',
  // The lifecycle (docs/product.md): who may do what, from which status.
  notFound: 'Pedido não encontrado',
  notOwner: 'Somente o anunciante pode fazer isso.',
  notRequester: 'Somente quem fez o pedido pode cancelá-lo.',
  notPending: 'Este pedido não está mais pendente.',
  cannotCancel: 'Só é possível cancelar pedidos pendentes ou aprovados.',
  cannotDeliver: 'Só é possível marcar como entregue um pedido aprovado.',
  cannotComplete: 'Só é possível concluir um pedido em andamento.',
  listingRemoved: 'Este anúncio foi excluído: o pedido só pode ser rejeitado.',
  deliverBeforeStart: (startDate: string) => `O aluguel começa em ${formatCalendarDate(startDate)}: marque como entregue a partir desse dia.`,
  rentalInProgress: 'Este item já está com outro vizinho. Conclua o aluguel em andamento antes de entregar de novo.',
  // Toasts (docs/product.md §10.8 and 8).
  statusUpdated: 'Status atualizado!',
  adminStatusUpdated: 'Status do pedido atualizado!',
} as const;

/** What an order shows while the administration settles a problem on it. */
export const PROBLEM_OPEN_LABEL = 'Em análise';
