import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@vizinhanca/shared/auth/auth.schema';
import { createTestApp, eventually, expectError, type TestApp } from '../../../test/harness.ts';
import { LOGIN_ACCOUNT_SHAPE } from './auth.service.ts';
import { sha256Hex } from '../../auth/crypto.ts';
import { TRPCError } from '@trpc/server';
import { userFacingError } from '../../trpc.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const signUpInput = (overrides: Record<string, string> = {}) => ({
  fullName: 'Luiza Ferreira',
  cpf: '390.533.447-05',
  email: 'luiza@example.com',
  phone: '(11) 91234-5678',
  block: 'B',
  apartment: '502',
  password: 'quintal-de-casa',
  ...overrides,
});


describe('sign-up', () => {
  it('creates a pending resident, signs them in and stores digits and block-apartment', async () => {
    const caller = await app.callerAs(null);
    await expect(caller.api.auth.signUp(signUpInput())).resolves.toEqual({ message: AUTH_MESSAGES.signUpSuccess });
    const row = await app.db
      .selectFrom('users')
      .select(['cpf', 'phone', 'apartment', 'block', 'approval_status', 'email', 'password_hash'])
      .where('email', '=', 'luiza@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cpf: '39053344705', phone: '11912345678', apartment: 'B-502', block: 'B', approval_status: 'pending' });
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(caller.cookies.join()).toMatch(/vz_session=[\w-]{40,}; HttpOnly;.*SameSite=Lax/);
  });

  it('refuses a duplicate e-mail (any case) and a duplicate CPF with clear messages', async () => {
    const caller = await app.callerAs(null);
    await expectError(caller.api.auth.signUp(signUpInput({ email: 'LUIZA@example.com', cpf: '111.444.777-35' })), 'CONFLICT', AUTH_MESSAGES.emailTaken);
    await expectError(caller.api.auth.signUp(signUpInput({ email: 'outra@example.com' })), 'CONFLICT', AUTH_MESSAGES.cpfTaken);
    const count = await app.db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('cpf', '=', '39053344705').executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('refuses a CPF with wrong check digits, a common password and long block/apartment, writing nothing', async () => {
    const caller = await app.callerAs(null);
    await expectError(caller.api.auth.signUp(signUpInput({ email: 'a1@example.com', cpf: '390.533.447-06' })), 'BAD_REQUEST', 'CPF inválido');
    await expectError(caller.api.auth.signUp(signUpInput({ email: 'a2@example.com', cpf: '111.444.777-35', password: '123456' })), 'BAD_REQUEST', AUTH_MESSAGES.passwordTooCommon);
    await expectError(caller.api.auth.signUp(signUpInput({ email: 'a3@example.com', cpf: '111.444.777-35', password: 'abc' })), 'BAD_REQUEST', AUTH_MESSAGES.passwordTooShort);
    await expectError(caller.api.auth.signUp(signUpInput({ email: 'a4@example.com', cpf: '111.444.777-35', block: 'BLOCO1' })), 'BAD_REQUEST', AUTH_MESSAGES.blockTooLong);
    await expectError(caller.api.auth.signUp(signUpInput({ email: 'a5@example.com', cpf: '111.444.777-35', apartment: '12345678901' })), 'BAD_REQUEST', AUTH_MESSAGES.apartmentTooLong);
    const rows = await app.db.selectFrom('users').select('id').where('email', 'like', 'a_@example.com').execute();
    expect(rows).toHaveLength(0);
  });

  it('turns a duplicate that races past the check into the same message, never a constraint name', async () => {
    const first = await app.callerAs(null);
    const second = await app.callerAs(null);
    const input = signUpInput({ email: 'corrida@example.com', cpf: '862.883.667-57' });
    const results = await Promise.allSettled([first.api.auth.signUp(input), second.api.auth.signUp(input)]);
    const rejected = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(rejected).toHaveLength(1);
    const { message } = userFacingError(rejected[0]!.reason as TRPCError);
    expect([AUTH_MESSAGES.emailTaken, AUTH_MESSAGES.cpfTaken]).toContain(message);
  });
});

describe('login', () => {
  it('signs in with the right password and answers the spec message otherwise', async () => {
    const user = await app.createUser();
    const caller = await app.callerAs(null);
    await expect(caller.api.auth.login({ email: user.email.toUpperCase(), password: user.password })).resolves.toEqual({ message: AUTH_MESSAGES.loginSuccess });
    expect(caller.cookies.filter((cookie) => cookie.startsWith('vz_session='))).toHaveLength(1);
    await expectError(caller.api.auth.login({ email: user.email, password: 'errada-errada' }), 'UNAUTHORIZED', AUTH_MESSAGES.loginFailed);
    await expectError(caller.api.auth.login({ email: 'ninguem@example.com', password: 'errada-errada' }), 'UNAUTHORIZED', AUTH_MESSAGES.loginFailed);
  });

  it('stores only the SHA-256 of the session token and gives a new token at each login', async () => {
    const user = await app.createUser();
    const tokens: string[] = [];
    for (let i = 0; i < 2; i++) {
      const caller = await app.callerAs(null);
      await caller.api.auth.login({ email: user.email, password: user.password });
      tokens.push(/vz_session=([^;]+)/.exec(caller.cookies.find((cookie) => cookie.startsWith('vz_session='))!)![1]!);
    }
    expect(tokens[0]).not.toBe(tokens[1]);
    const ids = (await app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).map((row) => row.id);
    expect(ids).toContain(sha256Hex(tokens[0]!));
    expect(ids).not.toContain(tokens[0]);
    expect(await app.deps.sessions.validate(tokens[1]!)).toMatchObject({ user: { id: user.id } });
    expect(await app.deps.sessions.validate(sha256Hex(tokens[1]!))).toBeNull();
  });

  it('slows an account down after repeated failures for one e-mail, saying when to retry, then lets the password in', async () => {
    const user = await app.createUser();
    const caller = await app.callerAs(null, { ip: '10.9.8.7' });
    for (let i = 0; i < LOGIN_ACCOUNT_SHAPE.free; i++) {
      await expectError(caller.api.auth.login({ email: user.email, password: `errada-${i}` }), 'UNAUTHORIZED', AUTH_MESSAGES.loginFailed);
    }
    await expectError(caller.api.auth.login({ email: user.email, password: user.password }), 'TOO_MANY_REQUESTS', /^Muitas tentativas de login\. Tente novamente em 1 minuto\.$/);
    const sessions = await app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(0);
    app.clock.advance(LOGIN_ACCOUNT_SHAPE.baseMs);
    await expect(caller.api.auth.login({ email: user.email, password: user.password })).resolves.toEqual({ message: AUTH_MESSAGES.loginSuccess });
  }, 60_000);

  it('ends sessions past the absolute lifetime even when they were used recently', async () => {
    const user = await app.createUser();
    const { token, sessionId } = await app.deps.sessions.create(app.db, user.id, { ip: null, userAgent: null });
    await app.db.updateTable('sessions').set({ created_at: new Date(app.clock.now().getTime() - 31 * 24 * 3600 * 1000) }).where('id', '=', sessionId).execute();
    expect(await app.deps.sessions.validate(token)).toBeNull();
    expect(await app.db.selectFrom('sessions').select('id').where('id', '=', sessionId).executeTakeFirst()).toBeUndefined();
  });

  it('ends sessions idle past the inactivity window', async () => {
    const user = await app.createUser();
    const { token, sessionId } = await app.deps.sessions.create(app.db, user.id, { ip: null, userAgent: null });
    await app.db.updateTable('sessions').set({ expires_at: new Date(app.clock.now().getTime() - 1000) }).where('id', '=', sessionId).execute();
    expect(await app.deps.sessions.validate(token)).toBeNull();
  });
});

describe('logout and password changes', () => {
  it('logout deletes the session on the server and clears the cookie', async () => {
    const user = await app.createUser();
    const caller = await app.callerAs(user);
    await expect(caller.api.auth.logout()).resolves.toEqual({ message: AUTH_MESSAGES.logoutSuccess });
    expect(caller.cookies.join()).toMatch(/vz_session=; .*Max-Age=0/);
    expect(await app.db.selectFrom('sessions').select('id').where('id', '=', caller.ctx.session!.id).executeTakeFirst()).toBeUndefined();
  });

  it('changing the password ends the other sessions and keeps this one', async () => {
    const user = await app.createUser();
    const other = await app.callerAs(user);
    const current = await app.callerAs(user);
    const wrong = current.api.auth.changePassword({ currentPassword: 'errada-errada', newPassword: 'nova-senha-forte', confirmPassword: 'nova-senha-forte' });
    await expectError(wrong, 'BAD_REQUEST', AUTH_MESSAGES.currentPasswordWrong);
    // The screen marks the current-password field by this reason, never by the text.
    expect(userFacingError((await wrong.catch((error: unknown) => error)) as TRPCError).reason).toBe('CURRENT_PASSWORD_WRONG');
    await expectError(
      current.api.auth.changePassword({ currentPassword: user.password, newPassword: 'nova-senha-forte', confirmPassword: 'outra-senha' }),
      'BAD_REQUEST',
      AUTH_MESSAGES.passwordsDontMatch,
    );
    await current.api.auth.changePassword({ currentPassword: user.password, newPassword: 'nova-senha-forte', confirmPassword: 'nova-senha-forte' });
    const ids = (await app.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).map((row) => row.id);
    expect(ids).toEqual([current.ctx.session!.id]);
    expect(ids).not.toContain(other.ctx.session!.id);
    const login = await app.callerAs(null);
    await expect(login.api.auth.login({ email: user.email, password: 'nova-senha-forte' })).resolves.toBeTruthy();
    const mail = await eventually(() => {
      const found = app.outbox().find((message) => message.text.includes(`To: ${user.email}`) && message.text.includes('senha foi alterada'));
      if (!found) throw new Error('no e-mail yet');
      return found;
    });
    expect(mail.text).toContain('as outras sessões abertas foram encerradas');
  });
});

describe('password recovery', () => {
  function linkToken(text: string): string {
    const match = /redefinir-senha\?token=([\w%-]+)/.exec(text);
    if (!match) throw new Error('no link in the e-mail');
    return decodeURIComponent(match[1]!);
  }

  it('e-mails a one-time link that sets a new password and ends every session', async () => {
    const user = await app.createUser();
    const oldSession = await app.callerAs(user);
    const caller = await app.callerAs(null);
    await expect(caller.api.auth.requestPasswordReset({ email: user.email })).resolves.toEqual({ message: AUTH_MESSAGES.resetRequested });
    const mail = await eventually(() => app.mailTo(user.email, 'redefinir-senha?token='));
    const token = linkToken(mail.text);
    const stored = await app.db.selectFrom('password_reset_tokens').select(['token_hash', 'expires_at']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(sha256Hex(token));
    // On the app's clock (fixed in tests), not the machine's.
    expect(stored.expires_at.getTime() - app.clock.now().getTime()).toBe(60 * 60_000);

    await caller.api.auth.resetPassword({ token, password: 'recuperada-agora', confirmPassword: 'recuperada-agora' });
    expect(await app.db.selectFrom('sessions').select('id').where('id', '=', oldSession.ctx.session!.id).executeTakeFirst()).toBeUndefined();
    await expect(caller.api.auth.login({ email: user.email, password: 'recuperada-agora' })).resolves.toBeTruthy();
    await expectError(caller.api.auth.resetPassword({ token, password: 'outra-vez-nova', confirmPassword: 'outra-vez-nova' }), 'BAD_REQUEST', AUTH_MESSAGES.resetInvalid);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = app.outbox().length;
    const caller = await app.callerAs(null);
    await expect(caller.api.auth.requestPasswordReset({ email: 'desconhecido@example.com' })).resolves.toEqual({ message: AUTH_MESSAGES.resetRequested });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(app.outbox()).toHaveLength(before);
  });

  it('refuses an expired link', async () => {
    const user = await app.createUser();
    const token = 'x'.repeat(43);
    await app.db.insertInto('password_reset_tokens').values({ token_hash: sha256Hex(token), user_id: user.id, expires_at: new Date(app.clock.now().getTime() - 1000) }).execute();
    const caller = await app.callerAs(null);
    await expectError(caller.api.auth.resetPassword({ token, password: 'recuperada-agora', confirmPassword: 'recuperada-agora' }), 'BAD_REQUEST', AUTH_MESSAGES.resetInvalid);
  });

  it('refuses a link once an hour has passed on the app clock', async () => {
    const user = await app.createUser();
    const caller = await app.callerAs(null);
    await caller.api.auth.requestPasswordReset({ email: user.email });
    const mail = await eventually(() => app.mailTo(user.email, 'redefinir-senha?token='));
    app.clock.advance(60 * 60_000 + 1000);
    await expectError(caller.api.auth.resetPassword({ token: linkToken(mail.text), password: 'recuperada-agora', confirmPassword: 'recuperada-agora' }), 'BAD_REQUEST', AUTH_MESSAGES.resetInvalid);
  });
});
