import { formatCalendarDate } from '../format/format.ts';

// The texts of the automatic reminders and notices (decisions.md "Notifications", "Orders", "Listings").

export const ORDER_EXPIRED_REASON = 'Expirado sem resposta';

export const REMINDER_NOTIFICATIONS = {
  /** The day before an approved rental starts, to the requester. */
  pickupRequester: (listingTitle: string, ownerName: string) => ({
    title: 'Lembrete de retirada',
    message: `Amanhã começa o seu aluguel de "${listingTitle}". Combine a retirada com ${ownerName}.`,
  }),
  /** The day before an approved rental starts, to the owner. */
  pickupOwner: (listingTitle: string, requesterName: string) => ({
    title: 'Lembrete de entrega',
    message: `Amanhã ${requesterName} retira "${listingTitle}". Combine a entrega.`,
  }),
  /** The day before an in-progress rental ends, to the requester. */
  returnTomorrow: (listingTitle: string, ownerName: string, endDate: string) => ({
    title: 'Devolução amanhã',
    message: `A devolução de "${listingTitle}" a ${ownerName} é amanhã (${formatCalendarDate(endDate)}).`,
  }),
  /** The day an in-progress rental ends, to the requester. */
  returnToday: (listingTitle: string, ownerName: string) => ({
    title: 'Devolução hoje',
    message: `Hoje é o último dia do aluguel de "${listingTitle}". Devolva o item a ${ownerName}.`,
  }),
  /** The day after an in-progress rental ended, to the requester. */
  overdueRequester: (listingTitle: string, ownerName: string, endDate: string) => ({
    title: 'Devolução atrasada',
    message: `A devolução de "${listingTitle}" era em ${formatCalendarDate(endDate)}. Devolva o item a ${ownerName} o quanto antes.`,
  }),
  /** The day after an in-progress rental ended, to the owner. */
  overdueOwner: (listingTitle: string, requesterName: string, endDate: string) => ({
    title: 'Devolução atrasada',
    message: `${requesterName} ainda não devolveu "${listingTitle}" (a devolução era em ${formatCalendarDate(endDate)}). Se já recebeu o item, conclua o pedido.`,
  }),
  /** A pending order cancelled by its deadline, to the requester. */
  expiredRequester: (listingTitle: string) => ({
    title: 'Pedido expirado',
    message: `Seu pedido de "${listingTitle}" foi cancelado: ${ORDER_EXPIRED_REASON.toLowerCase()} do anunciante.`,
  }),
  /** A pending order cancelled by its deadline, to the owner. */
  expiredOwner: (listingTitle: string, requesterName: string) => ({
    title: 'Pedido expirado',
    message: `O pedido de ${requesterName} para "${listingTitle}" foi cancelado: ${ORDER_EXPIRED_REASON.toLowerCase()}.`,
  }),
  /** 7 days or fewer before a listing expires, to its owner. */
  listingExpiring: (listingTitle: string, daysLeft: number) => ({
    title: 'Anúncio perto de expirar',
    message: `Seu anúncio "${listingTitle}" expira ${daysLeft <= 0 ? 'hoje' : daysLeft === 1 ? 'amanhã' : `em ${daysLeft} dias`}. Renove para mantê-lo visível.`,
  }),
  /** When a listing expires, to its owner. */
  listingExpired: (listingTitle: string) => ({
    title: 'Anúncio expirado',
    message: `Seu anúncio "${listingTitle}" expirou e não aparece mais para os vizinhos. Renove para publicá-lo de novo.`,
  }),
} as const;

/** Reminders go out from this hour of the condominium's day, not in the middle of the night. */
export const REMINDER_FROM_HOUR = 8;

/** A pending order the owner has not answered in this many hours is cancelled. */
export const ORDER_ANSWER_HOURS = 48;
