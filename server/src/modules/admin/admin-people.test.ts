import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ACCESS_MESSAGES } from '../../errors.ts';
import type { CreateListingInput } from '@vizinhanca/shared/listings/listing.schema';
import { ADMIN_USER_MESSAGES, EX_RESIDENT_NAME, type UpdateAdminUserInput } from '@vizinhanca/shared/users/admin-users.schema';
import { editInputFrom } from '../../../test/admin-edit.ts';
import { createTestApp, expectError, testCpf, type TestApp, type TestUser } from '../../../test/harness.ts';
import { pickupTomorrow } from '../../../test/pickup.ts';

type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];

let app: TestApp;
let admin: TestUser;
let moderator: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  admin = await app.createUser({ roles: ['admin'], fullName: 'Carla Administradora' });
  moderator = await app.createUser({ roles: ['moderator'] });
});
afterAll(() => app.close());

async function api(user: TestUser | null): Promise<Api> {
  return (await app.callerAs(user)).api;
}

const food = (title: string): CreateListingInput => ({ type: 'food', title, description: 'Feito em casa', priceCents: 1250 });

async function publish(user: TestUser, input: CreateListingInput) {
  const { id } = await (await api(user)).listings.create(input);
  await (await api(moderator)).listings.moderation.approve({ id });
  return id;
}

/** The dialog's fields as the admin would save them, from the current row. */
async function editable(userId: string, changes: Partial<UpdateAdminUserInput> = {}): Promise<UpdateAdminUserInput> {
  return editInputFrom(userId, await (await api(admin)).admin.users.byId({ userId }), changes);
}

/** A record's entries, with the personal values kept beside the log (LGPD) put back in place. */
async function auditOf(targetId: string) {
  const rows = await app.db
    .selectFrom('audit_log as a')
    .leftJoin('audit_personal_values as pv', 'pv.audit_id', 'a.id')
    .select(['a.action', 'a.actor_id', 'a.before', 'a.after', 'a.reason', 'pv.before as personal_before', 'pv.after as personal_after'])
    .where('a.target_id', '=', targetId)
    .orderBy('a.id')
    .execute();
  const merge = (logged: unknown, personal: unknown) => (logged || personal ? { ...(logged as object), ...(personal as object) } : null);
  return rows.map(({ personal_before, personal_after, ...row }) => ({ ...row, before: merge(row.before, personal_before), after: merge(row.after, personal_after) }));
}

describe('finding people', () => {
  it('searches by name without accents or case, by e-mail and by apartment', async () => {
    const jose = await app.createUser({ fullName: 'José Conceição Araújo' });
    await app.db.updateTable('users').set({ apartment: 'Z-901' }).where('id', '=', jose.id).execute();
    const caller = await api(admin);
    const ids = async (search: string) => (await caller.admin.users.list({ search })).items.map((user) => user.id);
    expect(await ids('jose conceicao')).toEqual([jose.id]);
    expect(await ids('ARAUJO')).toEqual([jose.id]);
    expect(await ids(jose.email.toUpperCase())).toEqual([jose.id]);
    expect(await ids('z-901')).toEqual([jose.id]);
    expect(await ids('100%')).toEqual([]);
    const found = (await caller.admin.users.list({ search: 'José Conceição' })).items[0]!;
    // Admins see e-mail and CPF (LGPD: only them); the row carries its version for the dialog.
    expect(found).toMatchObject({ email: jose.email, cpf: expect.stringMatching(/^\d{11}$/), roles: [], isSuspended: false, anonymized: false });
  });

  it('filters by status: suspended people are only under Suspensos', async () => {
    const pending = await app.createUser({ status: 'pending', fullName: 'Filtro Pendente' });
    const suspended = await app.createUser({ suspended: true, fullName: 'Filtro Suspenso' });
    const caller = await api(admin);
    const ids = async (status: 'all' | 'approved' | 'pending' | 'rejected' | 'suspended') =>
      (await caller.admin.users.list({ search: 'Filtro', status })).items.map((user) => user.id).sort();
    expect(await ids('all')).toEqual([pending.id, suspended.id].sort());
    expect(await ids('pending')).toEqual([pending.id]);
    expect(await ids('suspended')).toEqual([suspended.id]);
    expect(await ids('approved')).toEqual([]);
  });

  it('pages through 2,000 residents with a keyset, each page quickly and none twice', async () => {
    await sql`
      INSERT INTO users (email, password_hash, full_name, approval_status, apartment, created_at)
      SELECT 'massa-' || n || '@teste.com', 'x', 'Morador em Massa ' || n, 'approved', 'M-' || n, now() - n * interval '1 minute'
      FROM generate_series(1, 2000) AS n`.execute(app.db);
    const caller = await api(admin);
    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    let slowest = 0;
    do {
      const started = performance.now();
      const page: Awaited<ReturnType<Api['admin']['users']['list']>> = await caller.admin.users.list({ search: 'em massa', cursor });
      slowest = Math.max(slowest, performance.now() - started);
      for (const user of page.items) {
        expect(seen.has(user.id)).toBe(false);
        seen.add(user.id);
      }
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 200);
    expect(seen.size).toBe(2000);
    expect(pages).toBe(100);
    expect(slowest).toBeLessThan(500);
  });
});

