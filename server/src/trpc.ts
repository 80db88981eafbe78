import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { isStaff } from '@vizinhanca/shared/users/user.types';
import type { Context } from './context.ts';
import { ACCESS_MESSAGES, AppError, GENERIC_ERROR_MESSAGE, userMessageForDatabaseError } from './errors.ts';

interface ValidationIssue {
  message: string;
  path?: PropertyKey[] | readonly (PropertyKey | { key: PropertyKey })[];
}

function validationIssues(cause: unknown): ValidationIssue[] | null {
  const issues = (cause as { issues?: unknown })?.issues;
  return Array.isArray(issues) ? (issues as ValidationIssue[]) : null;
}

/** The message the user sees for any error a procedure throws: ours, a validation issue, or a generic one. */
export function userFacingError(error: TRPCError): { message: string; fieldErrors?: Record<string, string> } {
  const { cause } = error;
  if (error instanceof AppError) return { message: error.userMessage };
  const issues = error.code === 'BAD_REQUEST' ? validationIssues(cause) : null;
  if (issues) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of issues) {
      const key = (issue.path ?? []).map((part) => (typeof part === 'object' ? String(part.key) : String(part))).join('.');
      fieldErrors[key] ??= issue.message;
    }
    return { message: issues[0]?.message ?? 'Dados inválidos', fieldErrors };
  }
  const databaseMessage = userMessageForDatabaseError(cause);
  if (databaseMessage) return { message: databaseMessage };
  if (error.code === 'INTERNAL_SERVER_ERROR') return { message: GENERIC_ERROR_MESSAGE };
  return { message: error.message };
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  // The client sees only pt-BR messages we wrote: never SQL, constraint names or stack traces.
  errorFormatter({ shape, error }) {
    const { message, fieldErrors } = userFacingError(error);
    return {
      message,
      code: shape.code,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, fieldErrors },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

/**
 * A duplicate that races past a service's check is refused by a unique index;
 * it reaches the user as the same CONFLICT the check would have given.
 */
const databaseErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const message = userMessageForDatabaseError(result.error.cause);
    if (message) throw new AppError('CONFLICT', message);
  }
  return result;
});

/** Anyone, signed in or not. */
export const publicProcedure = t.procedure.use(databaseErrors);

export type AccessLevel = 'authed' | 'approved' | 'staff' | 'admin';

/**
 * Why this user may not reach this level, or null when they may. The base
 * procedures below and the HTTP routes outside tRPC (CSV exports) share it.
 */
export function accessRefusal(user: Context['user'], level: AccessLevel): { code: 'UNAUTHORIZED' | 'FORBIDDEN'; message: string } | null {
  if (!user) return { code: 'UNAUTHORIZED', message: ACCESS_MESSAGES.unauthenticated };
  if (level === 'authed') return null;
  if (user.isSuspended) return { code: 'FORBIDDEN', message: ACCESS_MESSAGES.suspended };
  if (user.approvalStatus !== 'approved') return { code: 'FORBIDDEN', message: ACCESS_MESSAGES.notApproved };
  if (level === 'staff' && !isStaff(user.roles)) return { code: 'FORBIDDEN', message: ACCESS_MESSAGES.forbidden };
  if (level === 'admin' && !user.roles.includes('admin')) return { code: 'FORBIDDEN', message: ACCESS_MESSAGES.forbidden };
  return null;
}

function refuseUnless(user: Context['user'], level: AccessLevel) {
  const refusal = accessRefusal(user, level);
  if (refusal) throw new TRPCError(refusal);
}

/** Signed in, whatever the account state (pending users still subscribe to learn of their approval). */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: ACCESS_MESSAGES.unauthenticated });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** Signed in, approved by the administration and not suspended: every regular screen. */
export const approvedProcedure = authedProcedure.use(({ ctx, next }) => {
  refuseUnless(ctx.user, 'approved');
  return next();
});

/** Admins and moderators: content moderation. */
export const staffProcedure = approvedProcedure.use(({ ctx, next }) => {
  refuseUnless(ctx.user, 'staff');
  return next();
});

/** Admins only: people, roles and billing. */
export const adminProcedure = approvedProcedure.use(({ ctx, next }) => {
  refuseUnless(ctx.user, 'admin');
  return next();
});
