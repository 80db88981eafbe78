import { AUTH_MESSAGES, storedApartment, type changePasswordSchema, type loginSchema, type resetPasswordSchema, type signUpSchema } from '@vizinhanca/shared/auth/auth.schema';
import type { ErrorReason } from '@vizinhanca/shared/errors/error-reason';
import type { z } from 'zod';
import { decoyPasswordHash, generateToken, hashPassword, sha256Hex, verifyPassword } from '../../auth/crypto.ts';
import { deviceCookie } from '../../auth/device-cookie.ts';
import type { AuthSession } from '../../auth/sessions.ts';
import type { AppDeps, RequestMeta } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { sendInBackground } from '../../mail/mailer.ts';
import * as users from '../users/users.service.ts';
import * as throttle from '../throttle/throttle.service.ts';
import type { BackoffShape, RateLimitName, WindowShape } from '../throttle/throttle.service.ts';
import { AUDIT_ACTIONS } from '@vizinhanca/shared/audit/audit.schema';
import * as audit from '../audit/audit.service.ts';
import { acceptOnSignUp } from '../invites/invites.service.ts';
import * as authRepository from './auth.repository.ts';
import type { OneTimeLinkTable } from './auth.repository.ts';
import { notifyStaffOfPendingItem } from '../notifications/pending-items.ts';

export const PASSWORD_RESET_TTL_MINUTES = 60;
/** Short: the link stands in for the password on a browser the account never saw. */
export const SIGN_IN_LINK_TTL_MINUTES = 15;

/**
 * An account under attack: 5 guesses pass at once, then each one waits twice as
 * long as the last (1 s, 2 s, 4 s... up to 15 min). Never a lock for good: the
 * resident's own browser (device cookie) is not slowed by the attacker's guesses.
 */
export const LOGIN_ACCOUNT_SHAPE: BackoffShape = { kind: 'backoff', free: 5, baseMs: 1000, maxMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };
/** A device that signed in before gets its own, roomier allowance (a family member mistyping). */
export const LOGIN_DEVICE_SHAPE: BackoffShape = { kind: 'backoff', free: 10, baseMs: 1000, maxMs: 15 * 60_000, forgetAfterMs: 60 * 60_000 };
/** One address: a whole condominium may sit behind one router, so a wide window that stops only bulk guessing. */
export const LOGIN_ADDRESS_SHAPE: WindowShape = { kind: 'window', limit: 100, windowMs: 15 * 60_000 };

/** Login attempts are kept for a day (the throttling windows are shorter), then the housekeeping job forgets them. */
export const LOGIN_ATTEMPTS_KEPT_MS = 24 * 3600_000;

export function forgetOldLoginAttempts(deps: AppDeps) {
  return authRepository.deleteOldLoginAttempts(deps.db, new Date(deps.clock.now().getTime() - LOGIN_ATTEMPTS_KEPT_MS));
}

export function tooManyAttemptsMessage(minutes: string): string {
  return `Muitas tentativas de login. Tente novamente em ${minutes}.`;
}

export function tooManyPasswordChecksMessage(minutes: string): string {
  return `Muitas tentativas com a senha atual. Tente novamente em ${minutes}.`;
}

/** Counts one password check on each key, in order, before the password is read; the first key refused stops it. */
async function countPasswordCheck(
  deps: AppDeps,
  keys: { key: string; shape: BackoffShape | WindowShape }[],
  refusal: { message: (minutes: string) => string; reason: ErrorReason },
) {
  for (const { key, shape } of keys) {
    const result = await throttle.hit(deps, key, shape);
    if (!result.allowed) throw new AppError('TOO_MANY_REQUESTS', refusal.message(throttle.minutesUntil(deps, result.retryAt)), refusal.reason);
  }
}

/** The request a sign-in or sign-out answers: where it came from, and how to set cookies on its answer. */
interface CookieExchange {
  meta: RequestMeta;
  setCookie: (header: string) => void;
}

function setSessionCookie(deps: AppDeps, token: string, { meta, setCookie }: CookieExchange) {
  setCookie(deps.sessions.sessionCookie(token, meta.secure));
}

