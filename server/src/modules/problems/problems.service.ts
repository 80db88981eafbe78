import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import { imageUrl } from '@vizinhanca/shared/images/image.rules';
import {
  OPEN_PROBLEMS_LIMIT,
  PROBLEM_KIND_LABELS,
  PROBLEM_PHOTOS_MAX,
  PROBLEM_MESSAGES,
  PROBLEM_NOTIFICATIONS,
  type OpenProblemFields,
  type OpenProblemItem,
  type OrderProblems,
  type ProblemThread,
} from '@vizinhanca/shared/orders/order-problem.schema';
import { problemWindowError } from '@vizinhanca/shared/orders/order-problem.rules';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import * as audit from '../audit/audit.service.ts';
import { findOwnUnattachedImages } from '../images/images.service.ts';
import * as messages from '../messages/messages.service.ts';
import * as orders from '../orders/orders.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { notifyStaffOfPendingItem } from '../notifications/pending-items.ts';
import * as problems from './problems.repository.ts';

/** Both sizes of each photo, grouped by problem. */
async function photosByProblem(db: Db, problemIds: string[]) {
  const byProblem = new Map<string, { cardUrl: string; detailUrl: string }[]>();
  for (const row of await problems.listPhotos(db, problemIds)) {
    const list = byProblem.get(row.problem_id) ?? [];
    list.push({ cardUrl: imageUrl(row.image_id, 'card'), detailUrl: imageUrl(row.image_id, 'detail') });
    byProblem.set(row.problem_id, list);
  }
  return byProblem;
}

interface NoticeText {
  title: string;
  message: string;
}

/** The same notice to both people of the order, linking to the order. */
async function notifyBoth(deps: AppDeps, trx: Db, order: { id: string; renterId: string; ownerId: string }, text: NoticeText) {
  for (const userId of [order.renterId, order.ownerId]) {
    await notify(deps, trx, { userId, type: 'order_status', relatedId: order.id, ...text });
  }
}

type ProblemOrder = NonNullable<Awaited<ReturnType<typeof problems.findOrder>>>;

function windowError(order: ProblemOrder, now: Date) {
  return problemWindowError({ status: order.status, deliveredAt: order.delivered_at, completedAt: order.completed_at, cancelledAt: order.cancelled_at }, now);
}

/** Who opens a problem and their name (the other person reads it). */
export interface ProblemOpener {
  id: string;
  fullName: string;
}

/** The order, locked, if the opener is one of its two people. */
async function lockOwnOrder(trx: Db, opener: ProblemOpener, orderId: string): Promise<ProblemOrder> {
  const order = await problems.findOrder(trx, orderId, { lock: true });
  if (!order || (order.renter_id !== opener.id && order.owner_id !== opener.id)) throw new AppError('NOT_FOUND', PROBLEM_MESSAGES.orderNotFound);
  return order;
}

/** The opener's own problem uploads that no problem shows yet, or the refusal. */
async function ownFreePhotos(trx: Db, opener: ProblemOpener, photoIds: string[]) {
  const photos = await findOwnUnattachedImages(trx, { imageIds: photoIds, userId: opener.id, purpose: 'problem' });
  if (photos.length !== photoIds.length) throw new AppError('NOT_FOUND', PROBLEM_MESSAGES.photoNotFound);
}

/** Writes a new open problem with its photos: in the audit log, both people told (`notice`), staff told it waits. */
async function insertOpenProblem(deps: AppDeps, trx: Db, step: { order: ProblemOrder; opener: ProblemOpener; fields: OpenProblemFields; notice: NoticeText }) {
  const { order, opener, fields } = step;
  const id = await problems.insertProblem(trx, { orderId: order.id, openedBy: opener.id, kind: fields.kind, details: fields.text, createdAt: deps.clock.now() });
  await problems.insertPhotos(trx, id, fields.photoIds);
  await audit.record(deps, trx, {
    actorId: opener.id,
    action: AUDIT_ACTIONS.orderProblemOpened,
    targetType: 'order',
    targetId: order.id,
    after: { problemId: id, kind: fields.kind, photos: fields.photoIds.length },
  });
  await notifyBoth(deps, trx, { id: order.id, renterId: order.renter_id, ownerId: order.owner_id }, step.notice);
  // Named by its kind only: a staff notice outlives the people's texts (anonymisation).
  await notifyStaffOfPendingItem(deps, trx, { kind: 'problem', id, label: PROBLEM_KIND_LABELS[fields.kind] });
  return id;
}

