import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { defaultReasonFor, type ErrorReason } from '@vizinhanca/shared/errors/error-reason';
import { INVITE_MESSAGES } from '@vizinhanca/shared/invites/invite.schema';
import { ORDER_MESSAGES } from '@vizinhanca/shared/orders/order.schema';
import { LISTING_MESSAGES } from '@vizinhanca/shared/listings/listing.schema';
import { REVIEW_MESSAGES } from '@vizinhanca/shared/reviews/review.schema';
import { REPORT_MESSAGES } from '@vizinhanca/shared/reports/report.schema';
import { BLOCK_MESSAGES } from '@vizinhanca/shared/blocks/block.schema';
import { HANDOVER_MESSAGES } from '@vizinhanca/shared/orders/handover-condition.schema';
import { FORNADA_MESSAGES } from '@vizinhanca/shared/fornadas/fornada.schema';
import { PROBLEM_MESSAGES } from '@vizinhanca/shared/orders/order-problem.schema';
import { WANTED_MESSAGES } from '@vizinhanca/shared/wanted/wanted.schema';
import { DEPOSIT_MESSAGES } from '@vizinhanca/shared/deposits/deposit.constants';

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

export const DATABASE_UNAVAILABLE_MESSAGE = 'O serviço está fora do ar por um instante. Tente novamente em alguns segundos.';
/** What a client is told to wait (Retry-After, in seconds) while the database is away: a restart takes about this long. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Node's codes for a connection that could not be made or was cut. */
const CONNECTION_ERROR_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/** Postgres shutting down or starting (57P01-57P03), out of connections (53300), and any connection exception (class 08). */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** What pg and its pool say when a connection is refused, cut or not handed out in time. */
const CONNECTION_ERROR_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|connection error|Connection refused/i;

/** Whether this error (or one it wraps) says the database could not be reached, as opposed to a query that failed. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && CONNECTION_ERROR_MESSAGES.test(message)) return true;
  // Node reports a refused connection to a name with several addresses (localhost: ::1 and 127.0.0.1) as an AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

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
  listings_pickup_window_check: { message: LISTING_MESSAGES.pickupWindowOrder, reason: 'INVALID_INPUT' },
  reviews_order_role_key: { message: REVIEW_MESSAGES.alreadyReviewed, reason: 'DUPLICATE' },
  reviews_participants_check: { message: REVIEW_MESSAGES.notParticipant, reason: 'FORBIDDEN' },
  // A second open report of the same thing by the same person (two taps at once included).
  reports_one_open_listing_idx: { message: REPORT_MESSAGES.alreadyOpen, reason: 'DUPLICATE' },
  reports_one_open_person_idx: { message: REPORT_MESSAGES.alreadyOpen, reason: 'DUPLICATE' },
  reports_one_open_request_idx: { message: REPORT_MESSAGES.alreadyOpen, reason: 'DUPLICATE' },
  wanted_requests_title_check: { message: WANTED_MESSAGES.titleRequired, reason: 'INVALID_INPUT' },
  wanted_requests_max_price_check: { message: WANTED_MESSAGES.invalidMaxPrice, reason: 'INVALID_INPUT' },
  wanted_requests_renewals_check: { message: WANTED_MESSAGES.alreadyRenewed, reason: 'CONFLICT' },
  wanted_offers_own_listing_check: { message: WANTED_MESSAGES.notYourListing, reason: 'FORBIDDEN' },
  wanted_offers_not_own_request_check: { message: WANTED_MESSAGES.ownRequest, reason: 'FORBIDDEN' },
  reports_not_self_check: { message: REPORT_MESSAGES.self, reason: 'FORBIDDEN' },
  // A message is reported once, by its recipient (two taps at once included).
  reports_one_message_idx: { message: REPORT_MESSAGES.messageAlreadyReported, reason: 'DUPLICATE' },
  // A second open problem on the same order (two taps, or both people at once).
  order_problems_one_open_key: { message: PROBLEM_MESSAGES.alreadyOpen, reason: 'DUPLICATE' },
  user_blocks_not_self_check: { message: BLOCK_MESSAGES.self, reason: 'INVALID_INPUT' },
  // Hand-over condition: at most five photos per order and stage, each photo used once, one record per stage.
  order_handover_photos_position_check: { message: HANDOVER_MESSAGES.tooManyPhotos, reason: 'INVALID_INPUT' },
  order_handover_photos_pkey: { message: HANDOVER_MESSAGES.tooManyPhotos, reason: 'INVALID_INPUT' },
  order_handover_photos_image_id_key: { message: HANDOVER_MESSAGES.photoNotFound, reason: 'INVALID_INPUT' },
  order_handover_conditions_pkey: { message: HANDOVER_MESSAGES.alreadyRecorded, reason: 'CONFLICT' },
  order_handover_conditions_note_check: { message: HANDOVER_MESSAGES.noteTooLong, reason: 'INVALID_INPUT' },
  // Fornadas: the service gives these first; a reservation racing past its checks reads the same.
  fornadas_sold_out: { message: FORNADA_MESSAGES.soldOut, reason: 'CONFLICT' },
  fornadas_closed: { message: FORNADA_MESSAGES.closed, reason: 'CONFLICT' },
  fornadas_portions_check: { message: FORNADA_MESSAGES.invalidPortions, reason: 'INVALID_INPUT' },
  fornadas_window_check: { message: FORNADA_MESSAGES.windowOrder, reason: 'INVALID_INPUT' },
  fornadas_deadline_check: { message: FORNADA_MESSAGES.deadlineAfterDay, reason: 'INVALID_INPUT' },
  fornadas_listing_day_key: { message: FORNADA_MESSAGES.sameDay, reason: 'DUPLICATE' },
  fornada_followers_not_self_check: { message: FORNADA_MESSAGES.followSelf, reason: 'INVALID_INPUT' },
  orders_fornada_fixed: { message: FORNADA_MESSAGES.notFound, reason: 'CONFLICT' },
  listings_deposit_cents_check: { message: DEPOSIT_MESSAGES.invalidAmount, reason: 'INVALID_INPUT' },
  orders_deposit_cents_check: { message: DEPOSIT_MESSAGES.invalidAmount, reason: 'INVALID_INPUT' },
  // Two records of one order's deposit at once: the first stays.
  deposit_settlements_pkey: { message: DEPOSIT_MESSAGES.alreadySettled, reason: 'CONFLICT' },
  deposit_settlements_retained_check: { message: DEPOSIT_MESSAGES.retainedRequired, reason: 'INVALID_INPUT' },
  deposit_settlements_reason_check: { message: DEPOSIT_MESSAGES.reasonRequired, reason: 'INVALID_INPUT' },
  deposit_settlement_photos_image_id_key: { message: DEPOSIT_MESSAGES.invalidPhoto, reason: 'INVALID_INPUT' },
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
