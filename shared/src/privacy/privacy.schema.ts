import { z } from 'zod';
// Configures Zod (pt-BR messages, no eval under the CSP) wherever a schema is defined.
import '../validation/zod-locale.ts';

const rows = z.array(z.record(z.string(), z.unknown()));

/** 'Baixar meus dados': everything the app holds about the person, as JSON. */
export const personalDataExportSchema = z.object({
  exportedAt: z.string(),
  condominium: z.string(),
  account: z.record(z.string(), z.unknown()),
  roles: rows,
  sessions: rows,
  loginAttempts: rows,
  notifications: rows,
  images: rows,
  listings: rows,
  orders: rows,
  /** The items' condition at their rentals' hand-over and return (note, photo ids, confirmation). */
  handoverConditions: rows,
  /** Deposit records of their orders, as owner or requester. */
  deposits: rows,
  /** Problems on their orders, whoever opened them. */
  problems: rows,
  /** The administration's messages answering those problems. */
  problemMessages: rows,
  reviews: rows,
  invitesSent: rows,
  messages: rows,
  favorites: rows,
  /** Reports the person made, never their outcome. */
  reportsMade: rows,
  /** People the person blocked. */
  peopleBlocked: rows,
  /** Their 'Procura-se' requests. */
  wantedRequests: rows,
  /** 'Eu tenho': offers they made, and offers made for their requests. */
  wantedOffers: rows,
  /** Sellers whose next batches they follow ('Avise-me das próximas fornadas'). */
  fornadasFollowed: rows,
  pixKeys: rows,
  billings: rows,
  notificationPreferences: rows,
  pushSubscriptions: rows,
});
export type PersonalDataExport = z.infer<typeof personalDataExportSchema>;

export const exportRequestSchema = z.object({}).optional();

/** The administration's copy of one person's data (LGPD requests made at the front desk). */
export const exportPersonRequestSchema = z.object({ userId: z.uuid({ message: 'Usuário não encontrado' }) });

/**
 * What anonymisation (LGPD) writes where a text of the person's must stay non-empty
 * (a listing other people's orders point to, a message in their conversation).
 */
export const ERASED_TEXTS = {
  listingTitle: 'Item removido',
  listingDescription: 'Anúncio removido',
  requestTitle: 'Pedido removido',
  message: 'Mensagem removida',
  deliveryAddress: 'Endereço removido',
  /** The reason of a deposit they retained (a retention always has one). */
  depositReason: 'Motivo removido',
  /** A reason of theirs quoted in someone else's notice ('Motivo: (removido)'). */
  quoted: '(removido)',
} as const;
