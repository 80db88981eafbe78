import { overdueFirst } from '@vizinhanca/shared/staff/pending-wait.rules';
import { ADMIN_MESSAGES } from '@vizinhanca/shared/users/admin.schema';
import type { PendingUser } from '@vizinhanca/shared/users/user.schema';
import type { AppDeps, RequestMeta } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { renderEmail } from '../../mail/email-template.ts';
import { enqueueEmail } from '../../mail/email.job.ts';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import type { AdminSummary } from '@vizinhanca/shared/users/admin-users.schema';
import * as audit from '../audit/audit.service.ts';
import * as billing from '../billing/billing.service.ts';
import * as listings from '../listings/listings.service.ts';
import * as orders from '../orders/orders.service.ts';
import * as problems from '../problems/problems.service.ts';
import * as reports from '../reports/reports.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as users from '../users/users.service.ts';
import { ACCOUNT_CHANGED_KIND } from '@vizinhanca/shared/realtime/realtime-event';

/** Sign-ups awaiting a decision: the late ones (past 24 business hours) first, then newest first. */
export async function pendingUsers(deps: AppDeps): Promise<PendingUser[]> {
  const rows = await users.listPendingUsers(deps.db);
  const items = rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    cpf: row.cpf,
    phone: row.phone,
    apartment: row.apartment,
    invitedByName: row.invited_by_name,
    avatarUrl: row.avatar_url,
    createdAt: row.created_at,
  }));
  return overdueFirst(items, (item) => item.createdAt, deps.clock.now(), deps.config.CONDO_TIMEZONE);
}

export async function pendencies(deps: AppDeps, includePeople: boolean) {
  return {
    pendingUsers: includePeople ? await users.countPendingUsers(deps.db) : 0,
    pendingListings: await listings.pendingCount(deps),
  };
}

/** The summary cards, live counts; moderators get zero for what only admins see (people, billing). */
export async function summary(deps: AppDeps, isAdmin: boolean): Promise<AdminSummary> {
  const zero = Promise.resolve(0);
  const [pendingListings, pendingUsers, allUsers, advertisers, allListings, pendingOrders, activity, pendingBillings, openReports, openProblems] = await Promise.all([
    listings.pendingCount(deps),
    isAdmin ? users.countPendingUsers(deps.db) : zero,
    isAdmin ? users.countAll(deps) : zero,
    isAdmin ? listings.advertiserCount(deps) : zero,
    listings.totalCount(deps),
    orders.pendingCount(deps),
    audit.countLastDay(deps),
    isAdmin ? billing.pendingCount(deps) : zero,
    reports.openCount(deps),
    problems.openCount(deps),
  ]);
  return {
    pendingListings,
    pendingUsers,
    users: allUsers,
    advertisers,
    listings: allListings,
    pendingOrders,
    activityToday: activity.count,
    activityChangesAt: activity.changesAt,
    pendingBillings,
    openReports,
    openProblems,
  };
}

/** A sign-up decision in the audit log. */
function recordDecision(
  deps: AppDeps,
  trx: Db,
  { actorId, userId, status, reason }: { actorId: string; userId: string; status: 'approved' | 'rejected'; reason: string | null },
) {
  return audit.record(deps, trx, {
    actorId,
    action: status === 'approved' ? AUDIT_ACTIONS.userApproved : AUDIT_ACTIONS.userRejected,
    targetType: 'user',
    targetId: userId,
    before: { approvalStatus: 'pending' },
    after: { approvalStatus: status },
    reason,
  });
}

/** Approves a pending sign-up: the resident's screen moves on by itself and the promised e-mail goes out (through the queue). */
export async function approveUser(deps: AppDeps, { actorId, userId, meta }: { actorId: string; userId: string; meta: RequestMeta }) {
  await deps.db.transaction().execute(async (trx) => {
    const user = await users.decidePendingUser(trx, userId, { status: 'approved', reason: null }, deps.clock.now());
    if (!user) throw new AppError('CONFLICT', ADMIN_MESSAGES.userNotPending);
    await recordDecision(deps, trx, { actorId, userId, status: 'approved', reason: null });
    await notify(deps, trx, {
      userId,
      type: 'account_approved',
      title: 'Cadastro aprovado! 🎉',
      message: `Bem-vindo(a) ao ${deps.config.CONDO_NAME}! Seu cadastro foi aprovado e você já pode usar o app.`,
    });
    await deps.bus.publish(trx, { userId, kind: ACCOUNT_CHANGED_KIND, payload: { approvalStatus: 'approved' } });
    const email = renderEmail(deps.config, {
      subject: 'seu cadastro foi aprovado',
      greeting: `Olá, ${user.full_name}!`,
      paragraphs: [
        `A administração do ${deps.config.CONDO_NAME} aprovou o seu cadastro no Vizinhança.`,
        'Você já pode entrar e alugar itens, pedir comidas e contratar serviços dos seus vizinhos.',
      ],
      link: { label: 'Entrar no Vizinhança', url: `${meta.baseUrl}/auth` },
    });
    await enqueueEmail(deps, trx, { to: user.email, ...email }, `account-approved:${userId}`);
  });
  return { message: ADMIN_MESSAGES.userApproved };
}

/** Rejects a pending sign-up, with an optional reason shown on the pending screen and sent by e-mail. */
export async function rejectUser(
  deps: AppDeps,
  { actorId, userId, reason, meta }: { actorId: string; userId: string; reason: string | null; meta: RequestMeta },
) {
  await deps.db.transaction().execute(async (trx) => {
    const user = await users.decidePendingUser(trx, userId, { status: 'rejected', reason }, deps.clock.now());
    if (!user) throw new AppError('CONFLICT', ADMIN_MESSAGES.userNotPending);
    await recordDecision(deps, trx, { actorId, userId, status: 'rejected', reason });
    await deps.bus.publish(trx, { userId, kind: ACCOUNT_CHANGED_KIND, payload: { approvalStatus: 'rejected' } });
    const email = renderEmail(deps.config, {
      subject: 'seu cadastro não foi aprovado',
      greeting: `Olá, ${user.full_name}!`,
      paragraphs: [
        `A administração do ${deps.config.CONDO_NAME} não aprovou o seu cadastro no Vizinhança.`,
        ...(reason ? [`Motivo: ${reason}`] : []),
        `Em caso de dúvida, procure a portaria: ${deps.config.CONDO_PHONE}.`,
      ],
      link: { label: 'Abrir o Vizinhança', url: `${meta.baseUrl}/auth` },
    });
    await enqueueEmail(deps, trx, { to: user.email, ...email }, `account-rejected:${userId}`);
  });
  return { message: ADMIN_MESSAGES.userRejected };
}
