import { createHmac, randomBytes } from 'node:crypto';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import { imageUrl } from '@vizinhanca/shared/images/image.rules';
import {
  DESK_CODE_CANCELLED_NOTIFICATION,
  DESK_GIVE_BACK_NOTIFICATIONS,
  DESK_MESSAGES,
  DESK_NOTIFICATIONS,
  nextDeskStep,
  type DeskLeg,
  type DeskLookup,
  type DeskStep,
  type MyDeskHandover,
} from '@vizinhanca/shared/portaria/portaria.schema';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import * as audit from '../audit/audit.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { transitionAtDesk } from './orders.service.ts';
import * as orders from './orders.repository.ts';
import * as throttle from '../throttle/throttle.service.ts';
import type { BackoffShape, WindowShape } from '../throttle/throttle.service.ts';
import * as portaria from './desk-handover.repository.ts';

/** Like a login: 5 wrong codes pass at once, then each waits twice as long as the last (1 s, 2 s... up to 15 min). */
export const DESK_ACCOUNT_SHAPE: BackoffShape = { kind: 'backoff', free: 5, baseMs: 1000, maxMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };
/** Every desk account together: a second phone at the desk does not double the guesses. */
export const DESK_ALL_SHAPE: WindowShape = { kind: 'window', limit: 60, windowMs: 15 * 60_000 };
const ALL_DESKS_KEY = 'desk-code:all';

/** A live code derived again until one is free: ten collisions in a row among a million codes means something else is wrong. */
const MAX_CODE_DERIVATIONS = 10;

// ---- Codes ----

/** The deployment's key, made by the first hand-over (two instances racing keep the first one stored). */
async function codeKey(deps: AppDeps, db: Db): Promise<Buffer> {
  const found = await portaria.findKey(db);
  if (found) return found.secret;
  await portaria.insertKey(db, randomBytes(32), deps.clock.now());
  const stored = await portaria.findKey(db);
  if (!stored) throw new Error('desk code key missing after insert');
  return stored.secret;
}

