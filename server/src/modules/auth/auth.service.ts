import { setTimeout as sleep } from 'node:timers/promises';
import { AUTH_MESSAGES, storedApartment, type changePasswordSchema, type loginSchema, type resetPasswordSchema, type signUpSchema } from '@vizinhanca/shared/auth/auth.schema';
import type { z } from 'zod';
import { decoyPasswordHash, generateToken, hashPassword, sha256Hex, verifyPassword } from '../../auth/crypto.ts';
import type { AuthSession } from '../../auth/sessions.ts';
import type { AppDeps, RequestMeta } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { sendInBackground } from '../../mail/mailer.ts';
import { acceptOnSignUp } from '../invites/invites.service.ts';
import * as users from '../users/users.repository.ts';
import * as authRepository from './auth.repository.ts';

export const LOGIN_WINDOW_MINUTES = 15;
/** From this many failures in the window, each answer is slowed down. */
export const LOGIN_SLOWDOWN_AFTER = 3;
/** From this many failures for one e-mail in the window, logins are refused until the window passes. */
export const LOGIN_MAX_FAILURES_PER_EMAIL = 8;
export const LOGIN_MAX_FAILURES_PER_IP = 40;
export const PASSWORD_RESET_TTL_MINUTES = 60;

export function tooManyAttemptsMessage(retryAt: Date, now = new Date()): string {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
  return `Muitas tentativas de login. Tente novamente em ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}.`;
}

async function startSession(deps: AppDeps, userId: string, meta: RequestMeta, setCookie: (header: string) => void) {
  const { token } = await deps.sessions.create(userId, meta);
  setCookie(deps.sessions.sessionCookie(token, meta.secure));
}

export async function signUp(
  deps: AppDeps,
  input: z.output<typeof signUpSchema>,
  meta: RequestMeta,
  setCookie: (header: string) => void,
) {
  const taken = await users.emailOrCpfTaken(deps.db, input.email, input.cpf);
  if (taken.email) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
  if (taken.cpf) throw new AppError('CONFLICT', AUTH_MESSAGES.cpfTaken);
  const passwordHash = await hashPassword(input.password);
  // A concurrent sign-up with the same e-mail or CPF still fails on the unique
  // indexes; the error formatter turns that into the same message.
  const user = await deps.db.transaction().execute(async (trx) => {
    const created = await users.insertUser(trx, {
      email: input.email,
      passwordHash,
      fullName: input.fullName,
      cpf: input.cpf,
      phone: input.phone,
      block: input.block || null,
      apartment: storedApartment(input.block, input.apartment),
    });
    // A bad invite code throws here and the sign-up is rolled back.
    const inviterId = await acceptOnSignUp(deps, trx, { code: input.inviteCode, email: input.email, userId: created.id, fullName: input.fullName });
    if (inviterId) await users.setInvitedBy(trx, created.id, inviterId);
    return created;
  });
  deps.logger.info({ userId: user.id }, 'new sign-up awaiting approval');
  await startSession(deps, user.id, meta, setCookie);
  return { message: AUTH_MESSAGES.signUpSuccess };
}

export async function login(
  deps: AppDeps,
  input: z.output<typeof loginSchema>,
  meta: RequestMeta,
  setCookie: (header: string) => void,
) {
  const ip = meta.ip ?? 'unknown';
  const since = new Date(Date.now() - LOGIN_WINDOW_MINUTES * 60_000);
  const [byEmail, byIp] = await Promise.all([
    authRepository.recentFailures(deps.db, { column: 'email', value: input.email }, since),
    authRepository.recentFailures(deps.db, { column: 'ip', value: ip }, since),
  ]);
  const blockedBy =
    byEmail.count >= LOGIN_MAX_FAILURES_PER_EMAIL ? byEmail : byIp.count >= LOGIN_MAX_FAILURES_PER_IP ? byIp : null;
  if (blockedBy?.latest) {
    const retryAt = new Date(blockedBy.latest.getTime() + LOGIN_WINDOW_MINUTES * 60_000);
    throw new AppError('TOO_MANY_REQUESTS', tooManyAttemptsMessage(retryAt), { retryAt: retryAt.toISOString() });
  }
  const failures = Math.max(byEmail.count, Math.floor(byIp.count / 4));
  if (failures >= LOGIN_SLOWDOWN_AFTER) await sleep(Math.min(failures - LOGIN_SLOWDOWN_AFTER + 1, 5) * 300);

  const credentials = await users.findCredentialsByEmail(deps.db, input.email);
  const valid = await verifyPassword(credentials?.password_hash ?? (await decoyPasswordHash()), input.password);
  await authRepository.recordLoginAttempt(deps.db, { email: input.email, ip, succeeded: Boolean(credentials && valid) });
  if (!credentials || !valid) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.loginFailed);

  await startSession(deps, credentials.id, meta, setCookie);
  return { message: AUTH_MESSAGES.loginSuccess };
}