describe('editing a person', () => {
  it('saves the dialog: empty bio is stored as null, and the log has before and after of what changed', async () => {
    const resident = await app.createUser({ fullName: 'Beatriz Editada' });
    const result = await (await api(admin)).admin.users.update(
      await editable(resident.id, { fullName: '  Beatriz Souza  ', phone: '(11) 91234-5678', bio: '   ', apartment: 'B-12' }),
    );
    expect(result.message).toBe(ADMIN_USER_MESSAGES.updated);
    expect(result.user).toMatchObject({ fullName: 'Beatriz Souza', phone: '11912345678', bio: null, apartment: 'B-12' });
    const entries = await auditOf(resident.id);
    expect(entries).toEqual([
      {
        action: 'user.updated',
        actor_id: admin.id,
        before: { fullName: 'Beatriz Editada', phone: '11987654321', apartment: 'A-101' },
        after: { fullName: 'Beatriz Souza', phone: '11912345678', apartment: 'B-12' },
        reason: null,
      },
    ]);
  });

  it('refuses a bad phone, an oversized bio and a person who does not exist, writing nothing', async () => {
    const resident = await app.createUser({ fullName: 'Caio Intacto' });
    const caller = await api(admin);
    await expectError(caller.admin.users.update(await editable(resident.id, { phone: '123' })), 'BAD_REQUEST', 'Telefone inválido. Use o formato (11) 99999-9999');
    await expectError(caller.admin.users.update(await editable(resident.id, { bio: 'a'.repeat(501) })), 'BAD_REQUEST', ADMIN_USER_MESSAGES.bioTooLong);
    const input = await editable(resident.id, { isSuspended: true });
    await expectError(caller.admin.users.update({ ...input, userId: '00000000-0000-4000-8000-000000000000' }), 'NOT_FOUND', ADMIN_USER_MESSAGES.notFound);
    expect(await auditOf(resident.id)).toEqual([]);
    expect((await caller.admin.users.byId({ userId: resident.id })).fullName).toBe('Caio Intacto');
  });

  it('two administrators at once: the second save, made on what it read before the first, is refused and nothing is lost', async () => {
    const otherAdmin = await app.createUser({ roles: ['admin'] });
    const resident = await app.createUser({ fullName: 'Dora Disputada' });
    const first = await editable(resident.id, { fullName: 'Dora Primeira' });
    const second = await editable(resident.id, { bio: 'Gosta de plantas' });
    await (await api(admin)).admin.users.update(first);
    await expectError((await api(otherAdmin)).admin.users.update(second), 'CONFLICT', ADMIN_USER_MESSAGES.conflict);
    const now = await (await api(admin)).admin.users.byId({ userId: resident.id });
    expect(now).toMatchObject({ fullName: 'Dora Primeira', bio: null });
    expect((await auditOf(resident.id)).map((entry) => entry.action)).toEqual(['user.updated']);
  });

  it('only administrators manage people: a moderator is refused', async () => {
    const resident = await app.createUser();
    const caller = await api(moderator);
    await expectError(caller.admin.users.update(await editable(resident.id, { isSuspended: true })), 'FORBIDDEN', ACCESS_MESSAGES.forbidden);
    await expectError(caller.admin.users.list({}), 'FORBIDDEN', ACCESS_MESSAGES.forbidden);
    expect(await auditOf(resident.id)).toEqual([]);
  });
});