/** The code of a leg: derived from the key, so it is shown again without being stored. */
function deriveCode(key: Buffer, orderId: string, leg: DeskLeg, serial: number): string {
  const digest = createHmac('sha256', key).update(`code:${orderId}:${leg}:${serial}`).digest();
  return String(digest.readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

/** What the table keeps of a code: its HMAC, useless without the key. */
function codeHash(key: Buffer, code: string): string {
  return createHmac('sha256', key).update(`lookup:${code}`).digest('hex');
}

/** Counts one code typed at the desk before it is read; a refusal is the throttle's message. */
async function countGuess(deps: AppDeps, deskUserId: string) {
  for (const [key, shape] of [
    [`desk-code:user:${deskUserId}`, DESK_ACCOUNT_SHAPE],
    [ALL_DESKS_KEY, DESK_ALL_SHAPE],
  ] as const) {
    const result = await throttle.hit(deps, key, shape);
    if (!result.allowed) throw new AppError('TOO_MANY_REQUESTS', DESK_MESSAGES.tooManyAttempts(throttle.minutesUntil(deps, result.retryAt)));
  }
}

/** A right code is not a guess: it is not held against the desk. */
async function forgiveGuess(deps: AppDeps, deskUserId: string) {
  await throttle.forgiveOne(deps, `desk-code:user:${deskUserId}`);
  await throttle.forgiveOne(deps, ALL_DESKS_KEY);
}

// ---- The residents ----

/**
 * 'Deixar na portaria' (the owner of an approved order) or 'Devolver na portaria'
 * (the requester of a rental in progress): the leg's code, made once and shown
 * again on every later call. A code its maker cancelled is replaced by a new one.
 */
export async function start(deps: AppDeps, userId: string, orderId: string): Promise<{ code: string; message: string }> {
  return deps.db.transaction().execute(async (trx) => {
    const order = await orders.findForUpdate(trx, orderId);
    if (!order || (order.owner_id !== userId && order.renter_id !== userId)) throw new AppError('NOT_FOUND', DESK_MESSAGES.orderNotFound);
    const leg: DeskLeg = order.status === 'in_progress' ? 'return' : 'delivery';
    if (leg === 'delivery') {
      if (order.owner_id !== userId) throw new AppError('FORBIDDEN', DESK_MESSAGES.notOwner);
      if (order.status !== 'approved') throw new AppError('CONFLICT', DESK_MESSAGES.cannotStartDelivery);
    } else {
      if (order.renter_id !== userId) throw new AppError('FORBIDDEN', DESK_MESSAGES.notRequester);
      if (order.listing_type !== 'rental') throw new AppError('CONFLICT', DESK_MESSAGES.cannotStartReturn);
    }
    const key = await codeKey(deps, trx);
    const existing = await portaria.findLegForUpdate(trx, orderId, leg);
    if (existing && existing.status !== 'cancelled') {
      if (existing.status !== 'waiting' && existing.status !== 'at_desk') throw new AppError('CONFLICT', DESK_MESSAGES.legClosed);
      return { code: deriveCode(key, orderId, leg, existing.code_serial), message: DESK_MESSAGES.started };
    }
    // A cancelled code never comes back: its leg takes the next derivations.
    const firstSerial = existing ? existing.code_serial + 1 : 0;
    for (let serial = firstSerial; serial < firstSerial + MAX_CODE_DERIVATIONS; serial += 1) {
      const code = deriveCode(key, orderId, leg, serial);
      const fields = { codeSerial: serial, codeHash: codeHash(key, code), startedBy: userId, at: deps.clock.now() };
      const placed = existing ? await portaria.restartLeg(trx, existing.id, fields) : await portaria.insertLeg(trx, { orderId, leg, ...fields });
      if (!placed) continue;
      await audit.record(deps, trx, { actorId: userId, action: AUDIT_ACTIONS.orderDeskStarted, targetType: 'order', targetId: orderId, after: { leg } });
      return { code, message: DESK_MESSAGES.started };
    }
    throw new Error('no free desk code after several derivations');
  });
}

/**
 * 'Cancelar código': whoever made the code of the order's current leg takes it back
 * while the item has not reached the desk; the desk no longer accepts it, and the
 * other side is told to arrange the hand-over in the conversation.
 */
export async function cancel(deps: AppDeps, userId: string, orderId: string): Promise<{ message: string }> {
  return deps.db.transaction().execute(async (trx) => {
    const order = await orders.findForUpdate(trx, orderId);
    if (!order || (order.owner_id !== userId && order.renter_id !== userId)) throw new AppError('NOT_FOUND', DESK_MESSAGES.orderNotFound);
    const leg: DeskLeg = order.status === 'in_progress' ? 'return' : 'delivery';
    const existing = order.status === portaria.ORDER_STATUS_OF_LEG[leg] ? await portaria.findLegForUpdate(trx, orderId, leg) : undefined;
    if (!existing || (existing.status !== 'waiting' && existing.status !== 'at_desk')) throw new AppError('CONFLICT', DESK_MESSAGES.noCodeToCancel);
    if (existing.started_by !== userId) throw new AppError('FORBIDDEN', DESK_MESSAGES.notStarter);
    if (existing.status === 'at_desk') throw new AppError('CONFLICT', DESK_MESSAGES.cannotCancelAtDesk);
    await portaria.cancelLeg(trx, existing.id, deps.clock.now());
    await audit.record(deps, trx, { actorId: userId, action: AUDIT_ACTIONS.orderDeskCancelled, targetType: 'order', targetId: orderId, after: { leg } });
    const otherSide = userId === order.owner_id ? order.renter_id : order.owner_id;
    await notify(deps, trx, { userId: otherSide, type: 'order_status', relatedId: orderId, ...DESK_CODE_CANCELLED_NOTIFICATION(order.listing_title) });
    return { message: DESK_MESSAGES.cancelled };
  });
}

/** The live legs of the caller's orders, with their codes, for the order cards (a cancelled order's item at the desk: its owner's alone). */
export async function mine(deps: AppDeps, userId: string): Promise<MyDeskHandover[]> {
  const rows = await portaria.liveLegsOfPerson(deps.db, userId);
  const live = rows.filter((row) => portaria.isDesksLeg(row) && (row.order_status !== 'cancelled' || row.owner_id === userId));
  if (live.length === 0) return [];
  const key = await codeKey(deps, deps.db);
  return live.map((row) => ({
    orderId: row.order_id,
    leg: row.leg,
    status: row.status as 'waiting' | 'at_desk',
    code: deriveCode(key, row.order_id, row.leg, row.code_serial),
  }));
}

// ---- The desk ----

/** The live leg a code opens, or the one refusal for a wrong, used or stale code (nothing tells them apart). */
async function legOfCode(deps: AppDeps, db: Db, code: string, forUpdate: boolean) {
  const row = await portaria.findLiveByCodeHash(db, codeHash(await codeKey(deps, db), code), { forUpdate });
  if (!row || !portaria.isDesksLeg(row)) throw new AppError('NOT_FOUND', DESK_MESSAGES.codeNotFound);
  return row;
}

/** What the desk sees for a code: the item, both people with their apartments and the next step. */
export async function lookup(deps: AppDeps, deskUserId: string, code: string): Promise<DeskLookup> {
  await countGuess(deps, deskUserId);
  const row = await legOfCode(deps, deps.db, code, false);
  await forgiveGuess(deps, deskUserId);
  const status = row.status as 'waiting' | 'at_desk';
  return {
    leg: row.leg,
    status,
    nextStep: nextDeskStep(status, row.order_status === 'cancelled'),
    item: { title: row.listing_title, photoUrl: row.listing_image_id ? imageUrl(row.listing_image_id, 'card') : null },
    owner: { fullName: row.owner_full_name, apartment: row.owner_apartment },
    requester: { fullName: row.renter_full_name, apartment: row.renter_apartment },
  };
}

/**
 * 'Recebido do dono' / 'Entregue ao morador' (and the return's two steps): the
 * step must be the code's next one. Handing the item out puts the order in
 * progress, handing it back completes it, as the owner's buttons do. Both
 * people are told; every step is in the audit log with its time.
 */
export async function advance(deps: AppDeps, deskUserId: string, code: string, step: DeskStep): Promise<{ message: string }> {
  await countGuess(deps, deskUserId);
  let rightCode = false;
  const message = await deps.db.transaction().execute(async (trx) => {
    const row = await legOfCode(deps, trx, code, true);
    rightCode = true;
    if (nextDeskStep(row.status as 'waiting' | 'at_desk', row.order_status === 'cancelled') !== step) throw new AppError('CONFLICT', DESK_MESSAGES.stepOutOfOrder);
    const now = deps.clock.now();
    const title = row.listing_title;
    if (step === 'giveBack') {
      // The order stays cancelled: only the item's place changes.
      await portaria.markGivenBack(trx, row.id, deskUserId, now);
      await audit.record(deps, trx, { actorId: deskUserId, action: AUDIT_ACTIONS.orderDeskGivenBack, targetType: 'order', targetId: row.order_id, after: { leg: row.leg } });
      await notifyBoth(deps, trx, row, DESK_GIVE_BACK_NOTIFICATIONS.givenBack(title));
      return DESK_MESSAGES.givenBack;
    }
    if (step === 'receive') {
      await portaria.markReceived(trx, row.id, deskUserId, now);
      await audit.record(deps, trx, { actorId: deskUserId, action: AUDIT_ACTIONS.orderDeskReceived, targetType: 'order', targetId: row.order_id, after: { leg: row.leg } });
      const told = row.leg === 'delivery' ? DESK_NOTIFICATIONS.receivedFromOwner(title) : DESK_NOTIFICATIONS.receivedFromRequester(title);
      await notifyBoth(deps, trx, row, told);
      return DESK_MESSAGES.received;
    }
    await transitionAtDesk(deps, trx, { deskUserId, orderId: row.order_id, action: row.leg === 'delivery' ? 'markDelivered' : 'complete' });
    await portaria.markHandedOver(trx, row.id, deskUserId, now);
    await audit.record(deps, trx, { actorId: deskUserId, action: AUDIT_ACTIONS.orderDeskHandedOver, targetType: 'order', targetId: row.order_id, after: { leg: row.leg } });
    await notifyBoth(deps, trx, row, row.leg === 'delivery' ? DESK_NOTIFICATIONS.handedToRequester(title) : DESK_NOTIFICATIONS.handedToOwner(title));
    return DESK_MESSAGES.handedOver;
  }).finally(async () => {
    if (rightCode) await forgiveGuess(deps, deskUserId);
  });
  return { message };
}

async function notifyBoth(deps: AppDeps, trx: Db, row: portaria.LiveLegRow, told: { title: string; message: string }) {
  for (const userId of [row.owner_id, row.renter_id]) await notify(deps, trx, { userId, type: 'order_status', relatedId: row.order_id, ...told });
}
