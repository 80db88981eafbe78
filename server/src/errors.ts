import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import { LISTING_MESSAGES } from '@vizinhanca/shared/listings/listing.schema';
import { REVIEW_MESSAGES } from '@vizinhanca/shared/reviews/review.schema';

/**
 * The one error type services throw: a tRPC code and the pt-BR message the user sees.
 * Anything else that escapes a procedure becomes an opaque internal error.
 */
export class AppError extends TRPCError {
  constructor(
    code: TRPC_ERROR_CODE_KEY,
    readonly userMessage: string,
    readonly details?: Record<string, unknown>,
  ) {
    super({ code, message: userMessage });
    this.name = 'AppError';
  }
}

export const GENERIC_ERROR_MESSAGE = 'Algo deu errado. Tente novamente em instantes.';

export const ACCESS_MESSAGES = {
  unauthenticated: 'Não autenticado',
  notApproved: 'Seu cadastro ainda não foi aprovado pela administração.',
  suspended: 'Sua conta está suspensa. Procure a administração do condomínio.',
  forbidden: 'Você não tem permissão para fazer isso.',
} as const;

/** Unique and check violations that a user can cause, by constraint name, in pt-BR. */
const CONSTRAINT_MESSAGES: Record<string, string> = {
  users_email_key: 'Este e-mail já está cadastrado.',
  users_cpf_key: 'Este CPF já está cadastrado.',
  // The shared schema refuses these first; if it ever drifts from the table, the
  // database still answers with the form's message instead of an opaque error.
  listings_title_check: 'Preencha todos os campos obrigatórios',
  listings_description_check: 'Preencha todos os campos obrigatórios',
  listings_price_check: 'Insira um preço válido',
  listings_delivery_options_check: 'Selecione pelo menos uma opção de entrega',
  // Two orders holding one rental day: the exclusion constraint's refusal reads as the dialog's message.
  orders_rental_overlap_excl: ORDER_MESSAGES.invalidPeriod,
  orders_period_check: ORDER_MESSAGES.invalidPeriod,
  orders_not_own_listing_check: ORDER_MESSAGES.ownListing,
  orders_delivery_needs_address_check: ORDER_MESSAGES.addressRequired,
  orders_scheduled_check: ORDER_MESSAGES.scheduleRequired,
  orders_quantity_check: ORDER_MESSAGES.invalidQuantity,
  orders_blocked_day_excl: ORDER_MESSAGES.invalidPeriod,
  listing_blocked_days_booked_excl: LISTING_MESSAGES.blockedDayBooked,
  orders_quantity_portions_check: ORDER_MESSAGES.invalidQuantity,
  listings_max_portions_check: LISTING_MESSAGES.invalidPortions,
  reviews_order_id_key: REVIEW_MESSAGES.alreadyReviewed,
  reviews_order_role_key: REVIEW_MESSAGES.alreadyReviewed,
  reviews_participants_check: REVIEW_MESSAGES.notParticipant,
};

interface PgError {
  code?: string;
  constraint?: string;
}

/** Postgres' SQLSTATE for exclusion_violation: a row overlapping one the constraint excludes. */
export const EXCLUSION_VIOLATION = '23P01';

/** Whether this is the pg error with this SQLSTATE raised by this constraint. */
export function isConstraintViolation(error: unknown, code: string, constraint: string): boolean {
  const pgError = error as PgError | null;
  return Boolean(pgError && pgError.code === code && pgError.constraint === constraint);
}

/** A database error a user caused (a duplicate, say), turned into its message; null for anything else. */
export function userMessageForDatabaseError(error: unknown): string | null {
  const pgError = error as PgError;
  if (!pgError || typeof pgError.code !== 'string') return null;
  if (pgError.constraint && CONSTRAINT_MESSAGES[pgError.constraint]) return CONSTRAINT_MESSAGES[pgError.constraint]!;
  return null;
}
