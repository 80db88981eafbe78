// Abuse limits kept in Postgres, so they hold whatever the concurrency and the number of instances.
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@vizinhanca/shared/auth/auth.schema';
import { createTestApp, eventually, expectError, testCpf, type TestApp } from '../../../test/harness.ts';
import { hit, RATE_LIMITS } from './throttle.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const LIMITED = /^Muitas solicitações em pouco tempo\. Tente novamente em \d+ minutos?\.$/;

async function settle<T>(calls: Promise<T>[]) {
  const results = await Promise.allSettled(calls);
  const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected').map((result) => result.reason as TRPCError);
  return { passed: results.length - refused.length, refused };
}

describe('rate limits', () => {
  it('sends at most a few reset e-mails to one address, however many are asked for at once', async () => {
    const user = await app.createUser();
    const { api } = await app.callerAs(null);
    const { passed, refused } = await settle(Array.from({ length: 50 }, () => api.auth.requestPasswordReset({ email: user.email })));
    expect(passed).toBe(RATE_LIMITS.resetEmailsPerAddress.limit);
    expect(refused.every((error) => error.code === 'TOO_MANY_REQUESTS' && LIMITED.test(error.message))).toBe(true);
    await eventually(() => expect(app.outbox().filter((mail) => mail.text.includes(user.email))).toHaveLength(RATE_LIMITS.resetEmailsPerAddress.limit));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(app.outbox().filter((mail) => mail.text.includes(user.email))).toHaveLength(RATE_LIMITS.resetEmailsPerAddress.limit);
  });

  it('an unknown address is limited the same way, so the refusal reveals nothing', async () => {
    const { api } = await app.callerAs(null, { ip: '192.0.2.31' });
    for (let i = 0; i < RATE_LIMITS.resetEmailsPerAddress.limit; i++) {
      await expect(api.auth.requestPasswordReset({ email: 'ninguem@example.com' })).resolves.toEqual({ message: AUTH_MESSAGES.resetRequested });
    }
    await expectError(api.auth.requestPasswordReset({ email: 'ninguem@example.com' }), 'TOO_MANY_REQUESTS', LIMITED);
  });

  it('limits sign-ups from one address', async () => {
    const ip = '192.0.2.44';
    const { api } = await app.callerAs(null, { ip });
    const attempts = RATE_LIMITS.signUpsPerIp.limit + 5;
    const { passed, refused } = await settle(
      Array.from({ length: attempts }, (_, i) =>
        api.auth.signUp({ fullName: `Vizinho ${i}`, cpf: testCpf(50_000 + i), email: `cadastro-${i}@example.com`, password: 'quintal-de-casa' }),
      ),
    );
    expect(refused.filter((error) => error.code !== 'TOO_MANY_REQUESTS').map((error) => error.message)).toEqual([]);
    expect(passed).toBe(RATE_LIMITS.signUpsPerIp.limit);
    expect(refused.map((error) => error.code)).toEqual(Array(5).fill('TOO_MANY_REQUESTS'));
    const accounts = await app.db.selectFrom('users').select('id').where('email', 'like', 'cadastro-%@example.com').execute();
    expect(accounts).toHaveLength(RATE_LIMITS.signUpsPerIp.limit);
  }, 60_000);

  it("takes the operator's sign-up limit per address from SIGNUPS_PER_ADDRESS_PER_HOUR", async () => {
    const configured = await createTestApp({ SIGNUPS_PER_ADDRESS_PER_HOUR: '2' });
    try {
      const { api } = await configured.callerAs(null, { ip: '192.0.2.45' });
      const signUp = (i: number) => api.auth.signUp({ fullName: `Morador ${i}`, cpf: testCpf(60_000 + i), email: `lancamento-${i}@example.com`, password: 'quintal-de-casa' });
      await signUp(1);
      await signUp(2);
      await expectError(signUp(3), 'TOO_MANY_REQUESTS', LIMITED);
      const accounts = await configured.db.selectFrom('users').select('id').where('email', 'like', 'lancamento-%@example.com').execute();
      expect(accounts).toHaveLength(2);
    } finally {
      await configured.close();
    }
  });

  it('limits orders per resident', async () => {
    const owner = await app.createUser();
    const requester = await app.createUser();
    const moderator = await app.createUser({ roles: ['moderator'] });
    const { id: listingId } = await (await app.callerAs(owner)).api.listings.create({ type: 'rental', title: 'Furadeira', description: 'Com maleta', priceCents: 1500 });
    await (await app.callerAs(moderator)).api.listings.moderation.approve({ id: listingId });
    for (let i = 0; i < RATE_LIMITS.ordersPerUser.limit; i++) await hit(app.deps, `ordersPerUser:${requester.id}`, RATE_LIMITS.ordersPerUser);
    const today = app.clock.today();
    await expectError((await app.callerAs(requester)).api.orders.create({ listingId, startDate: today, endDate: today }), 'TOO_MANY_REQUESTS', LIMITED);
    app.clock.advance(RATE_LIMITS.ordersPerUser.windowMs);
    const later = app.clock.today();
    await expect((await app.callerAs(requester)).api.orders.create({ listingId, startDate: later, endDate: later })).resolves.toMatchObject({});
  });
});