describe('suspension', () => {
  it('ends every session, hides the listings, cancels pending orders as owner with a reason; reactivating restores the listings', async () => {
    const owner = await app.createUser({ fullName: 'Elisa Suspensa' });
    const buyer = await app.createUser({ fullName: 'Fábio Comprador' });
    const listingId = await publish(owner, food('Bolo de fubá'));
    const order = await (await api(buyer)).orders.create({ listingId, scheduledAt: pickupTomorrow(app.clock) });
    const { token } = await app.deps.sessions.create(app.db, owner.id, { ip: '127.0.0.1', userAgent: 'celular' });
    expect(await app.deps.sessions.validate(token)).not.toBeNull();

    await (await api(admin)).admin.users.update(await editable(owner.id, { isSuspended: true, reason: 'Reclamações de vizinhos' }));

    expect(await app.db.selectFrom('sessions').select('id').where('user_id', '=', owner.id).execute()).toEqual([]);
    expect(await app.deps.sessions.validate(token)).toBeNull();
    // Signing in again: every regular procedure refuses a suspended account.
    await expectError((await api(owner)).listings.mine(), 'FORBIDDEN', ACCESS_MESSAGES.suspended);
    const ids = (await (await api(buyer)).listings.list({ type: 'food' })).items.map((item) => item.id);
    expect(ids).not.toContain(listingId);
    const cancelled = await app.db.selectFrom('orders').select(['status', 'cancellation_reason']).where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(cancelled).toEqual({ status: 'cancelled', cancellation_reason: 'Reclamações de vizinhos' });
    const told = await (await api(buyer)).notifications.list();
    expect(told.items.map((notification) => notification.message)).toContain('Seu pedido de "Bolo de fubá" foi cancelado pela administração. Motivo: Reclamações de vizinhos');
    // Signing in again shows the suspended state (/pending-approval, 'Conta suspensa').
    expect(await (await api(owner)).auth.me()).toMatchObject({ isSuspended: true });
    expect((await auditOf(owner.id)).map((entry) => [entry.action, entry.reason])).toEqual([['user.suspended', 'Reclamações de vizinhos']]);
    expect((await auditOf(order.id)).map((entry) => entry.action)).toEqual(['order.created', 'order.cancelled_by_suspension']);

    await (await api(admin)).admin.users.update(await editable(owner.id, { isSuspended: false }));
    const back = (await (await api(buyer)).listings.list({ type: 'food' })).items.map((item) => item.id);
    expect(back).toContain(listingId);
    expect((await (await api(owner)).listings.mine()).items[0]).toMatchObject({ id: listingId, status: 'active' });
  });
});