export async function signUp(
  deps: AppDeps,
  input: z.output<typeof signUpSchema>,
  { meta, setCookie }: CookieExchange,
) {
  await throttle.limitRate(deps, { name: 'signUpsPerIp', subject: meta.ip ?? 'unknown', limit: deps.config.SIGNUPS_PER_ADDRESS_PER_HOUR });
  const taken = await users.emailOrCpfTaken(deps.db, input.email, input.cpf);
  if (taken.email) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
  if (taken.cpf) throw new AppError('CONFLICT', AUTH_MESSAGES.cpfTaken);
  const passwordHash = await hashPassword(input.password);
  // A concurrent sign-up with the same e-mail or CPF still fails on the unique
  // indexes; the error formatter turns that into the same message.
  // The account and its first session are written together: a refused invite leaves neither.
  const { user, token } = await deps.db.transaction().execute(async (trx) => {
    const created = await users.insertUser(trx, {
      email: input.email,
      passwordHash,
      fullName: input.fullName,
      cpf: input.cpf,
      phone: input.phone,
      block: input.block || null,
      apartment: storedApartment(input.block, input.apartment),
      createdAt: deps.clock.now(),
    });
    await audit.record(deps, trx, { actorId: created.id, action: AUDIT_ACTIONS.userSignedUp, targetType: 'user', targetId: created.id });
    // A bad invite code throws here and the sign-up is rolled back.
    const inviterId = await acceptOnSignUp(deps, trx, { code: input.inviteCode, email: input.email, userId: created.id, fullName: input.fullName });
    if (inviterId) await users.setInvitedBy(trx, created.id, inviterId);
    await notifyStaffOfPendingItem(deps, trx, { kind: 'sign_up', id: created.id, label: input.fullName });
    const session = await deps.sessions.create(trx, created.id, meta);
    return { user: created, token: session.token };
  });
  deps.logger.info({ userId: user.id }, 'new sign-up awaiting approval');
  setSessionCookie(deps, token, { meta, setCookie });
  return { message: AUTH_MESSAGES.signUpSuccess };
}

/**
 * Every guess is counted before its password is checked, in the statement that
 * decides whether it may be checked at all: parallel or batched guesses cannot
 * get more evaluations than the limits allow.
 */
export async function login(
  deps: AppDeps,
  input: z.output<typeof loginSchema>,
  { meta, setCookie }: CookieExchange,
) {
  const device = meta.deviceToken ? await authRepository.findDeviceForEmail(deps.db, sha256Hex(meta.deviceToken), input.email) : undefined;
  const keys = device
    ? [{ key: `login-device:${device.token_hash}`, shape: LOGIN_DEVICE_SHAPE }]
    : [
        { key: `login-address:${meta.ip ?? 'unknown'}`, shape: LOGIN_ADDRESS_SHAPE },
        { key: `login-account:${input.email}`, shape: LOGIN_ACCOUNT_SHAPE },
      ];
  await countPasswordCheck(deps, keys, { message: tooManyAttemptsMessage, reason: 'LOGIN_THROTTLED' });

  const credentials = await users.findCredentialsByEmail(deps.db, input.email);
  const valid = await verifyPassword(credentials?.password_hash ?? (await decoyPasswordHash()), input.password);
  await authRepository.recordLoginAttempt(deps.db, { email: input.email, ip: meta.ip ?? 'unknown', succeeded: Boolean(credentials && valid), now: deps.clock.now() });
  if (!credentials || !valid) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.loginFailed);

  const { token: sessionToken } = await deps.sessions.create(deps.db, credentials.id, meta);
  setSessionCookie(deps, sessionToken, { meta, setCookie });
  // A success wipes the account's (or device's) count; the shared address only takes this one back.
  if (device) {
    await throttle.clear(deps, `login-device:${device.token_hash}`);
    await authRepository.touchDevice(deps.db, device.token_hash, deps.clock.now());
  } else {
    await throttle.forgiveOne(deps, `login-address:${meta.ip ?? 'unknown'}`);
    await throttle.clear(deps, `login-account:${input.email}`);
    setCookie(await rememberDevice(deps, deps.db, { userId: credentials.id, meta }));
  }
  return { message: AUTH_MESSAGES.loginSuccess };
}

export async function logout(deps: AppDeps, session: AuthSession, { meta, setCookie }: CookieExchange) {
  await deps.db.transaction().execute(async (trx) => {
    await deps.sessions.revoke(trx, session);
    await deps.sockets.requestClose(trx, session.userId, session.id);
  });
  setCookie(deps.sessions.blankCookie(meta.secure));
  return { message: AUTH_MESSAGES.logoutSuccess };
}

