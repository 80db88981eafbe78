import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import type { AnswerDepositFields } from '@vizinhanca/shared/deposits/deposit-answer.schema';
import {
  depositAnswerUntil,
  DEPOSIT_MESSAGES,
  DEPOSIT_NOTIFICATIONS,
  type DepositAnswer,
  type DepositOutcome,
  type SettleDepositFields,
} from '@vizinhanca/shared/deposits/deposit.schema';
import type { AppDeps } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import * as audit from '../audit/audit.service.ts';
import { findOwnUnattachedImages } from '../images/images.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as problems from '../problems/problems.service.ts';
import * as deposits from './deposits.repository.ts';

// The deposit (caução) of a rental at its end: the owner records it returned or retained, the
// requester accepts it or contests it within 7 days, and a contest goes to the administration
// as a problem. No money passes through the app: it keeps what the two said they did. The
// orders module reads the records for its cards (this module writes them).

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
 * The requester's answer to the owner's record, once, within 7 days of the record on the app's
 * clock: 'Aceito' (the owner is told), or contested, which opens a problem the administration
 * settles with what the requester wrote, or joins the one already open on the order, in the
 * same transaction (both are told). The answer is in the audit log.
 */
export async function answer(deps: AppDeps, userId: string, input: AnswerDepositFields) {
  const joined = await deps.db.transaction().execute(async (trx) => {
    const order = await lockOrder(trx, input.orderId);
    if (order.renter_id !== userId) {
      if (order.owner_id !== userId) throw new AppError('NOT_FOUND', DEPOSIT_MESSAGES.notFound);
      throw new AppError('FORBIDDEN', DEPOSIT_MESSAGES.notRequester);
    }
    const settlement = await deposits.findSettlement(trx, order.id);
    if (!settlement) throw new AppError('CONFLICT', DEPOSIT_MESSAGES.notSettled);
    if (settlement.answer) throw new AppError('CONFLICT', DEPOSIT_MESSAGES.alreadyAnswered);
    const now = deps.clock.now();
    if (now.getTime() > depositAnswerUntil(settlement.settled_at).getTime()) throw new AppError('CONFLICT', DEPOSIT_MESSAGES.answerWindowClosed);
    const facts = { requesterName: order.renter_full_name, listingTitle: order.listing_title };

    if (input.answer === 'accepted') {
      await deposits.setAnswer(trx, order.id, { answer: 'accepted', at: now, contest: null });
      await recordAnswer(deps, trx, { userId, orderId: order.id, outcome: settlement.outcome, answer: 'accepted', problem: null });
      await notify(deps, trx, { userId: order.owner_id, type: 'order_status', relatedId: order.id, ...DEPOSIT_NOTIFICATIONS.accepted(facts) });
      return false;
    }
    const { answer: _answer, ...fields } = input;
    const problem = await problems.openOrJoinForContestIn(deps, trx, {
      opener: { id: userId, fullName: order.renter_full_name },
      fields,
      notice: (joinedOpen) => DEPOSIT_NOTIFICATIONS.contested({ ...facts, joined: joinedOpen }),
    });
    await deposits.setAnswer(trx, order.id, { answer: 'contested', at: now, contest: { text: fields.text, problemId: problem.problemId } });
    await recordAnswer(deps, trx, { userId, orderId: order.id, outcome: settlement.outcome, answer: 'contested', problem });
    return problem.joined;
  });
  if (input.answer === 'accepted') return { message: DEPOSIT_MESSAGES.acceptedSaved };
  return { message: joined ? DEPOSIT_MESSAGES.contestJoined : DEPOSIT_MESSAGES.contestedSaved };
}

async function recordAnswer(
  deps: AppDeps,
  trx: Db,
  step: { userId: string; orderId: string; outcome: DepositOutcome; answer: DepositAnswer; problem: { problemId: string; joined: boolean } | null },
) {
  await audit.record(deps, trx, {
    actorId: step.userId,
    action: step.answer === 'accepted' ? AUDIT_ACTIONS.orderDepositAccepted : AUDIT_ACTIONS.orderDepositContested,
    targetType: 'order',
    targetId: step.orderId,
    before: { outcome: step.outcome, answer: null },
    after: { outcome: step.outcome, answer: step.answer, ...(step.problem ? { problemId: step.problem.problemId, joinedOpenProblem: step.problem.joined } : {}) },
  });
}