export async function logout(deps: AppDeps, session: AuthSession, meta: RequestMeta, setCookie: (header: string) => void) {
  await deps.db.transaction().execute(async (trx) => {
    await deps.sessions.invalidate(session.id);
    await deps.sockets.requestClose(trx, session.userId, session.id);
  });
  setCookie(deps.sessions.blankCookie(meta.secure));
  return { message: AUTH_MESSAGES.logoutSuccess };
}

/** Always answers the same, so the form does not reveal who has an account. */
export async function requestPasswordReset(deps: AppDeps, email: string, meta: RequestMeta) {
  const user = await users.findUserIdByEmail(deps.db, email);
  if (user) {
    const token = generateToken();
    await authRepository.insertPasswordResetToken(deps.db, {
      tokenHash: sha256Hex(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000),
    });
    const link = `${meta.baseUrl}/redefinir-senha?token=${encodeURIComponent(token)}`;
    sendInBackground(deps.mailer, deps.logger, {
      to: email,
      subject: `${deps.config.CONDO_NAME}: redefinição de senha`,
      text: [
        'Olá!',
        '',
        'Recebemos um pedido para redefinir a senha da sua conta no Vizinhança.',
        'Para criar uma nova senha, abra o link abaixo (válido por 1 hora, uma única vez):',
        '',
        link,
        '',
        'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
      ].join('\n'),
    });
  }
  return { message: AUTH_MESSAGES.resetRequested };
}

export async function resetPassword(deps: AppDeps, input: z.output<typeof resetPasswordSchema>) {
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    const consumed = await authRepository.consumePasswordResetToken(trx, sha256Hex(input.token));
    if (!consumed) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetInvalid);
    await users.updatePasswordHash(trx, consumed.user_id, passwordHash);
    await authRepository.invalidateUserResetTokens(trx, consumed.user_id);
    await trx.deleteFrom('sessions').where('user_id', '=', consumed.user_id).execute();
    await deps.sockets.requestClose(trx, consumed.user_id);
  });
  return { message: AUTH_MESSAGES.resetSuccess };
}

/** Changing the password ends the user's other sessions and closes their sockets everywhere. */
export async function changePassword(deps: AppDeps, session: AuthSession, input: z.output<typeof changePasswordSchema>) {
  const current = await users.findPasswordHash(deps.db, session.userId);
  if (!current || !(await verifyPassword(current.password_hash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await users.updatePasswordHash(trx, session.userId, passwordHash);
    await trx.deleteFrom('sessions').where('user_id', '=', session.userId).where('id', '!=', session.id).execute();
    await authRepository.invalidateUserResetTokens(trx, session.userId);
    await deps.sockets.requestClose(trx, session.userId);
  });
  const account = await users.findProfile(deps.db, session.userId);
  if (account) {
    sendInBackground(deps.mailer, deps.logger, {
      to: account.email,
      subject: `${deps.config.CONDO_NAME}: sua senha foi alterada`,
      text: [
        `Olá, ${account.full_name}!`,
        '',
        'A senha da sua conta no Vizinhança acabou de ser alterada, e as outras sessões abertas foram encerradas.',
        '',
        'Se foi você, está tudo certo. Se não foi, redefina a senha pela tela de login ("Esqueci minha senha")',
        'e avise a administração do condomínio.',
      ].join('\n'),
    });
  }
  return { message: AUTH_MESSAGES.passwordChanged };
}