describe('roles', () => {
  it('grants and removes moderator and admin, each in the log', async () => {
    const resident = await app.createUser({ fullName: 'Gabriel Promovido' });
    const caller = await api(admin);
    expect((await caller.admin.users.update(await editable(resident.id, { roles: ['moderator'] }))).user.roles).toEqual(['moderator']);
    await expect((await api(resident)).listings.moderation.list({})).resolves.toBeDefined();
    expect((await caller.admin.users.update(await editable(resident.id, { roles: ['admin'] }))).user.roles).toEqual(['admin']);
    expect((await caller.admin.users.update(await editable(resident.id, { roles: [] }))).user.roles).toEqual([]);
    expect((await auditOf(resident.id)).map((entry) => entry.action)).toEqual([
      'user.role_granted',
      'user.role_granted',
      'user.role_removed',
      'user.role_removed',
    ]);
  });

  it('the last administrator cannot remove their own admin role or suspend themselves', async () => {
    const solo = await createTestApp();
    try {
      const onlyAdmin = await solo.createUser({ roles: ['admin'] });
      const caller = (await solo.callerAs(onlyAdmin)).api;
      const mine = await caller.admin.users.byId({ userId: onlyAdmin.id });
      const base = editInputFrom(onlyAdmin.id, mine, { bio: '', isSuspended: false });
      await expectError(caller.admin.users.update({ ...base, roles: [] }), 'FORBIDDEN', ADMIN_USER_MESSAGES.lastAdminRole);
      await expectError(caller.admin.users.update({ ...base, isSuspended: true }), 'FORBIDDEN', ADMIN_USER_MESSAGES.lastAdminSuspend);
      expect(await caller.admin.users.byId({ userId: onlyAdmin.id })).toMatchObject({ roles: ['admin'], isSuspended: false });
      expect(await solo.db.selectFrom('audit_log').select('id').execute()).toEqual([]);
      // With a second administrator, stepping down is allowed.
      await solo.createUser({ roles: ['admin'] });
      await expect(caller.admin.users.update({ ...base, roles: [] })).resolves.toMatchObject({ user: { roles: [] } });
    } finally {
      await solo.close();
    }
  });
});

describe('anunciantes', () => {
  it('lists people with listings and their total, active and inactive counts', async () => {
    const seller = await app.createUser({ fullName: 'Helena Anunciante' });
    const active = await publish(seller, food('Pão de queijo'));
    await (await api(seller)).listings.create(food('Brigadeiro'));
    expect(active).toBeDefined();
    const page = await (await api(admin)).admin.users.advertisers({});
    let all = page.items;
    let cursor = page.nextCursor;
    while (cursor) {
      const next = await (await api(admin)).admin.users.advertisers({ cursor });
      all = [...all, ...next.items];
      cursor = next.nextCursor;
    }
    expect(all.find((advertiser) => advertiser.id === seller.id)).toEqual({
      id: seller.id,
      fullName: 'Helena Anunciante',
      apartment: 'A-101',
      avatarUrl: null,
      isSuspended: false,
      total: 2,
      active: 1,
      inactive: 1,
    });
  });
});

describe('anonymising a person who left (LGPD)', () => {
  it('removes personal fields and listings; orders and reviews stay, as Ex-morador', async () => {
    const leaving = await app.createUser({ fullName: 'Igor Mudou-se' });
    const buyer = await app.createUser();
    const listingId = await publish(leaving, food('Coxinha'));
    const order = await (await api(buyer)).orders.create({ listingId, scheduledAt: pickupTomorrow(app.clock) });
    await (await api(leaving)).orders.approve({ id: order.id });

    await expect((await api(admin)).admin.users.anonymize({ userId: leaving.id })).resolves.toEqual({ message: ADMIN_USER_MESSAGES.anonymized });

    const row = await app.db
      .selectFrom('users')
      .select(['full_name', 'email', 'cpf', 'phone', 'block', 'apartment', 'bio', 'is_suspended', 'anonymized_at'])
      .where('id', '=', leaving.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      full_name: EX_RESIDENT_NAME,
      email: `ex-morador-${leaving.id}@anonimizado.invalid`,
      cpf: null,
      phone: null,
      block: null,
      apartment: null,
      bio: null,
      is_suspended: true,
      anonymized_at: expect.any(Date),
    });
    const mine = await (await api(buyer)).orders.mine({ tab: 'all' });
    expect(mine.items.find((item) => item.id === order.id)).toMatchObject({ status: 'cancelled', counterpart: { fullName: EX_RESIDENT_NAME } });
    expect((await (await api(buyer)).listings.list({ type: 'food' })).items.map((item) => item.id)).not.toContain(listingId);
    await expectError((await api(admin)).admin.users.anonymize({ userId: leaving.id }), 'CONFLICT', ADMIN_USER_MESSAGES.alreadyAnonymized);
    await expectError((await api(admin)).admin.users.anonymize({ userId: admin.id }), 'FORBIDDEN', ADMIN_USER_MESSAGES.cannotAnonymizeSelf);
    const entry = (await auditOf(leaving.id)).at(-1)!;
    // The log says it happened, and keeps none of the data that was removed.
    expect(entry).toEqual({ action: 'user.anonymized', actor_id: admin.id, before: null, after: null, reason: null });
    expect(testCpf).toBeDefined();
  });
});

