// Login throttling under attack: parallel guesses, one address, and the resident's own browser.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { LOGIN_ACCOUNT_SHAPE, LOGIN_ADDRESS_SHAPE, LOGIN_DEVICE_SHAPE } from './auth.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** Tries a login and says how it ended: 'ok', 'wrong' (the password was checked) or 'throttled' (it was not). */
async function attempt(user: { email: string }, password: string, meta: { ip?: string; deviceToken?: string | null } = {}) {
  const { api, cookies } = await app.callerAs(null, { ip: meta.ip ?? '203.0.113.9', deviceToken: meta.deviceToken ?? null });
  try {
    await api.auth.login({ email: user.email, password });
    return { outcome: 'ok' as const, cookies };
  } catch (error) {
    const code = (error as TRPCError).code;
    if (code === 'UNAUTHORIZED') return { outcome: 'wrong' as const, cookies };
    if (code === 'TOO_MANY_REQUESTS') return { outcome: 'throttled' as const, cookies };
    // On a loaded machine some of 1,000 parallel calls wait too long for a pooled connection (the app
    // answers those 'SERVICE_UNAVAILABLE'); they were not answered either way, and the login_attempts
    // rows count what was evaluated.
    if (code === 'SERVICE_UNAVAILABLE' || /timeout/i.test(String((error as Error).cause ?? (error as Error).message))) return { outcome: 'unanswered' as const, cookies };
    throw error;
  }
}

function deviceTokenFrom(cookies: string[]): string {
  const cookie = cookies.find((header) => header.startsWith('vz_device='));
  expect(cookie).toMatch(/HttpOnly/);
  return /^vz_device=([^;]+)/.exec(cookie!)![1]!;
}

async function evaluatedAttempts(email: string): Promise<number> {
  const rows = await app.db.selectFrom('login_attempts').select('id').where('email', '=', email).execute();
  return rows.length;
}

describe('login throttling', () => {
  it('evaluates at most the free guesses of 1,000 sent in parallel, the right password included', async () => {
    const user = await app.createUser();
    // The right password comes last: it must be refused unread like the rest past the limit.
    const guesses = Array.from({ length: 1000 }, (_, i) => (i === 999 ? user.password : `chute-${i}`));
    const outcomes = await Promise.all(guesses.map((password, i) => attempt(user, password, { ip: `198.51.${Math.floor(i / 250)}.${i % 250}` })));
    const evaluated = outcomes.filter((result) => result.outcome === 'wrong' || result.outcome === 'ok');
    expect(evaluated.length).toBeLessThanOrEqual(LOGIN_ACCOUNT_SHAPE.free);
    expect(outcomes.filter((result) => result.outcome === 'ok')).toHaveLength(0);
    expect(await evaluatedAttempts(user.email)).toBeLessThanOrEqual(LOGIN_ACCOUNT_SHAPE.free);
  }, 120_000);

  it('doubles the wait after each guess past the free ones, never locking for good', async () => {
    const user = await app.createUser();
    for (let i = 0; i < LOGIN_ACCOUNT_SHAPE.free; i++) expect((await attempt(user, `chute-${i}`)).outcome).toBe('wrong');
    let wait = LOGIN_ACCOUNT_SHAPE.baseMs;
    for (let round = 0; round < 4; round++) {
      expect((await attempt(user, 'chute')).outcome).toBe('throttled');
      app.clock.advance(wait - 1);
      expect((await attempt(user, 'chute')).outcome).toBe('throttled');
      app.clock.advance(1);
      expect((await attempt(user, 'chute')).outcome).toBe('wrong');
      wait *= 2;
    }
    app.clock.advance(wait);
    expect((await attempt(user, user.password)).outcome).toBe('ok');
  });

  it('lets the resident sign in from a browser that signed in before, while the account is under attack', async () => {
    const user = await app.createUser();
    const first = await attempt(user, user.password, { ip: '192.0.2.10' });
    expect(first.outcome).toBe('ok');
    const deviceToken = deviceTokenFrom(first.cookies);

    const attack = await Promise.all(Array.from({ length: 300 }, (_, i) => attempt(user, `chute-${i}`, { ip: `198.51.100.${i % 200}` })));
    expect(attack.filter((result) => ['wrong', 'ok'].includes(result.outcome)).length).toBeLessThanOrEqual(LOGIN_ACCOUNT_SHAPE.free);
    // A browser without the cookie waits like the attacker...
    expect((await attempt(user, user.password, { ip: '192.0.2.10' })).outcome).toBe('throttled');
    // ...the resident's own browser signs in at once.
    const resident = await attempt(user, user.password, { ip: '192.0.2.10', deviceToken });
    expect(resident.outcome).toBe('ok');
  }, 60_000);

  it('does not let a device cookie of one account past the lock of another', async () => {
    const owner = await app.createUser();
    const target = await app.createUser();
    const deviceToken = deviceTokenFrom((await attempt(owner, owner.password)).cookies);
    for (let i = 0; i < LOGIN_ACCOUNT_SHAPE.free; i++) await attempt(target, `chute-${i}`);
    expect((await attempt(target, target.password, { deviceToken })).outcome).toBe('throttled');
  });

  it('slows guesses made with a stolen device cookie too', async () => {
    const user = await app.createUser();
    const deviceToken = deviceTokenFrom((await attempt(user, user.password)).cookies);
    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, i) => attempt(user, `chute-${i}`, { deviceToken })));
    expect(outcomes.filter((result) => ['wrong', 'ok'].includes(result.outcome)).length).toBeLessThanOrEqual(LOGIN_DEVICE_SHAPE.free);
  }, 60_000);

  it('stops bulk guessing from one address across many accounts, but not the residents behind it who signed in before', async () => {
    const ip = '192.0.2.77';
    const resident = await app.createUser();
    const deviceToken = deviceTokenFrom((await attempt(resident, resident.password, { ip })).cookies);
    const targets = await Promise.all(Array.from({ length: 30 }, () => app.createUser()));
    const guesses = Array.from({ length: LOGIN_ADDRESS_SHAPE.limit + 50 }, (_, i) => targets[i % targets.length]!);
    const outcomes = await Promise.all(guesses.map((target, i) => attempt(target, `chute-${i}`, { ip })));
    expect(outcomes.filter((result) => ['wrong', 'ok'].includes(result.outcome)).length).toBeLessThanOrEqual(LOGIN_ADDRESS_SHAPE.limit);
    expect(outcomes.filter((result) => result.outcome === 'throttled').length).toBeGreaterThanOrEqual(50);
    expect((await attempt(resident, resident.password, { ip, deviceToken })).outcome).toBe('ok');
  }, 120_000);

  it('forgets an address once its window has passed', async () => {
    const ip = '192.0.2.88';
    const target = await app.createUser();
    for (let i = 0; i < LOGIN_ADDRESS_SHAPE.limit; i++) await attempt({ email: `ninguem-${i}@example.com` }, 'chute', { ip });
    expect((await attempt(target, target.password, { ip })).outcome).toBe('throttled');
    app.clock.advance(LOGIN_ADDRESS_SHAPE.windowMs);
    expect((await attempt(target, target.password, { ip })).outcome).toBe('ok');
  }, 60_000);

  it('answers a throttled login with the pt-BR message and nothing else', async () => {
    const user = await app.createUser();
    for (let i = 0; i < LOGIN_ACCOUNT_SHAPE.free; i++) await attempt(user, `chute-${i}`);
    const { api } = await app.callerAs(null);
    await expect(api.auth.login({ email: user.email, password: user.password })).rejects.toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Muitas tentativas de login. Tente novamente em 1 minuto.',
    });
  });
});
