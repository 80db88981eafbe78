// The owner of an account under a slow, patient attack (a guess every 200 ms from ever-changing
// addresses keeps the account's login slowed): a new browser of theirs gets in by an e-mailed
// sign-in link, and a password reset lets them in again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { AUTH_MESSAGES } from '@vizinhanca/shared/auth/auth.schema';
import { mailsWithLink, nextEmailedToken } from '../../../test/emailed-links.ts';
import { createTestApp, eventually, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { sha256Hex } from '../../auth/crypto.ts';
import { SIGN_IN_LINK_TTL_MINUTES } from './auth.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const OWNER_IP = '192.0.2.44';
let attackerAddress = 0;

/** A browser: its own cookies (none at first), sent back on each call as a real one would. */
function newBrowser() {
  const jar = new Map<string, string>();
  const cookie = (name: string) => jar.get(name) ?? null;
  async function caller() {
    const { api, cookies } = await app.callerAs(null, { ip: OWNER_IP, deviceToken: cookie('vz_device') });
    return { api, keep: () => cookies.forEach((header) => jar.set(header.split('=')[0]!, header.split(';')[0]!.split('=').slice(1).join('='))) };
  }
  return {
    cookie,
    /** How a login ended: 'ok', 'wrong' or 'throttled'. */
    async login(email: string, password: string) {
      const { api, keep } = await caller();
      try {
        await api.auth.login({ email, password });
        keep();
        return 'ok';
      } catch (error) {
        if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS') return 'throttled';
        if (error instanceof TRPCError && error.code === 'UNAUTHORIZED') return 'wrong';
        throw error;
      }
    },
    async run<T>(call: (api: Awaited<ReturnType<typeof caller>>['api']) => Promise<T>): Promise<T> {
      const { api, keep } = await caller();
      const result = await call(api);
      keep();
      return result;
    },
  };
}

/** One wrong guess every 200 ms of the app's clock, each from a new address, for `ms`. */
async function attack(user: TestUser, ms: number) {
  for (let elapsed = 0; elapsed < ms; elapsed += 200) {
    app.clock.advance(200);
    attackerAddress += 1;
    const { api } = await app.callerAs(null, { ip: `198.51.${Math.floor(attackerAddress / 250) % 250}.${attackerAddress % 250}` });
    await api.auth.login({ email: user.email, password: `chute-${attackerAddress}` }).catch(() => undefined);
  }
}

const mailsTo = (email: string, path: string) => mailsWithLink(app, email, path);
const nextLinkTo = (email: string, path: string, seen: number) => nextEmailedToken(app, email, path, seen);

describe('the owner of an account under a slow attack from rotating addresses', () => {
  it('is refused by password on a new browser, and gets in there by the e-mailed link, which makes it a known device', async () => {
    const owner = await app.createUser();
    const laptop = newBrowser();
    const refusals: string[] = [];
    for (let round = 0; round < 6; round++) {
      await attack(owner, 5_000);
      refusals.push(await laptop.login(owner.email, owner.password));
    }
    expect(refusals).toEqual(Array(6).fill('throttled'));

    await expect(laptop.run((api) => api.auth.requestSignInLink({ email: owner.email }))).resolves.toEqual({ message: AUTH_MESSAGES.signInLinkRequested });
    const token = await nextLinkTo(owner.email, '/entrar-com-link?', 0);
    await attack(owner, 2_000);
    await expect(laptop.run((api) => api.auth.signInWithLink({ token }))).resolves.toEqual({ message: AUTH_MESSAGES.loginSuccess });
    const session = await app.deps.sessions.validate(laptop.cookie('vz_session')!);
    expect(session?.user.id).toBe(owner.id);

    // The attack goes on; the laptop is now a known device and signs in with the password.
    await attack(owner, 5_000);
    expect(await laptop.login(owner.email, owner.password)).toBe('ok');
    expect(await newBrowser().login(owner.email, owner.password)).toBe('throttled');
  }, 120_000);

  it('gets in from any browser right after resetting the password, and the browser that reset keeps getting in', async () => {
    const owner = await app.createUser();
    const phone = newBrowser();
    expect(await phone.login(owner.email, owner.password)).toBe('ok');
    await attack(owner, 10_000);

    const tablet = newBrowser();
    await tablet.run((api) => api.auth.requestPasswordReset({ email: owner.email }));
    const token = await nextLinkTo(owner.email, '/redefinir-senha?', 0);
    await attack(owner, 2_000);
    await tablet.run((api) => api.auth.resetPassword({ token, password: 'nova-senha-do-dono', confirmPassword: 'nova-senha-do-dono' }));
    // The account's slowed login starts over: a browser it never saw gets in at once.
    expect(await newBrowser().login(owner.email, 'nova-senha-do-dono')).toBe('ok');

    await attack(owner, 10_000);
    expect(await newBrowser().login(owner.email, 'nova-senha-do-dono')).toBe('throttled');
    // The browser that reset is a known device of the account; the phone's old cookie was forgotten with the old password.
    expect(await tablet.login(owner.email, 'nova-senha-do-dono')).toBe('ok');
    expect(await phone.login(owner.email, 'nova-senha-do-dono')).toBe('throttled');
  }, 120_000);
});

describe('sign-in links', () => {
  it('are stored hashed, open one session once, and stop after 15 minutes', async () => {
    const owner = await app.createUser();
    const browser = newBrowser();
    await browser.run((api) => api.auth.requestSignInLink({ email: owner.email }));
    const token = await nextLinkTo(owner.email, '/entrar-com-link?', 0);
    const stored = await app.db.selectFrom('sign_in_links').select(['token_hash', 'expires_at']).where('user_id', '=', owner.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256Hex(token));
    expect(stored.expires_at.getTime() - app.clock.now().getTime()).toBe(SIGN_IN_LINK_TTL_MINUTES * 60_000);

    const [first, second] = await Promise.allSettled([0, 1].map(() => newBrowser().run((api) => api.auth.signInWithLink({ token }))));
    expect([first!.status, second!.status].sort()).toEqual(['fulfilled', 'rejected']);
    await expectError(browser.run((api) => api.auth.signInWithLink({ token })), 'BAD_REQUEST', AUTH_MESSAGES.signInLinkInvalid);

    await browser.run((api) => api.auth.requestSignInLink({ email: owner.email }));
    const late = await nextLinkTo(owner.email, '/entrar-com-link?', 1);
    app.clock.advance(SIGN_IN_LINK_TTL_MINUTES * 60_000);
    await expectError(browser.run((api) => api.auth.signInWithLink({ token: late })), 'BAD_REQUEST', AUTH_MESSAGES.signInLinkInvalid);
    expect(browser.cookie('vz_session')).toBeNull();
  }, 30_000);

  it('answer the same for an unknown e-mail, and an address gets at most 3 an hour', async () => {
    const browser = newBrowser();
    await expect(browser.run((api) => api.auth.requestSignInLink({ email: 'ninguem-aqui@example.com' }))).resolves.toEqual({ message: AUTH_MESSAGES.signInLinkRequested });
    const owner = await app.createUser();
    for (let i = 0; i < 3; i++) await browser.run((api) => api.auth.requestSignInLink({ email: owner.email }));
    await expectError(browser.run((api) => api.auth.requestSignInLink({ email: owner.email })), 'TOO_MANY_REQUESTS', /^Muitas solicitações em pouco tempo/);
    await eventually(() => expect(mailsTo(owner.email, '/entrar-com-link?')).toHaveLength(3));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mailsTo('ninguem-aqui@example.com', '')).toEqual([]);
    expect(mailsTo(owner.email, '/entrar-com-link?')).toHaveLength(3);
  }, 30_000);
});