/**
 * E-mails a one-time link to the account with this address, if there is one; counted for
 * every address asked, known or not, so neither the answer nor a refusal reveals who has an account.
 */
async function emailOneTimeLink(
  deps: AppDeps,
  { email, meta }: { email: string; meta: RequestMeta },
  link: { table: OneTimeLinkTable; limits: { perIp: RateLimitName; perAddress: RateLimitName }; ttlMinutes: number; path: string; subject: string; text: (url: string) => string[] },
) {
  await throttle.limitRate(deps, { name: link.limits.perIp, subject: meta.ip ?? 'unknown' });
  await throttle.limitRate(deps, { name: link.limits.perAddress, subject: email });
  const user = await users.findUserIdByEmail(deps.db, email);
  if (!user) return;
  const token = generateToken();
  await authRepository.insertOneTimeLink(deps.db, link.table, {
    tokenHash: sha256Hex(token),
    userId: user.id,
    expiresAt: new Date(deps.clock.now().getTime() + link.ttlMinutes * 60_000),
    createdAt: deps.clock.now(),
  });
  const url = `${meta.baseUrl}${link.path}?token=${encodeURIComponent(token)}`;
  sendInBackground(deps.mailer, deps.logger, { to: email, subject: `${deps.config.CONDO_NAME}: ${link.subject}`, text: link.text(url).join('\n') });
}

/** Always answers the same, so the form does not reveal who has an account. */
export async function requestPasswordReset(deps: AppDeps, email: string, meta: RequestMeta) {
  await emailOneTimeLink(deps, { email, meta }, {
    table: 'password_reset_tokens',
    limits: { perIp: 'resetRequestsPerIp', perAddress: 'resetEmailsPerAddress' },
    ttlMinutes: PASSWORD_RESET_TTL_MINUTES,
    path: '/redefinir-senha',
    subject: 'redefinição de senha',
    text: (url) => [
      'Olá!',
      '',
      'Recebemos um pedido para redefinir a senha da sua conta no Vizinhança.',
      'Para criar uma nova senha, abra o link abaixo (válido por 1 hora, uma única vez):',
      '',
      url,
      '',
      'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
    ],
  });
  return { message: AUTH_MESSAGES.resetRequested };
}

/**
 * The way in for a browser that never signed in while someone else's guesses keep the
 * account's login slowed: a short-lived, single-use link to the account's e-mail.
 * Always answers the same, like the reset.
 */
export async function requestSignInLink(deps: AppDeps, email: string, meta: RequestMeta) {
  await emailOneTimeLink(deps, { email, meta }, {
    table: 'sign_in_links',
    limits: { perIp: 'signInLinkRequestsPerIp', perAddress: 'signInLinkEmailsPerAddress' },
    ttlMinutes: SIGN_IN_LINK_TTL_MINUTES,
    path: '/entrar-com-link',
    subject: 'seu link de acesso',
    text: (url) => [
      'Olá!',
      '',
      'Recebemos um pedido para entrar na sua conta do Vizinhança por um link, sem a senha.',
      `Para entrar, abra o link abaixo no aparelho em que quer usar o app (válido por ${SIGN_IN_LINK_TTL_MINUTES} minutos, uma única vez):`,
      '',
      url,
      '',
      'Se não foi você, ignore este e-mail. Se a tela de login avisou de muitas tentativas, alguém pode estar',
      'tentando adivinhar a sua senha: depois de entrar, troque-a em Configurações.',
    ],
  });
  return { message: AUTH_MESSAGES.signInLinkRequested };
}

/**
 * This browser becomes a known device of the account: its owner signs in past the account's
 * slowed login (device-cookie.ts). Returns the cookie, to be set once the row is committed.
 */
async function rememberDevice(deps: AppDeps, db: Db, { userId, meta }: { userId: string; meta: RequestMeta }): Promise<string> {
  const token = generateToken();
  await authRepository.insertDevice(db, { tokenHash: sha256Hex(token), userId, now: deps.clock.now() });
  return deviceCookie(token, meta.secure);
}

