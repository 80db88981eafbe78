import {
  INVITE_MESSAGES,
  INVITE_TTL_DAYS,
  type InvitePreview,
  type InvitesOverview,
  type sendInviteSchema,
} from '@vizinhanca/shared/invites/invite.schema';
import { effectiveInviteStatus, inviteLink, inviteTypeFor } from '@vizinhanca/shared/invites/invite.rules';
import type { z } from 'zod';
import type { AppDeps, RequestMeta } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import type { ScheduledJob } from '../../jobs/scheduled-job.ts';
import { sendInBackground } from '../../mail/mailer.ts';
import { notify } from '../notifications/notifications.service.ts';
import { withinRate } from '../throttle/throttle.service.ts';
import * as invites from './invites.repository.ts';
import { INVITES_CHANGED_KIND } from '@vizinhanca/shared/realtime/realtime-event';

const DAY_MS = 24 * 60 * 60 * 1000;
const expiryFrom = (now: Date) => new Date(now.getTime() + INVITE_TTL_DAYS * DAY_MS);

export async function overview(deps: AppDeps, userId: string): Promise<InvitesOverview> {
  const now = deps.clock.now();
  const [rows, share] = await Promise.all([invites.listByInviter(deps.db, userId), invites.findShareCode(deps.db, userId)]);
  const list = rows.map((row) => ({
    id: row.id,
    email: row.email,
    apartment: row.apartment,
    type: row.type,
    status: effectiveInviteStatus(row.status, row.expires_at, now),
    expiresAt: row.expires_at,
    createdAt: row.created_at,
  }));
  return {
    invites: list,
    counts: {
      sent: list.length,
      accepted: list.filter((invite) => invite.status === 'accepted').length,
      pending: list.filter((invite) => invite.status === 'pending').length,
    },
    shareCode: share.code,
  };
}

function sendInviteEmail(deps: AppDeps, meta: RequestMeta, invite: { email: string; code: string; inviterName: string }) {
  const link = inviteLink(meta.baseUrl, invite.code);
  sendInBackground(deps.mailer, deps.logger, {
    to: invite.email,
    subject: `${invite.inviterName} convidou você para o Vizinhança do ${deps.config.CONDO_NAME}`,
    text: [
      'Olá!',
      '',
      `${invite.inviterName} convidou você para o Vizinhança, o app dos vizinhos do ${deps.config.CONDO_NAME}:`,
      'alugue itens por dia, peça comida caseira e contrate serviços de quem mora perto.',
      '',
      `Para criar sua conta, abra o link abaixo (válido por ${INVITE_TTL_DAYS} dias):`,
      '',
      link,
      '',
      'Depois do cadastro, a administração do condomínio confirma seus dados antes de liberar o acesso.',
    ].join('\n'),
  });
}

/** Counted atomically against the inviter's daily limit (parallel sends included); a refused invite is not counted. */
export async function send(deps: AppDeps, { userId, input, meta }: { userId: string; input: z.output<typeof sendInviteSchema>; meta: RequestMeta }) {
  const now = deps.clock.now();
  const created = await withinRate(deps, { name: 'invitesPerUser', subject: userId, message: INVITE_MESSAGES.dailyLimit }, () =>
    deps.db.transaction().execute(async (trx) => {
      if (await invites.emailBelongsToUser(trx, input.email)) throw new AppError('CONFLICT', INVITE_MESSAGES.alreadyResident);
      // An old invite to this e-mail that ran out no longer blocks a new one.
      await invites.expirePending(trx, now, input.email);
      if (await invites.findPendingByEmail(trx, input.email, now)) throw new AppError('CONFLICT', INVITE_MESSAGES.alreadyPending);
      const invite = await invites.insertInvite(trx, {
        inviterId: userId,
        email: input.email,
        apartment: input.apartment,
        type: inviteTypeFor(input.apartment),
        now,
        expiresAt: expiryFrom(now),
      });
      await deps.bus.publish(trx, { userId, kind: INVITES_CHANGED_KIND, payload: {} });
      return invite;
    }),
  );
  const { fullName } = await invites.findShareCode(deps.db, userId);
  sendInviteEmail(deps, meta, { email: input.email, code: created.code, inviterName: fullName });
  return { id: created.id, message: INVITE_MESSAGES.sent };
}

/**
 * Sends the link again and gives it 7 more days from now; an expired invite comes back to life.
 * A few times a day per invite: each one is an e-mail to someone outside the app.
 */
export async function resend(deps: AppDeps, { userId, inviteId, meta }: { userId: string; inviteId: string; meta: RequestMeta }) {
  const now = deps.clock.now();
  const resendLimit = { name: 'resendsPerInvite', subject: inviteId, message: INVITE_MESSAGES.resendLimit } as const;
  const invite = await withinRate(deps, resendLimit, () => deps.db.transaction().execute(async (trx) => {
    const row = await invites.findOwnForUpdate(trx, inviteId, userId);
    if (!row) throw new AppError('NOT_FOUND', INVITE_MESSAGES.notFound);
    const status = effectiveInviteStatus(row.status, row.expires_at, now);
    if (status !== 'pending' && status !== 'expired') throw new AppError('CONFLICT', INVITE_MESSAGES.notResendable);
    if (await invites.emailBelongsToUser(trx, row.email)) throw new AppError('CONFLICT', INVITE_MESSAGES.alreadyResident);
    if (row.status === 'expired' && (await invites.findPendingByEmail(trx, row.email, now))) {
      throw new AppError('CONFLICT', INVITE_MESSAGES.alreadyPending);
    }
    await invites.updateInvite(trx, row.id, { status: 'pending', expiresAt: expiryFrom(now), now });
    return row;
  }));
  const { fullName } = await invites.findShareCode(deps.db, userId);
  sendInviteEmail(deps, meta, { email: invite.email, code: invite.code, inviterName: fullName });
  return { message: INVITE_MESSAGES.resent };
}

