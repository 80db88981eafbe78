import { ADMIN_MESSAGES } from '@vizinhanca/shared/users/admin.schema';
import type { PendingUser } from '@vizinhanca/shared/users/user.schema';
import type { AppDeps, RequestMeta } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { sendInBackground } from '../../mail/mailer.ts';
import * as listings from '../listings/listings.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import * as users from '../users/users.repository.ts';

export const ACCOUNT_CHANGED_KIND = 'account.changed';

export async function pendingUsers(deps: AppDeps): Promise<PendingUser[]> {
  const rows = await users.listPendingUsers(deps.db);
  return rows.map((row) => ({
    id: row.id,
    fullName: row.full_name,
    email: row.email,
    cpf: row.cpf,
    phone: row.phone,
    apartment: row.apartment,
    invitedByName: row.invited_by_name,
    createdAt: row.created_at,
  }));
}

export async function pendencies(deps: AppDeps, includePeople: boolean) {
  return {
    pendingUsers: includePeople ? await users.countPendingUsers(deps.db) : 0,
    pendingListings: await listings.pendingCount(deps),
  };
}

/** Approves a pending sign-up: the resident's screen moves on by itself and the promised e-mail goes out. */
export async function approveUser(deps: AppDeps, userId: string, meta: RequestMeta) {
  const approved = await deps.db.transaction().execute(async (trx) => {
    const user = await users.decidePendingUser(trx, userId, { status: 'approved', reason: null });
    if (!user) throw new AppError('CONFLICT', ADMIN_MESSAGES.userNotPending);
    await notify(deps, trx, {
      userId,
      type: 'account_approved',
      title: 'Cadastro aprovado! 🎉',
      message: `Bem-vindo(a) ao ${deps.config.CONDO_NAME}! Seu cadastro foi aprovado e você já pode usar o app.`,
    });
    await deps.bus.publish(trx, { userId, kind: ACCOUNT_CHANGED_KIND, payload: { approvalStatus: 'approved' } });
    return user;
  });
  sendInBackground(deps.mailer, deps.logger, {
    to: approved.email,
    subject: `${deps.config.CONDO_NAME}: seu cadastro foi aprovado`,
    text: [
      `Olá, ${approved.full_name}!`,
      '',
      `A administração do ${deps.config.CONDO_NAME} aprovou o seu cadastro no Vizinhança.`,
      'Você já pode entrar e alugar itens, pedir comidas e contratar serviços dos seus vizinhos:',
      '',
      `${meta.baseUrl}/auth`,
    ].join('\n'),
  });
  return { message: ADMIN_MESSAGES.userApproved };
}

export async function rejectUser(deps: AppDeps, userId: string, reason: string | null) {
  await deps.db.transaction().execute(async (trx) => {
    const user = await users.decidePendingUser(trx, userId, { status: 'rejected', reason });
    if (!user) throw new AppError('CONFLICT', ADMIN_MESSAGES.userNotPending);
    await deps.bus.publish(trx, { userId, kind: ACCOUNT_CHANGED_KIND, payload: { approvalStatus: 'rejected' } });
  });
  return { message: ADMIN_MESSAGES.userRejected };
}