/** Opens a session from an e-mailed sign-in link, once; the browser becomes a known device of the account. */
export async function signInWithLink(deps: AppDeps, token: string, { meta, setCookie }: CookieExchange) {
  const signedIn = await deps.db.transaction().execute(async (trx) => {
    const consumed = await authRepository.consumeOneTimeLink(trx, 'sign_in_links', sha256Hex(token), deps.clock.now());
    if (!consumed) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.signInLinkInvalid);
    // The other links sent meanwhile stop working: one way in per request of the owner.
    await authRepository.invalidateUserLinks(trx, consumed.user_id, deps.clock.now());
    const device = await rememberDevice(deps, trx, { userId: consumed.user_id, meta });
    return { device, sessionToken: (await deps.sessions.create(trx, consumed.user_id, meta)).token };
  });
  setSessionCookie(deps, signedIn.sessionToken, { meta, setCookie });
  setCookie(signedIn.device);
  return { message: AUTH_MESSAGES.loginSuccess };
}

/** Sign-in links (used or not) a day past their expiry: nothing needs them. */
export function forgetOldSignInLinks(deps: AppDeps) {
  return authRepository.deleteLinksExpiredBefore(deps.db, 'sign_in_links', new Date(deps.clock.now().getTime() - 24 * 3600_000));
}

/**
 * Sets the new password from the e-mailed link. The account's devices are forgotten (a stolen
 * cookie stops passing), its slowed login starts over, and the browser that reset becomes its
 * one known device: the owner gets in even while someone keeps guessing.
 */
export async function resetPassword(deps: AppDeps, input: z.output<typeof resetPasswordSchema>, { meta, setCookie }: CookieExchange) {
  const passwordHash = await hashPassword(input.password);
  const { userId, device } = await deps.db.transaction().execute(async (trx) => {
    const consumed = await authRepository.consumeOneTimeLink(trx, 'password_reset_tokens', sha256Hex(input.token), deps.clock.now());
    if (!consumed) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetInvalid);
    await users.updatePasswordHash(trx, consumed.user_id, passwordHash, deps.clock.now());
    await audit.record(deps, trx, { actorId: consumed.user_id, action: AUDIT_ACTIONS.userPasswordReset, targetType: 'user', targetId: consumed.user_id });
    await authRepository.invalidateUserLinks(trx, consumed.user_id, deps.clock.now());
    await authRepository.deleteUserDevices(trx, consumed.user_id);
    const remembered = await rememberDevice(deps, trx, { userId: consumed.user_id, meta });
    await deps.sessions.revokeAll(trx, consumed.user_id);
    await deps.sockets.requestClose(trx, consumed.user_id);
    return { userId: consumed.user_id, device: remembered };
  });
  setCookie(device);
  const account = await users.findProfile(deps.db, userId);
  if (account) await throttle.clear(deps, `login-account:${account.email}`);
  await throttle.clear(deps, `password-check-account:${userId}`);
  return { message: AUTH_MESSAGES.resetSuccess };
}

/**
 * Changing the password ends the user's other sessions and closes their sockets everywhere.
 * The current password is a guess like a login's (a stolen session cookie must not find it):
 * counted per session and per account before it is checked.
 */
export async function changePassword(deps: AppDeps, session: AuthSession, input: z.output<typeof changePasswordSchema>) {
  const keys = [
    { key: `password-check-session:${session.id}`, shape: LOGIN_ACCOUNT_SHAPE },
    { key: `password-check-account:${session.userId}`, shape: LOGIN_ACCOUNT_SHAPE },
  ];
  await countPasswordCheck(deps, keys, { message: tooManyPasswordChecksMessage, reason: 'TOO_MANY_REQUESTS' });
  const current = await users.findPasswordHash(deps.db, session.userId);
  if (!current || !(await verifyPassword(current.password_hash, input.currentPassword))) {
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.currentPasswordWrong, 'CURRENT_PASSWORD_WRONG');
  }
  for (const { key } of keys) await throttle.clear(deps, key);
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction().execute(async (trx) => {
    await users.updatePasswordHash(trx, session.userId, passwordHash, deps.clock.now());
    await audit.record(deps, trx, { actorId: session.userId, action: AUDIT_ACTIONS.userPasswordChanged, targetType: 'user', targetId: session.userId });
    await deps.sessions.revokeAll(trx, session.userId, session.id);
    await authRepository.invalidateUserLinks(trx, session.userId, deps.clock.now());
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