describe("an anonymised person's personal values (LGPD)", () => {
  it('are never in the append-only log row, and are forgotten on anonymisation while the entries stay', async () => {
    const leaving = await app.createUser({ fullName: 'Renata Quer-Sair' });
    const buyer = await app.createUser();
    const adminApi = await api(admin);
    await adminApi.admin.users.update(await editable(leaving.id, { fullName: 'Renata Quer-Sair Lima', phone: '(11) 97777-1234', bio: 'Faço doces' }));
    const [edit] = await app.db.selectFrom('audit_log').select(['id', 'before', 'after']).where('target_id', '=', leaving.id).where('action', '=', 'user.updated').execute();
    // The log row holds no personal value; they sit beside it, tied to the person.
    expect(JSON.stringify([edit!.before, edit!.after])).not.toMatch(/Renata|97777|doces/);
    const side = await app.db.selectFrom('audit_personal_values').selectAll().where('audit_id', '=', edit!.id).executeTakeFirstOrThrow();
    expect(side).toMatchObject({ user_id: leaving.id, after: { fullName: 'Renata Quer-Sair Lima', phone: '11977771234', bio: 'Faço doces' } });
    // The Atividade section shows the whole change while the person is here.
    const shown = (await adminApi.admin.activity({})).items.find((entry) => entry.id === edit!.id)!;
    expect(shown).toMatchObject({ after: { fullName: 'Renata Quer-Sair Lima', bio: 'Faço doces' }, personalDataRemoved: false });

    // A past order with a conversation and a review, so every screen that names her is checked.
    const listingId = await publish(leaving, food('Brigadeiro'));
    const order = await (await api(buyer)).orders.create({ listingId, scheduledAt: pickupTomorrow(app.clock) });
    const leavingApi = await api(leaving);
    await leavingApi.orders.approve({ id: order.id });
    await leavingApi.messages.send({ orderId: order.id, body: 'Pode buscar às 18h', clientId: crypto.randomUUID() });
    await leavingApi.orders.markDelivered({ id: order.id });
    await leavingApi.orders.complete({ id: order.id });
    await leavingApi.reviews.create({ orderId: order.id, rating: 5 });
    await (await api(buyer)).reviews.create({ orderId: order.id, rating: 4 });

    await adminApi.admin.users.anonymize({ userId: leaving.id });

    expect(await app.db.selectFrom('audit_personal_values').select('audit_id').where('user_id', '=', leaving.id).execute()).toEqual([]);
    const entries = (await adminApi.admin.activity({})).items.filter((entry) => entry.targetId === leaving.id);
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['user.anonymized', 'user.updated']));
    expect(JSON.stringify(entries)).not.toMatch(/Renata|97777|doces/);
    expect(entries.every((entry) => entry.targetLabel === EX_RESIDENT_NAME && entry.personalDataRemoved)).toBe(true);
    // Nothing in the whole log, nor in anyone's notifications, still names her.
    const logText = await sql<{ text: string }>`SELECT coalesce(string_agg(a::text, ' '), '') AS text FROM audit_log a`.execute(app.db);
    expect(logText.rows[0]!.text).not.toMatch(/Renata|97777|doces/);
    const buyerNotifications = await app.db.selectFrom('notifications').select(['title', 'message']).where('user_id', '=', buyer.id).execute();
    expect(buyerNotifications.length).toBeGreaterThan(0);
    expect(JSON.stringify(buyerNotifications)).not.toMatch(/Renata/);

    // 'Ex-morador' wherever she appears: orders, the conversation, reviews, admin lists.
    const buyerApi = await api(buyer);
    expect((await buyerApi.orders.mine({ tab: 'all' })).items.find((item) => item.id === order.id)).toMatchObject({ counterpart: { fullName: EX_RESIDENT_NAME, avatarUrl: null } });
    const thread = await buyerApi.messages.thread({ orderId: order.id });
    expect(thread.messages.map((message) => message.senderName)).toEqual([EX_RESIDENT_NAME]);
    const reviews = await buyerApi.reviews.forUser({ userId: buyer.id });
    expect(reviews.items.map((review) => review.reviewer.fullName)).toContain(EX_RESIDENT_NAME);
    expect((await adminApi.admin.users.list({ search: 'Renata' })).items).toEqual([]);
    expect((await adminApi.admin.users.byId({ userId: leaving.id })).fullName).toBe(EX_RESIDENT_NAME);
  });
});