/** Cancelling stops the link working at once. */
export async function cancel(deps: AppDeps, userId: string, inviteId: string) {
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const row = await invites.findOwnForUpdate(trx, inviteId, userId);
    if (!row) throw new AppError('NOT_FOUND', INVITE_MESSAGES.notFound);
    if (effectiveInviteStatus(row.status, row.expires_at, now) !== 'pending') throw new AppError('CONFLICT', INVITE_MESSAGES.notPending);
    await invites.updateInvite(trx, row.id, { status: 'cancelled', now });
  });
  return { message: INVITE_MESSAGES.cancelled };
}

/** Why a personal invite code does not open sign-up, or null when it does. */
function refusalFor(status: string, expiresAt: Date, now: Date): string | null {
  switch (effectiveInviteStatus(status as never, expiresAt, now)) {
    case 'pending':
      return null;
    case 'accepted':
      return INVITE_MESSAGES.alreadyUsed;
    case 'cancelled':
      return INVITE_MESSAGES.cancelledCode;
    default:
      return INVITE_MESSAGES.expired;
  }
}

/** What the link page shows: who invited, and the e-mail and apartment to fill in. */
export async function preview(deps: AppDeps, code: string): Promise<InvitePreview> {
  const invite = await invites.findByCode(deps.db, code);
  if (invite) {
    const refusal = refusalFor(invite.status, invite.expires_at, deps.clock.now());
    if (refusal) throw new AppError('BAD_REQUEST', refusal);
    return { code, inviterName: invite.inviter_name, email: invite.email, apartment: invite.apartment };
  }
  const resident = await invites.findResidentByShareCode(deps.db, code);
  if (!resident) throw new AppError('NOT_FOUND', INVITE_MESSAGES.notFound);
  return { code, inviterName: resident.full_name, email: null, apartment: null };
}

/**
 * Inside the sign-up's transaction: the code used (or a pending invite to this
 * e-mail) is marked accepted and the inviter is told. A bad code throws, so the
 * sign-up is rolled back. The invite's row is locked until the sign-up commits:
 * of sign-ups racing with one code, the first takes it and the others read it used.
 * Returns who invited the new person, if anyone.
 */
export async function acceptOnSignUp(deps: AppDeps, trx: Db, signUp: { code: string | null; email: string; userId: string; fullName: string }) {
  const now = deps.clock.now();
  let inviterId: string | null = null;
  const accepted: string[] = [];
  if (signUp.code) {
    const invite = await invites.findByCodeForUpdate(trx, signUp.code);
    if (invite) {
      const refusal = refusalFor(invite.status, invite.expires_at, now);
      if (refusal) throw new AppError('BAD_REQUEST', refusal);
      accepted.push(invite.id);
      inviterId = invite.inviter_id;
    } else {
      const resident = await invites.findResidentByShareCode(trx, signUp.code);
      if (!resident) throw new AppError('NOT_FOUND', INVITE_MESSAGES.notFound);
      inviterId = resident.id;
    }
  }
  const byEmail = await invites.findPendingByEmail(trx, signUp.email, now);
  if (byEmail && !accepted.includes(byEmail.id)) {
    accepted.push(byEmail.id);
    inviterId ??= byEmail.inviter_id;
  }
  for (const inviteId of accepted) {
    const row = await invites.markAccepted(trx, inviteId, signUp.userId, now);
    if (!row) throw new AppError('CONFLICT', INVITE_MESSAGES.alreadyUsed);
    await notify(deps, trx, {
      userId: row.inviter_id,
      type: 'status_update',
      title: 'Convite aceito!',
      message: `${signUp.fullName} aceitou seu convite e criou a conta. A administração ainda vai aprovar o cadastro.`,
    });
    await deps.bus.publish(trx, { userId: row.inviter_id, kind: INVITES_CHANGED_KIND, payload: {} });
  }
  return inviterId;
}

export function exportFor(deps: AppDeps, userId: string) {
  return invites.listForExport(deps.db, userId);
}

/** Marks pending invites whose 7 days have passed as expired; reads already treat them so. */
export const expireInvitesJob: ScheduledJob = {
  name: 'invites.expire',
  cron: '*/15 * * * *',
  async run(deps) {
    await deps.db.transaction().execute(async (trx) => {
      const expired = await invites.expirePending(trx, deps.clock.now());
      for (const inviterId of new Set(expired.map((row) => row.inviter_id))) {
        await deps.bus.publish(trx, { userId: inviterId, kind: INVITES_CHANGED_KIND, payload: {} });
      }
    });
  },
};
