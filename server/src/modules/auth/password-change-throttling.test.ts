// The current password asked by "Alterar senha" is a guess like a login's: someone holding a stolen
// session cookie must get no more checks of it than a login would, in parallel, in batches or across sessions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { AUTH_MESSAGES } from '@vizinhanca/shared/auth/auth.schema';
import { serveHttp } from '../../../test/http-server.ts';
import { createTestApp, expectError, type TestApp, type TestUser, type Api } from '../../../test/harness.ts';
import { verifyPassword } from '../../auth/crypto.ts';
import { SESSION_COOKIE_NAME } from '../../auth/sessions.ts';
import { HTTP_MESSAGES } from '../../http/hardening.ts';
import { LOGIN_ACCOUNT_SHAPE } from './auth.service.ts';

let app: TestApp;
let http: Awaited<ReturnType<typeof serveHttp>>;
let base: string;
beforeAll(async () => {
  app = await createTestApp();
  http = await serveHttp(app.deps);
  base = http.base;
});
afterAll(async () => {
  await http.close();
  await app.close();
});

const NEW_PASSWORD = 'jardim-de-outono';
const change = (currentPassword: string) => ({ currentPassword, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
/** How a change ended: 'changed', 'wrong' (the current password was checked) or 'throttled' (it was not). */
async function attempt(api: Api, currentPassword: string) {
  try {
    await api.auth.changePassword(change(currentPassword));
    return 'changed';
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'BAD_REQUEST') return 'wrong';
    if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS') return 'throttled';
    throw error;
  }
}

async function passwordIs(user: TestUser, password: string) {
  const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
  return verifyPassword(row.password_hash, password);
}

describe('checking the current password when changing it', () => {
  it('checks at most the free guesses of 100 sent in parallel on one session, the right one included', async () => {
    const user = await app.createUser();
    const { api } = await app.callerAs(user);
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 99 ? user.password : `chute-${i}`));
    const outcomes = await Promise.all(guesses.map((guess) => attempt(api, guess)));
    expect(outcomes.filter((outcome) => outcome !== 'throttled').length).toBeLessThanOrEqual(LOGIN_ACCOUNT_SHAPE.free);
    expect(outcomes).not.toContain('changed');
    expect(await passwordIs(user, user.password)).toBe(true);
  }, 60_000);

  it('counts guesses from every session of the account together', async () => {
    const user = await app.createUser();
    const sessions = await Promise.all(Array.from({ length: 4 }, () => app.callerAs(user)));
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => attempt(sessions[i % sessions.length]!.api, `chute-${i}`)));
    expect(outcomes.filter((outcome) => outcome === 'wrong').length).toBeLessThanOrEqual(LOGIN_ACCOUNT_SHAPE.free);
  }, 60_000);

  it('answers a throttled change in pt-BR, waits like a login, and a right password then starts the count over', async () => {
    const user = await app.createUser();
    const { api } = await app.callerAs(user);
    for (let i = 0; i < LOGIN_ACCOUNT_SHAPE.free; i++) await expectError(api.auth.changePassword(change(`chute-${i}`)), 'BAD_REQUEST', AUTH_MESSAGES.currentPasswordWrong);
    await expectError(api.auth.changePassword(change(user.password)), 'TOO_MANY_REQUESTS', 'Muitas tentativas com a senha atual. Tente novamente em 1 minuto.');
    expect(await passwordIs(user, user.password)).toBe(true);
    app.clock.advance(LOGIN_ACCOUNT_SHAPE.baseMs * 2);
    await expect(api.auth.changePassword(change(user.password))).resolves.toEqual({ message: AUTH_MESSAGES.passwordChanged });
    const keys = await app.db.selectFrom('throttles').select('key').where('key', 'like', `%:${user.id}`).execute();
    expect(keys).toEqual([]);
  });

  it('is never evaluated in a batch', async () => {
    const user = await app.createUser();
    const { token } = await app.deps.sessions.create(app.db, user.id, { ip: '127.0.0.1', userAgent: 'vitest' });
    for (const count of [1, 10]) {
      const inputs = Object.fromEntries(Array.from({ length: count }, (_, i) => [i, { json: change(i === count - 1 ? user.password : `chute-${i}`) }]));
      const paths = Array.from({ length: count }, () => 'auth.changePassword').join(',');
      const response = await fetch(`${base}/trpc/${paths}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie: `${SESSION_COOKIE_NAME}=${token}` },
        body: JSON.stringify(inputs),
      });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(HTTP_MESSAGES.notBatchable);
    }
    expect(await passwordIs(user, user.password)).toBe(true);
    const counted = await app.db.selectFrom('throttles').select('key').where('key', 'like', `%:${user.id}`).execute();
    expect(counted).toEqual([]);
  });
});
