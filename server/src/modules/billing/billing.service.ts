import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import { BILLING_MESSAGES, overdueNotice, type Billing, type BillingOverview } from '@vizinhanca/shared/billing/billing.schema';
import type { AppDeps } from '../../context.ts';
import { AppError } from '../../errors.ts';
import * as audit from '../audit/audit.service.ts';
import * as listings from '../listings/listings.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as users from '../users/users.service.ts';
import * as billing from './billing.repository.ts';

const RECENT_LIMIT = 50;

/** The Cobranças section: pending total, pending and overdue counts, and the latest charges. */
export async function overview(deps: AppDeps): Promise<BillingOverview> {
  const [stats, rows] = await Promise.all([billing.stats(deps.db), billing.listRecent(deps.db, RECENT_LIMIT)]);
  return {
    stats: { pendingCount: Number(stats.pending_count), overdueCount: Number(stats.overdue_count), totalPendingCents: Number(stats.unpaid_cents) },
    items: rows.map(toBilling),
  };
}

/** /cobrancas: the person's own charges, newest first, read only. */
export async function mine(deps: AppDeps, userId: string): Promise<Billing[]> {
  return (await billing.listRecent(deps.db, RECENT_LIMIT, userId)).map(toBilling);
}

function toBilling(row: Awaited<ReturnType<typeof billing.listRecent>>[number]): Billing {
  return {
    id: row.id,
    user: { id: row.user_id, fullName: row.full_name, apartment: row.apartment },
    amountCents: row.amount_cents,
    status: row.status,
    dueDate: row.due_date,
    autoRenewal: row.auto_renewal,
    paidAt: row.paid_at,
    createdAt: row.created_at,
  };
}

export async function pendingCount(deps: AppDeps) {
  const stats = await billing.stats(deps.db);
  return Number(stats.pending_count) + Number(stats.overdue_count);
}

export async function create(deps: AppDeps, adminId: string, input: { userId: string; amountCents: number; dueDate: string; autoRenewal: boolean }) {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await users.exists(trx, input.userId))) throw new AppError('NOT_FOUND', BILLING_MESSAGES.userNotFound);
    const row = await billing.insertBilling(trx, { ...input, at: deps.clock.now() });
    await audit.record(deps, trx, {
      actorId: adminId,
      action: AUDIT_ACTIONS.billingCreated,
      targetType: 'billing',
      targetId: row.id,
      after: { userId: row.user_id, amountCents: row.amount_cents, dueDate: row.due_date, autoRenewal: row.auto_renewal },
    });
  });
  return { message: BILLING_MESSAGES.created };
}

/** Paid: when the person has no overdue charge left, what billing paused goes back to active. */
export async function markPaid(deps: AppDeps, adminId: string, id: string) {
  await deps.db.transaction().execute(async (trx) => {
    const row = await billing.findForUpdate(trx, id);
    if (!row) throw new AppError('NOT_FOUND', BILLING_MESSAGES.notFound);
    if (row.status === 'paid') throw new AppError('CONFLICT', BILLING_MESSAGES.alreadyPaid);
    await billing.markPaid(trx, id, deps.clock.now());
    await audit.record(deps, trx, {
      actorId: adminId,
      action: AUDIT_ACTIONS.billingPaid,
      targetType: 'billing',
      targetId: id,
      before: { status: row.status },
      after: { status: 'paid' },
    });
    if (!(await billing.hasOverdue(trx, row.user_id))) await listings.restoreFromBilling(deps, trx, row.user_id);
  });
  return { message: BILLING_MESSAGES.paid };
}

/**
 * The daily rule: pending charges past their due date (in the condominium's
 * calendar) become overdue, and every active listing of a person with an overdue
 * charge is paused by billing. Whoever had a charge go overdue or a listing paused
 * is told (in the same transaction, so a retry tells nobody twice). Idempotent: a
 * second run the same day changes nothing.
 */
export async function markOverdueAndPause(deps: AppDeps) {
  await deps.db.transaction().execute(async (trx) => {
    const overdue = await billing.markOverdue(trx, deps.clock.today(), deps.clock.now());
    for (const row of overdue) {
      await audit.record(deps, trx, {
        actorId: null,
        action: AUDIT_ACTIONS.billingOverdue,
        targetType: 'billing',
        targetId: row.id,
        before: { status: 'pending' },
        after: { status: 'overdue', dueDate: row.due_date },
      });
    }
    const newlyOverdue = new Set(overdue.map((row) => row.user_id));
    for (const userId of await billing.usersWithOverdue(trx)) {
      const paused = await listings.pauseForBilling(deps, trx, userId);
      if (paused.length === 0 && !newlyOverdue.has(userId)) continue;
      const charges = (await billing.overdueOf(trx, userId)).map((charge) => ({ amountCents: charge.amount_cents, dueDate: charge.due_date }));
      const titles = paused.map((listing) => listing.title).sort((a, b) => a.localeCompare(b, 'pt-BR'));
      await notify(deps, trx, { userId, type: 'payment_due', relatedId: null, ...overdueNotice(charges, titles) });
    }
  });
}

/** A resident trying to pay: no payment provider is wired (decisions.md). */
export function pay(): never {
  throw new AppError('PRECONDITION_FAILED', BILLING_MESSAGES.paymentsUnavailable);
}