/**
 * 'Abrir problema' in the caller's transaction: one of the order's two people, from the
 * hand-over until 14 days after the order ended, one open problem per order, with up to
 * 5 photos of their own. Both people are told, staff are told it waits for them, and it
 * is in the audit log.
 */
export async function openProblemIn(deps: AppDeps, trx: Db, opener: ProblemOpener, input: OpenProblemFields): Promise<string> {
  const order = await lockOwnOrder(trx, opener, input.orderId);
  const refusal = windowError(order, deps.clock.now());
  if (refusal) throw new AppError('CONFLICT', refusal);
  if (await problems.findOpenId(trx, order.id)) throw new AppError('CONFLICT', PROBLEM_MESSAGES.alreadyOpen, 'DUPLICATE');
  await ownFreePhotos(trx, opener, input.photoIds);
  const notice = PROBLEM_NOTIFICATIONS.opened({ openerName: opener.fullName, listingTitle: order.listing_title, kind: input.kind });
  return insertOpenProblem(deps, trx, { order, opener, fields: input, notice });
}

/**
 * A contested deposit record, in the deposit's transaction: opens a problem with what the
 * requester wrote, or, when the order already has one open, adds the contest's photos to
 * that one (never a second open problem). The deposit's 7-day answer window decides, not
 * the 14 days after the order (docs/decisions/027). Both people are told with `notice`.
 */
export async function openOrJoinForContestIn(
  deps: AppDeps,
  trx: Db,
  contest: { opener: ProblemOpener; fields: OpenProblemFields; notice: (joined: boolean) => NoticeText },
): Promise<{ problemId: string; joined: boolean }> {
  const { opener, fields } = contest;
  const order = await lockOwnOrder(trx, opener, fields.orderId);
  await ownFreePhotos(trx, opener, fields.photoIds);
  const openId = await problems.findOpenId(trx, order.id);
  if (!openId) return { problemId: await insertOpenProblem(deps, trx, { order, opener, fields, notice: contest.notice(false) }), joined: false };

  const next = await problems.nextPhotoPosition(trx, openId);
  if (next + fields.photoIds.length > PROBLEM_PHOTOS_MAX) throw new AppError('BAD_REQUEST', PROBLEM_MESSAGES.noRoomForPhotos(Math.max(0, PROBLEM_PHOTOS_MAX - next)));
  await problems.insertPhotos(trx, openId, fields.photoIds, next);
  await notifyBoth(deps, trx, { id: order.id, renterId: order.renter_id, ownerId: order.owner_id }, contest.notice(true));
  return { problemId: openId, joined: true };
}

/** 'Abrir problema' from the order's screen. */
export async function openProblem(deps: AppDeps, opener: ProblemOpener, input: OpenProblemFields) {
  await deps.db.transaction().execute((trx) => openProblemIn(deps, trx, opener, input));
  return { message: PROBLEM_MESSAGES.opened };
}

/** The problems of an order as its two people see them, and whether the caller may open one now. */
export async function forOrder(deps: AppDeps, userId: string, orderId: string): Promise<OrderProblems> {
  const order = await problems.findOrder(deps.db, orderId, { lock: false });
  if (!order || (order.renter_id !== userId && order.owner_id !== userId)) throw new AppError('NOT_FOUND', PROBLEM_MESSAGES.orderNotFound);
  const rows = await problems.listForOrder(deps.db, order.id);
  const photos = await photosByProblem(deps.db, rows.map((row) => row.id));
  const inWindow = windowError(order, deps.clock.now()) === null;
  return {
    problems: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      text: row.details,
      openedByMe: row.opened_by === userId,
      openerName: row.opener_full_name,
      createdAt: row.created_at,
      status: row.status,
      decision: row.decision,
      resolvedAt: row.resolved_at,
      photos: photos.get(row.id) ?? [],
    })),
    canOpen: inWindow && !rows.some((row) => row.status === 'open'),
  };
}

// ---- The administration ----

