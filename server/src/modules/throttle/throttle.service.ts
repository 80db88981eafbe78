import { INVITE_RESENDS_PER_DAY, INVITES_PER_DAY } from '@vizinhanca/shared/invites/invite.schema';
import { MESSAGES_PER_MINUTE } from '@vizinhanca/shared/messages/message.schema';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { ScheduledJob } from '../../jobs/scheduled-job.ts';
import * as repository from './throttle.repository.ts';

/** A fixed window: at most `limit` hits per `windowMs` (addresses, e-mails sent, uploads...). */
export interface WindowShape {
  kind: 'window';
  limit: number;
  windowMs: number;
}

/** Exponential back-off after `free` hits (accounts under attack): slows guesses without locking anyone out for good. */
export interface BackoffShape {
  kind: 'backoff';
  free: number;
  baseMs: number;
  maxMs: number;
  /** A key blocked no more since this long starts over. */
  forgetAfterMs: number;
}

export type ThrottleShape = WindowShape | BackoffShape;

export type ThrottleResult = { allowed: true } | { allowed: false; retryAt: Date };

/** Counts one hit on `key` and says whether it may go on: atomic, shared by every instance through Postgres. */
export async function hit(deps: AppDeps, key: string, shape: ThrottleShape): Promise<ThrottleResult> {
  const now = deps.clock.now();
  const hits =
    shape.kind === 'window'
      ? await repository.hitWindow(deps.db, key, { now, windowMs: shape.windowMs, limit: shape.limit })
      : await repository.hitBackoff(deps.db, key, {
          now,
          free: shape.free,
          baseMs: shape.baseMs,
          maxMs: shape.maxMs,
          forgetBefore: new Date(now.getTime() - shape.forgetAfterMs),
        });
  if (hits !== null) return { allowed: true };
  const retryAt = await repository.retryAt(deps.db, key, shape.kind === 'window' ? shape.windowMs : null);
  return { allowed: false, retryAt: retryAt && retryAt > now ? retryAt : new Date(now.getTime() + 1000) };
}

/** Like `hit`, but a refusal is the TOO_MANY_REQUESTS error with this message. */
export async function enforce(deps: AppDeps, { key, shape, message }: { key: string; shape: ThrottleShape; message: (retryAt: Date) => string }): Promise<void> {
  const result = await hit(deps, key, shape);
  if (!result.allowed) {
    throw new AppError('TOO_MANY_REQUESTS', message(result.retryAt));
  }
}

export function clear(deps: AppDeps, key: string): Promise<unknown> {
  return repository.clear(deps.db, key);
}

export function forgiveOne(deps: AppDeps, key: string): Promise<unknown> {
  return repository.forgiveOne(deps.db, key);
}

/** "Tente novamente em N minutos." from now to `retryAt`, rounded up. */
export function minutesUntil(deps: AppDeps, retryAt: Date): string {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - deps.clock.now().getTime()) / 60_000));
  return `${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}`;
}

/** Keys idle for a day hold nothing any shape still needs. */
export const throttleCleanupJob: ScheduledJob = {
  name: 'throttles.cleanup',
  cron: '17 * * * *',
  async run(deps) {
    await repository.deleteIdle(deps.db, new Date(deps.clock.now().getTime() - 24 * 3600_000));
  },
};

/** The limits for actions that cost us (e-mails, storage) or other residents (spam). */
export const RATE_LIMITS = {
  resetEmailsPerAddress: { kind: 'window', limit: 3, windowMs: 60 * 60_000 },
  resetRequestsPerIp: { kind: 'window', limit: 20, windowMs: 60 * 60_000 },
  /** Sign-in links are e-mailed like resets, and counted apart: asking for one does not spend the resets. */
  signInLinkEmailsPerAddress: { kind: 'window', limit: 3, windowMs: 60 * 60_000 },
  signInLinkRequestsPerIp: { kind: 'window', limit: 20, windowMs: 60 * 60_000 },
  /** A condominium's residents often share one address (the building's Wi-Fi): room for a launch evening. */
  signUpsPerIp: { kind: 'window', limit: 60, windowMs: 60 * 60_000 },
  uploadsPerUser: { kind: 'window', limit: 30, windowMs: 10 * 60_000 },
  ordersPerUser: { kind: 'window', limit: 60, windowMs: 60 * 60_000 },
  invitesPerUser: { kind: 'window', limit: INVITES_PER_DAY, windowMs: 24 * 60 * 60_000 },
  resendsPerInvite: { kind: 'window', limit: INVITE_RESENDS_PER_DAY, windowMs: 24 * 60 * 60_000 },
  /** Each message queues a push and an e-mail to the other person. */
  messagesPerUser: { kind: 'window', limit: MESSAGES_PER_MINUTE, windowMs: 60_000 },
} satisfies Record<string, WindowShape>;

export const RATE_LIMIT_MESSAGE = (deps: AppDeps, retryAt: Date) =>
  `Muitas solicitações em pouco tempo. Tente novamente em ${minutesUntil(deps, retryAt)}.`;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** One use of a named limit by `subject` (a user id, an address, an e-mail), refused with `message` if given. */
interface RateLimitUse {
  name: RateLimitName;
  subject: string;
  message?: string;
  /** A limit the operator configured, in place of the default one. */
  limit?: number;
}

/**
 * Counts one action of `subject` (a user id, an address, an e-mail) against a named limit; past it, a pt-BR
 * refusal: the general one, or the screen's own `message`.
 */
export function limitRate(deps: AppDeps, { name, subject, message, limit }: RateLimitUse): Promise<void> {
  const shape = limit === undefined ? RATE_LIMITS[name] : { ...RATE_LIMITS[name], limit };
  return enforce(deps, { key: `${name}:${subject}`, shape, message: (retryAt) => message ?? RATE_LIMIT_MESSAGE(deps, retryAt) });
}

/** Runs `action` as one counted use of a named limit: past the limit it is refused unrun, and a use the action refuses is not counted. */
export async function withinRate<T>(deps: AppDeps, limit: RateLimitUse, action: () => Promise<T>): Promise<T> {
  await limitRate(deps, limit);
  try {
    return await action();
  } catch (error) {
    await forgiveOne(deps, `${limit.name}:${limit.subject}`);
    throw error;
  }
}
