import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import '@vizinhanca/shared/validation/zod-locale';
import { CONTROL_CHARACTERS_MESSAGE, findControlCharacters } from '@vizinhanca/shared/validation/text';
import type { Context } from './context.ts';
import { defaultReasonFor, type ErrorReason } from '@vizinhanca/shared/errors/error-reason';
import { accessRefusal, type AccessLevel } from './auth/access.ts';
import { ACCESS_MESSAGES, AppError, DATABASE_UNAVAILABLE_MESSAGE, GENERIC_ERROR_MESSAGE, isDatabaseUnavailable, refusalForDatabaseError } from './errors.ts';
import { procedureDuration, procedureErrors } from './observability/metrics.ts';
import { HTTP_MESSAGES, NEVER_BATCHED_PROCEDURES } from './http/hardening.ts';

interface ValidationIssue {
  message: string;
  path?: PropertyKey[] | readonly (PropertyKey | { key: PropertyKey })[];
}

function validationIssues(cause: unknown): ValidationIssue[] | null {
  const issues = (cause as { issues?: unknown })?.issues;
  return Array.isArray(issues) ? (issues as ValidationIssue[]) : null;
}

export interface UserFacingError {
  message: string;
  reason: ErrorReason;
  fieldErrors?: Record<string, string>;
}

/** The message and reason the user gets for any error a procedure throws: ours, a validation issue, or a generic one. */
export function userFacingError(error: TRPCError): UserFacingError {
  const { cause } = error;
  if (error instanceof AppError) return { message: error.userMessage, reason: error.reason };
  const issues = error.code === 'BAD_REQUEST' ? validationIssues(cause) : null;
  if (issues) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) {
      const key = (issue.path ?? []).map((part) => (typeof part === 'object' ? String(part.key) : String(part))).join('.');
      fieldErrors[key] ??= issue.message;
    }
    return { message: issues[0]?.message ?? 'Dados inválidos', reason: 'INVALID_INPUT', fieldErrors };
  }
  const refusal = refusalForDatabaseError(cause);
  if (refusal) return refusal;
  if (error.code === 'INTERNAL_SERVER_ERROR') return { message: GENERIC_ERROR_MESSAGE, reason: 'INTERNAL' };
  return { message: transportErrorMessage(error), reason: defaultReasonFor(error.code) };
}

/** What tRPC itself says (unknown procedure, bad JSON, too many calls...), in our words. */
const TRANSPORT_MESSAGES: Partial<Record<TRPCError['code'], string>> = {
  PARSE_ERROR: 'Não foi possível ler a requisição.',
  BAD_REQUEST: 'Requisição inválida.',
  NOT_FOUND: 'Esta função não existe.',
  METHOD_NOT_SUPPORTED: 'Método não permitido para esta função.',
  PAYLOAD_TOO_LARGE: 'A requisição é grande demais.',
  TOO_MANY_REQUESTS: 'Muitas solicitações em pouco tempo. Tente novamente em instantes.',
  UNAUTHORIZED: ACCESS_MESSAGES.unauthenticated,
  FORBIDDEN: ACCESS_MESSAGES.forbidden,
  UNSUPPORTED_MEDIA_TYPE: 'Formato de requisição não aceito.',
};

const OUR_ACCESS_MESSAGES = new Set<string>(Object.values(ACCESS_MESSAGES));

/**
 * Errors that are not ours (thrown by tRPC, Zod transformers, superjson) carry
 * English or internal text: the client gets a pt-BR message for the code instead.
 */