/** /admin 'Problemas': every open problem, oldest first, with the order, both people, its photos, the hand-over's and the deposit's record. */
export async function listOpen(deps: AppDeps): Promise<{ items: OpenProblemItem[] }> {
  const rows = await problems.listOpen(deps.db, OPEN_PROBLEMS_LIMIT);
  const [photos, handovers, depositRecords] = await Promise.all([
    photosByProblem(deps.db, rows.map((row) => row.id)),
    Promise.all(rows.map((row) => orders.handoverOf(deps, row.order_id))),
    orders.settlementsFor(deps, rows.filter((row) => row.deposit_cents > 0).map((row) => row.order_id)),
  ]);
  return {
    items: rows.map((row, index) => ({
      id: row.id,
      orderId: row.order_id,
      kind: row.kind,
      text: row.details,
      createdAt: row.created_at,
      openedBy: row.opened_by === row.renter_id ? 'requester' : 'owner',
      listing: { title: row.listing_title, type: row.listing_type },
      orderStatus: row.order_status,
      totalCents: row.total_cents,
      startDate: row.start_date,
      endDate: row.end_date,
      requester: { id: row.renter_id, fullName: row.renter_full_name, apartment: row.renter_apartment },
      owner: { id: row.owner_id, fullName: row.owner_full_name, apartment: row.owner_apartment },
      photos: photos.get(row.id) ?? [],
      handover: handovers[index]!,
      depositCents: row.deposit_cents,
      deposit: depositRecords.get(row.order_id) ?? null,
    })),
  };
}

export function openCount(deps: AppDeps): Promise<number> {
  return problems.countOpen(deps.db);
}

/** The problem, open, or the reason staff cannot act on it. */
async function openProblemRow(trx: Db, problemId: string) {
  const problem = await problems.findProblem(trx, problemId, { lock: true });
  if (!problem) throw new AppError('NOT_FOUND', PROBLEM_MESSAGES.problemNotFound);
  if (problem.status !== 'open') throw new AppError('CONFLICT', PROBLEM_MESSAGES.alreadyResolved);
  return problem;
}

/** The order's thread, read by staff only through one of its problems; the reading is on the record. */
export async function thread(deps: AppDeps, staffId: string, problemId: string): Promise<ProblemThread> {
  const problem = await problems.findProblem(deps.db, problemId, { lock: false });
  if (!problem) throw new AppError('NOT_FOUND', PROBLEM_MESSAGES.problemNotFound);
  await audit.record(deps, deps.db, { actorId: staffId, action: AUDIT_ACTIONS.problemThreadRead, targetType: 'order', targetId: problem.order_id, after: { problemId } });
  return { problemId, messages: await messages.threadForProblem(deps, problem.order_id) };
}

/** Staff write in the order's thread while the problem is open ('Administração'); both people are told. */
export async function writeAsStaff(deps: AppDeps, staffId: string, input: { problemId: string; body: string; clientId: string }) {
  await deps.db.transaction().execute(async (trx) => {
    const problem = await openProblemRow(trx, input.problemId);
    const stored = await messages.sendAsStaff(deps, trx, {
      orderId: problem.order_id,
      requesterId: problem.renter_id,
      ownerId: problem.owner_id,
      problemId: problem.id,
      staffId,
      body: input.body,
      clientId: input.clientId,
    });
    // The same message sent again (a retry): stored once, told once.
    if (!stored) return;
    await audit.record(deps, trx, { actorId: staffId, action: AUDIT_ACTIONS.orderProblemStaffMessage, targetType: 'order', targetId: problem.order_id, after: { problemId: problem.id } });
    await notifyBoth(deps, trx, { id: problem.order_id, renterId: problem.renter_id, ownerId: problem.owner_id }, PROBLEM_NOTIFICATIONS.staffMessage(problem.listing_title));
  });
  return { message: PROBLEM_MESSAGES.staffMessageSent };
}

/** Closes the problem with the decision both people read ('Resolvido: …'); once. */
export async function resolve(deps: AppDeps, staffId: string, input: { problemId: string; decision: string }) {
  await deps.db.transaction().execute(async (trx) => {
    const problem = await openProblemRow(trx, input.problemId);
    await problems.resolve(trx, problem.id, { by: staffId, at: deps.clock.now(), text: input.decision });
    await audit.record(deps, trx, {
      actorId: staffId,
      action: AUDIT_ACTIONS.orderProblemResolved,
      targetType: 'order',
      targetId: problem.order_id,
      before: { status: 'open' },
      after: { problemId: problem.id, status: 'resolved' },
    });
    await notifyBoth(deps, trx, { id: problem.order_id, renterId: problem.renter_id, ownerId: problem.owner_id }, PROBLEM_NOTIFICATIONS.resolved(problem.listing_title));
  });
  return { message: PROBLEM_MESSAGES.resolved };
}
