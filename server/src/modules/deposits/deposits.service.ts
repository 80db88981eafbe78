import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import {
  DEPOSIT_ANSWER_DAYS,
  DEPOSIT_MESSAGES,
  DEPOSIT_NOTIFICATIONS,
  type DepositAnswer,
  type DepositSettlement,
  type SettleDepositFields,
} from '@vizinhanca/shared/deposits/deposit.schema';
import { imageUrl } from '@vizinhanca/shared/images/image.rules';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import * as audit from '../audit/audit.service.ts';
import { findOwnUnattachedImages } from '../images/images.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as deposits from './deposits.repository.ts';

// The deposit (caução) of a rental at its end: the owner records it returned or retained, the
// requester accepts or contests the record within 7 days. No money passes through the app:
// it keeps what the two said they did. The orders module shows the records on its cards.

const ANSWER_WINDOW_MS = DEPOSIT_ANSWER_DAYS * 24 * 60 * 60 * 1000;

function toSettlement(row: deposits.SettlementRow, now: Date): DepositSettlement {
  const answerUntil = new Date(row.settled_at.getTime() + ANSWER_WINDOW_MS);
  return {
    outcome: row.outcome,
    retainedCents: row.retained_cents,
    reason: row.reason,
    photos: row.image_ids.map((id) => ({ id, cardUrl: imageUrl(id, 'card'), detailUrl: imageUrl(id, 'detail') })),
    settledAt: row.settled_at,
    answer: row.answer,
    answeredAt: row.answered_at,
    answerUntil,
    answerOpen: row.answer === null && now.getTime() <= answerUntil.getTime(),
  };
}

/** The records of these orders (the cards and the conversation show them), by order id. */
export async function settlementsFor(deps: Pick<AppDeps, 'db' | 'clock'>, orderIds: string[]): Promise<Map<string, DepositSettlement>> {
  const now = deps.clock.now();
  const rows = await deposits.listForOrders(deps.db, orderIds);
  return new Map(rows.map((row) => [row.order_id, toSettlement(row, now)]));
}

type LockedOrder = NonNullable<Awaited<ReturnType<typeof deposits.findOrderForUpdate>>>;

async function lockOrder(trx: Db, orderId: string): Promise<LockedOrder> {
  const order = await deposits.findOrderForUpdate(trx, orderId);
  if (!order) throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.notFound);
  return order;
}

/**
 * 'Caução devolvida' or 'Caução retida': the owner of a completed order with a deposit, once.
 * A retention keeps more than zero and at most the order's deposit, with a reason; the photos
 * are the owner's own deposit uploads. The requester is told; every record is in the audit log.
 */
export async function settle(deps: AppDeps, userId: string, input: SettleDepositFields) {
  await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, input.orderId);
    if (order.owner_id !== userId) {
      // Someone else's order reads as no order at all; the requester is told who records it.
      if (order.renter_id !== userId) throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.notFound);
      throw new AppError('FORBIDDEN', DEPOSIT_MESSAGES.notOwner);
    }
    if (order.deposit_cents === 0) throw new AppError('CONFLICT', DEPOSIT_MESSAGES.noDeposit);
    if (order.status !== 'completed') throw new AppError('CONFLICT', DEPOSIT_MESSAGES.notCompleted);
    if (await deposits.findSettlement(trx, order.id)) throw new AppError('CONFLICT', DEPOSIT_MESSAGES.alreadySettled);
    const retainedCents = input.outcome === 'retained' ? input.retainedCents : 0;
    if (retainedCents > order.deposit_cents) throw new AppError('BAD_REQUEST', DEPOSIT_MESSAGES.retainedAboveDeposit(order.deposit_cents));
    const own = await findOwnUnattachedImages(trx, { imageIds: input.imageIds, userId, purpose: 'deposit' });
    if (own.length !== input.imageIds.length) throw new AppError('BAD_REQUEST', DEPOSIT_MESSAGES.invalidPhoto);

    await deposits.insertSettlement(trx, {
      orderId: order.id,
      depositCents: order.deposit_cents,
      outcome: input.outcome,
      retainedCents,
      reason: input.reason,
      settledBy: userId,
      settledAt: deps.clock.now(),
    });
    await deposits.insertPhotos(trx, order.id, input.imageIds);
    await audit.record(deps, trx, {
      actorId: userId,
      action: input.outcome === 'retained' ? AUDIT_ACTIONS.orderDepositRetained : AUDIT_ACTIONS.orderDepositReturned,
      targetType: 'order',
      targetId: order.id,
      after: { depositCents: order.deposit_cents, retainedCents, photos: input.imageIds.length },
      reason: input.reason,
    });
    const facts = { ownerName: order.owner_full_name, listingTitle: order.listing_title, depositCents: order.deposit_cents };
    await notify(deps, trx, {
      userId: order.renter_id,
      type: 'order_status',
      relatedId: order.id,
      ...(input.outcome === 'retained' ? DEPOSIT_NOTIFICATIONS.retained({ ...facts, retainedCents }) : DEPOSIT_NOTIFICATIONS.returned(facts)),
    });
  });
  return { message: input.outcome === 'retained' ? DEPOSIT_MESSAGES.retainedSaved : DEPOSIT_MESSAGES.returnedSaved };
}

/**
 * The requester's answer to the owner's record: 'Aceito' or contested, once, within 7 days
 * of the record on the app's clock. The owner is told; the answer is in the audit log.
 */
export async function answer(deps: AppDeps, userId: string, input: { orderId: string; answer: DepositAnswer }) {
  await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, input.orderId);
    if (order.renter_id !== userId) {
      if (order.owner_id !== userId) throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.notFound);
      throw new AppError('FORBIDDEN', DEPOSIT_MESSAGES.notRequester);
    }
    const settlement = await deposits.findSettlement(trx, order.id);
    if (!settlement) throw new AppError('CONFLICT', DEPOSIT_MESSAGES.notSettled);
    if (settlement.answer) throw new AppError('CONFLICT', DEPOSIT_MESSAGES.alreadyAnswered);
    const now = deps.clock.now();
    if (now.getTime() > settlement.settled_at.getTime() + ANSWER_WINDOW_MS) throw new AppError('CONFLICT', DEPOSIT_MESSAGES.answerWindowClosed);

    await deposits.setAnswer(trx, order.id, input.answer, now);
    await audit.record(deps, trx, {
      actorId: userId,
      action: input.answer === 'accepted' ? AUDIT_ACTIONS.orderDepositAccepted : AUDIT_ACTIONS.orderDepositContested,
      targetType: 'order',
      targetId: order.id,
      before: { outcome: settlement.outcome, answer: null },
      after: { outcome: settlement.outcome, answer: input.answer },
    });
    const facts = { requesterName: order.renter_full_name, listingTitle: order.listing_title };
    await notify(deps, trx, {
      userId: order.owner_id,
      type: 'order_status',
      relatedId: order.id,
      ...(input.answer === 'accepted' ? DEPOSIT_NOTIFICATIONS.accepted(facts) : DEPOSIT_NOTIFICATIONS.contested(facts)),
    });
  });
  return { message: input.answer === 'accepted' ? DEPOSIT_MESSAGES.acceptedSaved : DEPOSIT_MESSAGES.contestedSaved };
}
