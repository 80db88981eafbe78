import type { ErrorReason } from '@vizinhanca/shared/errors/error-reason';
import { isFrontDesk, isStaff } from '@vizinhanca/shared/users/user.types';
import { ACCESS_MESSAGES } from '../errors.ts';
import type { AuthUser } from './sessions.ts';

/**
 * - authed: signed in, whatever the account state (a pending or suspended person still learns why);
 * - active: signed in and not suspended (a pending resident keeps a socket to learn of the approval);
 * - approved: active and approved by the administration: every regular screen, uploads;
 * - staff / admin: approved and holding the role;
 * - frontDesk: approved and holding the 'portaria' role: /portaria's codes, and nothing at the levels above.
 */
export type AccessLevel = 'authed' | 'active' | 'approved' | 'staff' | 'admin' | 'frontDesk';

export interface AccessRefusal {
  code: 'UNAUTHORIZED' | 'FORBIDDEN';
  message: string;
  reason: ErrorReason;
}

/**
 * Why this user may not reach this level, or null when they may. The one place
 * for the rule: tRPC middleware, the websocket upgrade and its calls, image
 * uploads and views, and the CSV exports all ask it.
 */
export function accessRefusal(user: AuthUser | null, level: AccessLevel): AccessRefusal | null {
  if (!user) return { code: 'UNAUTHORIZED', message: ACCESS_MESSAGES.unauthenticated, reason: 'UNAUTHENTICATED' };
  if (level === 'authed') return null;
  if (user.isSuspended) return { code: 'FORBIDDEN', message: ACCESS_MESSAGES.suspended, reason: 'SUSPENDED' };
  if (level === 'active') return null;
  if (user.approvalStatus !== 'approved') return { code: 'FORBIDDEN', message: ACCESS_MESSAGES.notApproved, reason: 'NOT_APPROVED' };
  // The desk's phone sees the codes' orders only: no listings, people, messages or uploads.
  if (level === 'frontDesk') return isFrontDesk(user.roles) ? null : { code: 'FORBIDDEN', message: ACCESS_MESSAGES.forbidden, reason: 'FORBIDDEN' };
  if (isFrontDesk(user.roles)) return { code: 'FORBIDDEN', message: ACCESS_MESSAGES.forbidden, reason: 'FORBIDDEN' };
  if (level === 'staff' && !isStaff(user.roles)) return { code: 'FORBIDDEN', message: ACCESS_MESSAGES.forbidden, reason: 'FORBIDDEN' };
  if (level === 'admin' && !user.roles.includes('admin')) return { code: 'FORBIDDEN', message: ACCESS_MESSAGES.forbidden, reason: 'FORBIDDEN' };
  return null;
}

/** The HTTP status for a refusal, for the routes outside tRPC. */
export function refusalStatus(refusal: AccessRefusal): 401 | 403 {
  return refusal.code === 'UNAUTHORIZED' ? 401 : 403;
}
