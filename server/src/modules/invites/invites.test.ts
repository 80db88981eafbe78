import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_MESSAGES, INVITE_RESENDS_PER_DAY, INVITES_PER_DAY } from '@vizinhanca/shared/invites/invite.schema';
import { createTestApp, eventually, expectError, testCpf, type TestApp, type TestUser } from '../../../test/harness.ts';
import { scheduledJobs } from '../../jobs/scheduled-jobs.ts';
import { expireInvitesJob } from './invites.service.ts';

let app: TestApp;
let inviter: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  inviter = await app.createUser({ fullName: 'Ana Beatriz Souza' });
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;
let emailCounter = 0;
let cpfCounter = 0;
const cpf = () => testCpf(900_000 + process.pid + ++cpfCounter * 7);
const newEmail = () => `vizinho-${++emailCounter}-${Date.now()}@teste.com`;

async function mailTo(email: string) {
  return eventually(() => {
    const found = app.outbox().filter((message) => message.text.includes(`To: ${email}`));
    if (!found.length) throw new Error('no e-mail yet');
    return found;
  });
}

function codeIn(text: string): string {
  const match = /\/convite\/([A-Z0-9]{10})\b/.exec(text);
  if (!match) throw new Error('no invite link in the e-mail');
  return match[1]!;
}

const signUpInput = (email: string, cpf: string, inviteCode?: string) => ({
  fullName: 'Marina Rocha',
  cpf,
  email,
  phone: '',
  block: 'C',
  apartment: '1205',
  password: 'jardim-de-inverno',
  ...(inviteCode ? { inviteCode } : {}),
});

