import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@vizinhanca/shared/users/admin.schema';
import { createTestApp, eventually, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';

let app: TestApp;
let admin: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  app = await createTestApp({ CONDO_NAME: 'Residencial Teste' });
  admin = await app.createUser({ roles: ['admin'], fullName: 'Síndica Teste' });
  moderator = await app.createUser({ roles: ['moderator'] });
});
afterAll(() => app.close());

describe('pending sign-ups', () => {
  it('lists pending sign-ups newest first, with CPF and e-mail, to admins only', async () => {
    // A second apart: two sign-ups written in the same millisecond have no order but their ids'.
    const older = await app.createUser({ status: 'pending', fullName: 'Primeiro Pendente', at: new Date(Date.now() - 1000) });
    const newer = await app.createUser({ status: 'pending', fullName: 'Segundo Pendente' });
    await app.createUser({ status: 'approved' });
    const caller = await app.callerAs(admin);
    const pending = await caller.api.admin.pendingUsers();
    const ids = pending.map((user) => user.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(pending.find((user) => user.id === older.id)).toMatchObject({ email: older.email, cpf: expect.stringMatching(/^\d{11}$/) });
    expect(Object.keys(pending[0]!)).not.toContain('passwordHash');
    expect(await caller.api.admin.pendencies()).toEqual({ pendingUsers: pending.length, pendingListings: 0 });

    const asModerator = await app.callerAs(moderator);
    await expectError(asModerator.api.admin.pendingUsers(), 'FORBIDDEN', 'Você não tem permissão para fazer isso.');
    expect(await asModerator.api.admin.pendencies()).toEqual({ pendingUsers: 0, pendingListings: 0 });
  });

  it('approving notifies the resident in the app, by e-mail and on the live channel', async () => {
    const resident = await app.createUser({ status: 'pending', fullName: 'Helena Rocha' });
    const caller = await app.callerAs(admin);
    await expect(caller.api.admin.approveUser({ userId: resident.id })).resolves.toEqual({ message: ADMIN_MESSAGES.userApproved });

    const row = await app.db.selectFrom('users').select(['approval_status', 'approved_at']).where('id', '=', resident.id).executeTakeFirstOrThrow();
    expect(row.approval_status).toBe('approved');
    expect(row.approved_at).toBeInstanceOf(Date);

    const notifications = await app.db.selectFrom('notifications').select(['type', 'title', 'message']).where('user_id', '=', resident.id).execute();
    expect(notifications).toEqual([{ type: 'account_approved', title: 'Cadastro aprovado! 🎉', message: expect.stringContaining('Residencial Teste') }]);

    const events = await app.db.selectFrom('events').select('kind').where('user_id', '=', resident.id).orderBy('id').execute();
    expect(events.map((event) => event.kind)).toEqual(['notification.created', 'account.changed']);

    const mail = await eventually(() => app.mailTo(resident.email, 'aprovou o seu cadastro'));
    expect(mail.text).toContain(`To: ${resident.email}`);
    expect(mail.text).toContain('Helena Rocha');
    expect(mail.text).toContain('aprovou o seu cadastro');

    const asResident = await app.callerAs(resident);
    expect(await asResident.api.notifications.unreadCount()).toBe(1);
  });

  it('rejecting stores the optional reason, which the resident sees on the pending screen', async () => {
    const resident = await app.createUser({ status: 'pending' });
    const caller = await app.callerAs(admin);
    await expect(caller.api.admin.rejectUser({ userId: resident.id, reason: '  Apartamento não confere  ' })).resolves.toEqual({ message: ADMIN_MESSAGES.userRejected });
    const asResident = await app.callerAs(resident);
    expect(await asResident.api.auth.me()).toMatchObject({ approvalStatus: 'rejected', rejectionReason: 'Apartamento não confere' });

    const another = await app.createUser({ status: 'pending' });
    await caller.api.admin.rejectUser({ userId: another.id, reason: '' });
    const row = await app.db.selectFrom('users').select(['approval_status', 'rejection_reason']).where('id', '=', another.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ approval_status: 'rejected', rejection_reason: null });
  });

  it('refuses to decide a sign-up twice and changes nothing', async () => {
    const resident = await app.createUser({ status: 'pending' });
    const caller = await app.callerAs(admin);
    await caller.api.admin.approveUser({ userId: resident.id });
    await expectError(caller.api.admin.rejectUser({ userId: resident.id, reason: 'tarde demais' }), 'CONFLICT', ADMIN_MESSAGES.userNotPending);
    await expectError(caller.api.admin.approveUser({ userId: resident.id }), 'CONFLICT', ADMIN_MESSAGES.userNotPending);
    const row = await app.db.selectFrom('users').select(['approval_status']).where('id', '=', resident.id).executeTakeFirstOrThrow();
    expect(row.approval_status).toBe('approved');
    const notifications = await app.db.selectFrom('notifications').select('id').where('user_id', '=', resident.id).execute();
    expect(notifications).toHaveLength(1);
  });

  it('two admins approving at once produce one approval and one notification', async () => {
    const resident = await app.createUser({ status: 'pending' });
    const [first, second] = await Promise.all([app.callerAs(admin), app.callerAs(admin)]);
    const results = await Promise.allSettled([first.api.admin.approveUser({ userId: resident.id }), second.api.admin.approveUser({ userId: resident.id })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const notifications = await app.db.selectFrom('notifications').select('id').where('user_id', '=', resident.id).execute();
    expect(notifications).toHaveLength(1);
  });

  it('refuses bad input with clear messages', async () => {
    const caller = await app.callerAs(admin);
    await expectError(caller.api.admin.approveUser({ userId: 'nao-e-um-id' }), 'BAD_REQUEST', ADMIN_MESSAGES.userNotFound);
    await expectError(caller.api.admin.approveUser({ userId: '00000000-0000-4000-8000-000000000000' }), 'CONFLICT', ADMIN_MESSAGES.userNotPending);
    const resident = await app.createUser({ status: 'pending' });
    await expectError(caller.api.admin.rejectUser({ userId: resident.id, reason: 'x'.repeat(501) }), 'BAD_REQUEST', 'O motivo deve ter no máximo 500 caracteres');
  });
});