describe('the audit log (Atividade)', () => {
  it('records resident events: sign-up, listing created and edited, order created and decided', async () => {
    const cpf = testCpf(987_654);
    await (await api(null)).auth.signUp({ fullName: 'Joana Nova', cpf, phone: '', email: 'joana.nova@teste.com', password: 'uma-senha-boa-123' });
    const joana = await app.db.selectFrom('users').select('id').where('email', '=', 'joana.nova@teste.com').executeTakeFirstOrThrow();
    expect((await auditOf(joana.id)).map((entry) => [entry.action, entry.actor_id])).toEqual([['user.signed_up', joana.id]]);

    const owner = await app.createUser();
    const buyer = await app.createUser();
    const caller = await api(owner);
    const { id: listingId } = await caller.listings.create(food('Quindim'));
    await caller.listings.update({ id: listingId, ...food('Quindim de coco') });
    await (await api(moderator)).listings.moderation.approve({ id: listingId });
    const order = await (await api(buyer)).orders.create({ listingId, scheduledAt: pickupTomorrow(app.clock) });
    await caller.orders.reject({ id: order.id, reason: 'Acabou' });
    expect((await auditOf(listingId)).map((entry) => [entry.action, entry.actor_id])).toEqual([
      ['listing.created', owner.id],
      ['listing.edited', owner.id],
      ['listing.approved', moderator.id],
    ]);
    expect((await auditOf(order.id)).map((entry) => [entry.action, entry.actor_id, entry.reason])).toEqual([
      ['order.created', buyer.id, null],
      ['order.rejected', owner.id, 'Acabou'],
    ]);
  });

  it('shows the latest 20, then more, newest first, with who did it and on which record; moderators see it too', async () => {
    const caller = await api(moderator);
    const first = await caller.admin.activity({});
    expect(first.items).toHaveLength(20);
    expect(first.nextCursor).not.toBeNull();
    const second = await caller.admin.activity({ cursor: first.nextCursor });
    expect(Number(second.items[0]!.id)).toBeLessThan(Number(first.items.at(-1)!.id));
    const approved = [...first.items, ...second.items].find((entry) => entry.action === 'listing.approved');
    expect(approved).toMatchObject({ label: 'Anúncio aprovado', actor: { id: moderator.id }, targetType: 'listing', targetLabel: expect.any(String) });
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    await expect(sql`UPDATE audit_log SET action = 'user.approved'`.execute(app.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(app.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log CASCADE`.execute(app.db)).rejects.toThrow(/append-only/);
  });
});

describe('the summary cards', () => {
  it('counts every section for admins; moderators get zero for people and billing', async () => {
    const forAdmin = await (await api(admin)).admin.summary();
    expect(forAdmin.users).toBeGreaterThan(2000);
    expect(forAdmin.advertisers).toBeGreaterThan(0);
    expect(forAdmin.activityToday).toBeGreaterThan(0);
    const forModerator = await (await api(moderator)).admin.summary();
    expect(forModerator).toMatchObject({ users: 0, advertisers: 0, pendingUsers: 0, pendingBillings: 0, listings: forAdmin.listings });
  });
});