function transportErrorMessage(error: TRPCError): string {
  if (OUR_ACCESS_MESSAGES.has(error.message)) return error.message;
  return TRANSPORT_MESSAGES[error.code] ?? GENERIC_ERROR_MESSAGE;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // Subscriptions only over the websocket, where every message is checked against the session (liveCaller).
  sse: { enabled: false },
  // The client sees only pt-BR messages we wrote: never SQL, constraint names or stack traces.
  errorFormatter({ shape, error }) {
    const { message, reason, fieldErrors } = userFacingError(error);
    return {
      message,
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, reason, fieldErrors },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** The user and session a call runs as: on a websocket they are read again for every call. */
interface Caller {
  user: Context['user'];
  session: Context['session'];
}

/**
 * A websocket keeps one context for its whole life: every call on it checks the
 * session and the account again, so a logout, a suspension or a role change
 * elsewhere takes effect on the next message, not at the next connection.
 */
async function liveCaller(ctx: Context, path: string): Promise<Caller> {
  // Guesses, sign-ups and reset e-mails are counted one HTTP request at a time, by the address the proxy saw.
  if ((NEVER_BATCHED_PROCEDURES as readonly string[]).includes(path)) throw new AppError('BAD_REQUEST', HTTP_MESSAGES.notBatchable);
  // From the database, not the cache: a call on a socket (a subscription starting) is rare, and a change must count at once.
  const current = ctx.session ? await ctx.deps.sessions.revalidateId(ctx.session.id) : null;
  if (!current || accessRefusal(current.user, 'active')) {
    ctx.connection?.close();
    throw new AppError('UNAUTHORIZED', ACCESS_MESSAGES.unauthenticated, 'UNAUTHENTICATED');
  }
  return { user: current.user, session: current.session };
}

/**
 * A duplicate that races past a service's check is refused by a unique index;
 * it reaches the user as the same CONFLICT the check would have given. A database
 * that cannot be reached is a 503 the client may retry, not an opaque failure.
 */
function databaseRefusal(cause: unknown): AppError | null {
  if (isDatabaseUnavailable(cause)) return new AppError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE);
  const refusal = refusalForDatabaseError(cause);
  return refusal ? new AppError('CONFLICT', refusal.message, refusal.reason) : null;
}

interface CallOptions {
  ctx: Context;
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  getRawInput: () => Promise<unknown>;
}

/**
 * What every call passes before its procedure, in this order:
 * - it is timed and its errors counted by code (subscriptions: only their errors);
 * - on a websocket, its session is read again (liveCaller);
 * - no text field takes control characters (U+0000 would even reach Postgres as a 500);
 * - the caller must reach the procedure's access level (none for a public one);
 * - a database error, here or in the procedure, becomes the refusal the user reads (databaseRefusal).
 * One tRPC middleware rather than one per step: tRPC copies a call's options twice at each
 * middleware, about 9 µs of CPU per step and call.
 */
async function checkedCall<Result extends { ok: true } | { ok: false; error: TRPCError }>(
  { ctx, path, type, getRawInput }: CallOptions,
  level: AccessLevel | null,
  next: (caller: Caller) => Promise<Result>,
): Promise<Result> {
  const started = performance.now();
  let code = 'OK';
  try {
    const caller = ctx.transport === 'ws' ? await liveCaller(ctx, path) : { user: ctx.user, session: ctx.session };
    if (findControlCharacters(await getRawInput())) throw new AppError('BAD_REQUEST', CONTROL_CHARACTERS_MESSAGE, 'INVALID_INPUT');
    if (level) refuseUnless(caller, level);
    const result = await next(caller);
    if (!result.ok) {
      const refusal = databaseRefusal(result.error.cause);
      if (refusal) throw refusal;
      code = result.error.code;
    }
    return result;
  } catch (error) {
    const thrown = databaseRefusal(error) ?? error;
    code = thrown instanceof TRPCError ? thrown.code : 'INTERNAL_SERVER_ERROR';
    throw thrown;
  } finally {
    if (type !== 'subscription') procedureDuration.observe({ procedure: path, type, code }, (performance.now() - started) / 1000);
    if (code !== 'OK') procedureErrors.inc({ procedure: path, code });
  }
}

function refuseUnless(caller: Caller, level: AccessLevel) {
  // Signed in means a session as well as a user: a procedure below may end or renew it.
  const refusal = caller.session ? accessRefusal(caller.user, level) : accessRefusal(null, level);
  if (refusal) throw new AppError(refusal.code, refusal.message, refusal.reason);
}

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use((options) =>
  checkedCall(options, null, (caller) => (options.ctx.transport === 'ws' ? options.next({ ctx: caller }) : options.next())),
);

/** A procedure for callers at this level: its context has their user and session. */
function procedureFor(level: AccessLevel) {
  return t.procedure.use((options) =>
    checkedCall(options, level, ({ user, session }) => {
      // refuseUnless let no call without both through.
      if (!user || !session) throw new AppError('UNAUTHORIZED', ACCESS_MESSAGES.unauthenticated, 'UNAUTHENTICATED');
      return options.next({ ctx: { user, session } });
    }),
  );
}

/** Signed in, whatever the account state (pending users still subscribe to learn of their approval). */
export const authedProcedure = procedureFor('authed');

/** Signed in, approved by the administration and not suspended: every regular screen. */
export const approvedProcedure = procedureFor('approved');

/** Admins and moderators: content moderation. */
export const staffProcedure = procedureFor('staff');

/** The front desk ('portaria' role): the hand-over codes, nothing else. */
export const frontDeskProcedure = procedureFor('frontDesk');

/** Admins only: people, roles and billing. */
export const adminProcedure = procedureFor('admin');