describe('sending an invite', () => {
  it('e-mails a personal link with a server-made code and lists it as pending', async () => {
    const { api } = await app.callerAs(inviter);
    const email = newEmail();
    await expect(api.invites.send({ email: `  ${email.toUpperCase()} `, apartment: 'Apt 1205' })).resolves.toMatchObject({ message: INVITE_MESSAGES.sent });
    const [mail] = await mailTo(email);
    expect(mail!.text).toMatch(/http:\/\/localhost:3000\/convite\/[A-Z0-9]{10}\b/);
    expect(mail!.text).toContain('Ana Beatriz Souza');
    const overview = await api.invites.overview();
    expect(overview.invites[0]).toMatchObject({ email, apartment: 'Apt 1205', type: 'resident', status: 'pending' });
    expect(overview.invites[0]!.expiresAt.getTime() - app.clock.now().getTime()).toBe(7 * DAY);
    expect(overview.shareCode).toMatch(/^[A-Z0-9]{10}$/);
    expect(overview.counts.pending).toBeGreaterThanOrEqual(1);
  });

  it('makes a visitor invite an "other" invite and an apartment-less invite reads without apartment', async () => {
    const { api } = await app.callerAs(inviter);
    const email = newEmail();
    await api.invites.send({ email, apartment: 'Visitante' });
    const noApartment = newEmail();
    await api.invites.send({ email: noApartment });
    const { invites } = await api.invites.overview();
    expect(invites.find((invite) => invite.email === email)).toMatchObject({ type: 'other' });
    expect(invites.find((invite) => invite.email === noApartment)).toMatchObject({ type: 'other', apartment: null });
  });

  it('refuses an e-mail of a resident, a second pending invite, a bad e-mail and an empty one, writing nothing', async () => {
    const { api } = await app.callerAs(inviter);
    const resident = await app.createUser();
    await expectError(api.invites.send({ email: resident.email }), 'CONFLICT', INVITE_MESSAGES.alreadyResident);
    const email = newEmail();
    await api.invites.send({ email });
    const other = await app.callerAs(await app.createUser());
    await expectError(other.api.invites.send({ email }), 'CONFLICT', INVITE_MESSAGES.alreadyPending);
    await expectError(api.invites.send({ email: 'nao-e-email' }), 'BAD_REQUEST', 'Informe um e-mail válido');
    await expectError(api.invites.send({ email: '  ' }), 'BAD_REQUEST', INVITE_MESSAGES.emailRequired);
    const rows = await app.db.selectFrom('invites').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it(`refuses more than ${INVITES_PER_DAY} invites in 24 hours from one person`, async () => {
    const busy = await app.callerAs(await app.createUser());
    for (let i = 0; i < INVITES_PER_DAY; i += 1) await busy.api.invites.send({ email: newEmail() });
    await expectError(busy.api.invites.send({ email: newEmail() }), 'TOO_MANY_REQUESTS', INVITE_MESSAGES.dailyLimit);
    app.clock.advance(DAY + 1000);
    try {
      await expect(busy.api.invites.send({ email: newEmail() })).resolves.toMatchObject({ message: INVITE_MESSAGES.sent });
    } finally {
      app.clock.advance(-(DAY + 1000));
    }
  });
});

describe('resending, cancelling and expiry', () => {
  it('expires a pending invite after 7 days on read and by the job, and the link stops working', async () => {
    const { api } = await app.callerAs(inviter);
    const email = newEmail();
    const { id } = await api.invites.send({ email });
    const code = codeIn((await mailTo(email))[0]!.text);
    const start = app.clock.now();
    app.clock.advance(7 * DAY);
    try {
      expect((await api.invites.overview()).invites.find((invite) => invite.id === id)).toMatchObject({ status: 'expired' });
      const anonymous = await app.callerAs(null);
      await expectError(anonymous.api.invites.preview({ code }), 'BAD_REQUEST', INVITE_MESSAGES.expired);
      expect(scheduledJobs).toContain(expireInvitesJob);
      await expireInvitesJob.run(app.deps);
      const row = await app.db.selectFrom('invites').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.status).toBe('expired');

      // 'Reenviar' brings it back for 7 more days from now, and e-mails the same link again.
      await expect(api.invites.resend({ id })).resolves.toEqual({ message: INVITE_MESSAGES.resent });
      const renewed = (await api.invites.overview()).invites.find((invite) => invite.id === id)!;
      expect(renewed.status).toBe('pending');
      expect(renewed.expiresAt.getTime()).toBe(app.clock.now().getTime() + 7 * DAY);
      await eventually(async () => expect((await mailTo(email)).length).toBe(2));
      await expect(anonymous.api.invites.preview({ code })).resolves.toMatchObject({ email, inviterName: 'Ana Beatriz Souza' });
    } finally {
      app.clock.set(start);
    }
  });

  it('cancelling stops the link working and only the inviter can touch an invite', async () => {
    const { api } = await app.callerAs(inviter);
    const email = newEmail();
    const { id } = await api.invites.send({ email });
    const code = codeIn((await mailTo(email))[0]!.text);
    const stranger = await app.callerAs(await app.createUser());
    await expectError(stranger.api.invites.cancel({ id }), 'NOT_FOUND', INVITE_MESSAGES.notFound);
    await expectError(stranger.api.invites.resend({ id }), 'NOT_FOUND', INVITE_MESSAGES.notFound);
    await expect(api.invites.cancel({ id })).resolves.toEqual({ message: INVITE_MESSAGES.cancelled });
    await expectError(api.invites.cancel({ id }), 'CONFLICT', INVITE_MESSAGES.notPending);
    const anonymous = await app.callerAs(null);
    await expectError(anonymous.api.invites.preview({ code }), 'BAD_REQUEST', INVITE_MESSAGES.cancelledCode);
    await expectError(anonymous.api.auth.signUp(signUpInput(email, cpf(), code)), 'BAD_REQUEST', INVITE_MESSAGES.cancelledCode);
    expect(await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    expect((await api.invites.overview()).invites.find((invite) => invite.id === id)).toMatchObject({ status: 'cancelled' });
  });
});

describe('signing up through an invite', () => {
  it('shows who invited, marks the invite accepted, tells the inviter and shows "Convidado por" to the admin', async () => {
    const { api } = await app.callerAs(inviter);
    const email = newEmail();
    await api.invites.send({ email, apartment: 'Apt 1205' });
    const code = codeIn((await mailTo(email))[0]!.text);
    const anonymous = await app.callerAs(null);
    await expect(anonymous.api.invites.preview({ code: code.toLowerCase() })).resolves.toEqual({
      code,
      inviterName: 'Ana Beatriz Souza',
      email,
      apartment: 'Apt 1205',
    });
    await anonymous.api.auth.signUp(signUpInput(email, cpf(), code));

    const invite = (await api.invites.overview()).invites.find((row) => row.email === email)!;
    expect(invite.status).toBe('accepted');
    const notifications = await api.notifications.list();
    expect(notifications.items[0]).toMatchObject({ title: 'Convite aceito!' });
    const admin = await app.callerAs(await app.createUser({ roles: ['admin'] }));
    const pending = await admin.api.admin.pendingUsers();
    expect(pending.find((person) => person.email === email)).toMatchObject({ invitedByName: 'Ana Beatriz Souza' });

    // A used code does not open a second sign-up.
    await expectError(anonymous.api.invites.preview({ code }), 'BAD_REQUEST', INVITE_MESSAGES.alreadyUsed);
    await expectError(anonymous.api.auth.signUp(signUpInput(newEmail(), cpf(), code)), 'BAD_REQUEST', INVITE_MESSAGES.alreadyUsed);
  });

  it('signing up with the invited e-mail, without the link, also accepts the invite', async () => {
    const { api } = await app.callerAs(inviter);
    const email = newEmail();
    await api.invites.send({ email });
    const anonymous = await app.callerAs(null);
    await anonymous.api.auth.signUp(signUpInput(email, cpf()));
    expect((await api.invites.overview()).invites.find((row) => row.email === email)).toMatchObject({ status: 'accepted' });
  });

  it("a resident's shareable link names them and records who invited; a made-up code is refused", async () => {
    const { api } = await app.callerAs(inviter);
    const { shareCode } = await api.invites.overview();
    const anonymous = await app.callerAs(null);
    await expect(anonymous.api.invites.preview({ code: shareCode })).resolves.toEqual({ code: shareCode, inviterName: 'Ana Beatriz Souza', email: null, apartment: null });
    const email = newEmail();
    await anonymous.api.auth.signUp(signUpInput(email, cpf(), shareCode));
    const row = await app.db.selectFrom('users').select('invited_by').where('email', '=', email).executeTakeFirstOrThrow();
    expect(row.invited_by).toBe(inviter.id);
    await expectError(anonymous.api.invites.preview({ code: 'ZZZZZZZZZZ' }), 'NOT_FOUND', INVITE_MESSAGES.notFound);
    await expectError(anonymous.api.auth.signUp(signUpInput(newEmail(), cpf(), 'ZZZZZZZZZZ')), 'NOT_FOUND', INVITE_MESSAGES.notFound);
  });
});

describe('invites under pressure', () => {
  it(`accepts ${INVITES_PER_DAY} of 30 invites sent at once by one person, and refuses the rest in pt-BR`, async () => {
    const busy = await app.callerAs(await app.createUser());
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => busy.api.invites.send({ email: newEmail() })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(INVITES_PER_DAY);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    for (const outcome of refused) await expectError(Promise.reject(outcome.reason), 'TOO_MANY_REQUESTS', INVITE_MESSAGES.dailyLimit);
    expect((await busy.api.invites.overview()).invites).toHaveLength(INVITES_PER_DAY);
  }, 60_000);

  it('does not count an invite it refuses against the daily limit', async () => {
    const busy = await app.callerAs(await app.createUser());
    const resident = await app.createUser();
    for (let i = 0; i < INVITES_PER_DAY; i += 1) await expectError(busy.api.invites.send({ email: resident.email }), 'CONFLICT', INVITE_MESSAGES.alreadyResident);
    await expect(busy.api.invites.send({ email: newEmail() })).resolves.toMatchObject({ message: INVITE_MESSAGES.sent });
  });

  it(`sends one invite again at most ${INVITE_RESENDS_PER_DAY} times in 24 hours`, async () => {
    const { api } = await app.callerAs(await app.createUser());
    const email = newEmail();
    const { id } = await api.invites.send({ email });
    const resends = await Promise.allSettled(Array.from({ length: 20 }, () => api.invites.resend({ id })));
    expect(resends.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(INVITE_RESENDS_PER_DAY);
    await expectError(api.invites.resend({ id }), 'TOO_MANY_REQUESTS', INVITE_MESSAGES.resendLimit);
    await eventually(async () => expect(await mailTo(email)).toHaveLength(1 + INVITE_RESENDS_PER_DAY));
    // Nothing else went out meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailTo(email)).toHaveLength(1 + INVITE_RESENDS_PER_DAY);
    const start = app.clock.now();
    app.clock.advance(DAY);
    try {
      await expect(api.invites.resend({ id })).resolves.toEqual({ message: INVITE_MESSAGES.resent });
    } finally {
      app.clock.set(start);
    }
  }, 30_000);

  it('lets one personal invite code in exactly once when 20 people sign up with it at the same time', async () => {
    const { api } = await app.callerAs(inviter);
    const invited = newEmail();
    await api.invites.send({ email: invited });
    const code = codeIn((await mailTo(invited))[0]!.text);
    const emails = Array.from({ length: 20 }, () => newEmail());
    const outcomes = await Promise.allSettled(
      emails.map(async (email, i) => (await app.callerAs(null, { ip: `198.51.100.${i + 1}` })).api.auth.signUp(signUpInput(email, cpf(), code))),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.status === 'rejected')) {
      await expectError(Promise.reject(outcome.reason), 'BAD_REQUEST', INVITE_MESSAGES.alreadyUsed);
    }
    // The refused sign-ups wrote nothing: one account, the one the invite names.
    const created = await app.db.selectFrom('users').select('id').where('email', 'in', emails).execute();
    expect(created).toHaveLength(1);
    const invite = await app.db.selectFrom('invites').select(['status', 'accepted_user_id']).where('code', '=', code).executeTakeFirstOrThrow();
    expect(invite).toEqual({ status: 'accepted', accepted_user_id: created[0]!.id });
  }, 60_000);
});
