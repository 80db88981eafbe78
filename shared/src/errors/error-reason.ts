/**
 * Stable reason codes that travel with every error the API answers (error.data.reason).
 * Clients branch on these, never on message texts: one message can have several
 * causes (the rental dialog's "Período inválido" covers days taken, a period too
 * long and a start in the past).
 */
export const ERROR_REASONS = [
  // Access
  'UNAUTHENTICATED',
  'NOT_APPROVED',
  'SUSPENDED',
  'FORBIDDEN',
  // Generic, by tRPC code, when nothing more precise applies
  'INVALID_INPUT',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
  'UNAVAILABLE',
  // Sign-in and password
  'LOGIN_THROTTLED',
  'CURRENT_PASSWORD_WRONG',
  // Orders
  'ORDER_DAYS_TAKEN',
  'ORDER_PERIOD_REQUIRED',
  'ORDER_PERIOD_TOO_LONG',
  'ORDER_PERIOD_IN_PAST',
  'ORDER_DUPLICATE_PENDING',
  // Database rules a user can run into
  'DUPLICATE',
  // The viewer blocked the person behind what they asked for (the screen says where to undo it)
  'BLOCKED_BY_ME',
] as const;

export type ErrorReason = (typeof ERROR_REASONS)[number];

const REASON_BY_CODE: Record<string, ErrorReason> = {
  UNAUTHORIZED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  BAD_REQUEST: 'INVALID_INPUT',
  PARSE_ERROR: 'INVALID_INPUT',
  UNPROCESSABLE_CONTENT: 'INVALID_INPUT',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  SERVICE_UNAVAILABLE: 'UNAVAILABLE',
};

/** The reason an error of this tRPC code carries when its thrower named none. */
export function defaultReasonFor(code: string): ErrorReason {
  return REASON_BY_CODE[code] ?? 'INTERNAL';
}
