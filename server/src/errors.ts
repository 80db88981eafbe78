import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { defaultReasonFor, type ErrorReason } from '@vizinhanca/shared/errors/error-reason';
import { INVITE_MESSAGES } from '@vizinhanca/shared/invites/invite.schema';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import { LISTING_MESSAGES } from '@vizinhanca/shared/listings/listing.schema';
import { REVIEW_MESSAGES } from '@vizinhanca/shared/reviews/review.schema';

/**
 * The one error type services throw: a tRPC code, the pt-BR message the user sees
 * and a stable reason code that clients branch on (shared/src/errors/error-reason.ts).
 * Anything else that escapes a procedure becomes an opaque internal error.
 */
export class AppError extends TRPCError {
  readonly reason: ErrorReason;

  constructor(code: TRPC_ERROR_CODE_KEY, readonly userMessage: string, reason?: ErrorReason) {
    super({ code, message: userMessage });
    this.name = 'AppError';
    this.reason = reason ?? defaultReasonFor(code);
  }
}

export const GENERIC_ERROR_MESSAGE = 'Algo deu errado. Tente novamente em instantes.';

export const ACCESS_MESSAGES = {
  unauthenticated: 'Não autenticado',
  notApproved: 'Seu cadastro ainda não foi aprovado pela administração.',
  suspended: 'Sua conta está suspensa. Procure a administração do condomínio.',
  forbidden: 'Você não tem permissão para fazer isso.',
} as const;

interface DatabaseRefusal {
  message: string;
  reason: ErrorReason;
}

/** Unique and check violations that a user can cause, by constraint name, in pt-BR. */
const CONSTRAINT_REFUSALS: Record<string, DatabaseRefusal> = {
  users_email_key: { message: 'Este e-mail já está cadastrado.', reason: 'DUPLICATE' },
  users_cpf_key: { message: 'Este CPF já está cadastrado.', reason: 'DUPLICATE' },
  // The shared schema refuses these first; if it ever drifts from the table, the
  // database still answers with the form's message instead of an opaque error.
  listings_title_check: { message: 'Preencha todos os campos obrigatórios', reason: 'INVALID_INPUT' },
  listings_description_check: { message: 'Preencha todos os campos obrigatórios', reason: 'INVALID_INPUT' },
  listings_price_check: { message: 'Insira um preço válido', reason: 'INVALID_INPUT' },
  listings_delivery_options_check: { message: 'Selecione pelo menos uma opção de entrega', reason: 'INVALID_INPUT' },
  // Two orders holding one rental day: the exclusion constraint's refusal reads as the dialog's message.
  orders_rental_overlap_excl: { message: ORDER_MESSAGES.invalidPeriod, reason: 'ORDER_DAYS_TAKEN' },
  orders_period_check: { message: ORDER_MESSAGES.invalidPeriod, reason: 'ORDER_PERIOD_TOO_LONG' },
  orders_not_own_listing_check: { message: ORDER_MESSAGES.ownListing, reason: 'FORBIDDEN' },
  orders_delivery_needs_address_check: { message: ORDER_MESSAGES.addressRequired, reason: 'INVALID_INPUT' },
  orders_scheduled_check: { message: ORDER_MESSAGES.scheduleRequired, reason: 'INVALID_INPUT' },
  reviews_order_id_key: { message: REVIEW_MESSAGES.alreadyReviewed, reason: 'DUPLICATE' },
  orders_one_rental_in_progress: { message: ORDER_MESSAGES.rentalInProgress, reason: 'CONFLICT' },
  invites_pending_email_key: { message: INVITE_MESSAGES.alreadyPending, reason: 'DUPLICATE' },
  orders_quantity_check: { message: ORDER_MESSAGES.invalidQuantity, reason: 'INVALID_INPUT' },
  orders_blocked_day_excl: { message: ORDER_MESSAGES.invalidPeriod, reason: 'ORDER_DAYS_TAKEN' },
  listing_blocked_days_booked_excl: { message: LISTING_MESSAGES.blockedDayBooked, reason: 'CONFLICT' },
  orders_quantity_portions_check: { message: ORDER_MESSAGES.invalidQuantity, reason: 'INVALID_INPUT' },
  listings_max_portions_check: { message: LISTING_MESSAGES.invalidPortions, reason: 'INVALID_INPUT' },
  reviews_order_role_key: { message: REVIEW_MESSAGES.alreadyReviewed, reason: 'DUPLICATE' },
  reviews_participants_check: { message: REVIEW_MESSAGES.notParticipant, reason: 'FORBIDDEN' },
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

/** A database error a user caused (a duplicate, say), turned into its message and reason; null for anything else. */
export function refusalForDatabaseError(error: unknown): DatabaseRefusal | null {
  const pgError = error as PgError;
  if (!pgError || typeof pgError.code !== 'string' || !pgError.constraint) return null;
  return CONSTRAINT_REFUSALS[pgError.constraint] ?? null;
}
