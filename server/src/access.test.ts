import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRPCError } from '@trpc/server';
import { createTestApp, type TestApp, type TestUser } from '../test/harness.ts';
import { appRouter } from './router.ts';

// Every procedure, called by every kind of user: the allowed ones get past the
// middleware, the others get UNAUTHORIZED or FORBIDDEN and never data. The
// front desk's account ('portaria') signs in and uses its codes, nothing else.
type Who = 'anonymous' | 'pending' | 'rejected' | 'suspended' | 'resident' | 'moderator' | 'admin' | 'portaria';
type Api = Awaited<ReturnType<TestApp['callerAs']>>['api'];
const EVERYONE: Who[] = ['anonymous', 'pending', 'rejected', 'suspended', 'resident', 'moderator', 'admin', 'portaria'];
const SIGNED_IN: Who[] = ['pending', 'rejected', 'suspended', 'resident', 'moderator', 'admin', 'portaria'];
const APPROVED: Who[] = ['resident', 'moderator', 'admin'];
const STAFF: Who[] = ['moderator', 'admin'];
const ADMIN: Who[] = ['admin'];
const FRONT_DESK: Who[] = ['portaria'];

const someId = '00000000-0000-4000-8000-000000000000';
const PROCEDURES: { name: string; allowed: Who[]; call: (api: Api) => Promise<unknown> }[] = [
  { name: 'auth.me', allowed: EVERYONE, call: (api) => api.auth.me() },
  { name: 'auth.logout', allowed: SIGNED_IN, call: (api) => api.auth.logout() },
  {
    name: 'auth.changePassword',
    allowed: SIGNED_IN,
    call: (api) => api.auth.changePassword({ currentPassword: 'errada-errada', newPassword: 'nova-senha-forte', confirmPassword: 'nova-senha-forte' }),
  },
  { name: 'auth.requestSignInLink', allowed: EVERYONE, call: (api) => api.auth.requestSignInLink({ email: 'ninguem-aqui@teste.com' }) },
  { name: 'auth.signInWithLink', allowed: EVERYONE, call: (api) => api.auth.signInWithLink({ token: 'x'.repeat(43) }) },
  { name: 'users.me', allowed: APPROVED, call: (api) => api.users.me() },
  { name: 'notifications.list', allowed: APPROVED, call: (api) => api.notifications.list() },
  { name: 'notifications.unreadCount', allowed: APPROVED, call: (api) => api.notifications.unreadCount() },
  { name: 'notifications.markRead', allowed: APPROVED, call: (api) => api.notifications.markRead({ id: someId }) },
  { name: 'notifications.markAllRead', allowed: APPROVED, call: (api) => api.notifications.markAllRead() },
  { name: 'notifications.preferences', allowed: APPROVED, call: (api) => api.notifications.preferences() },
  { name: 'notifications.setPreference', allowed: APPROVED, call: (api) => api.notifications.setPreference({ key: 'email', enabled: true }) },
  { name: 'notifications.pushPublicKey', allowed: APPROVED, call: (api) => api.notifications.pushPublicKey() },
  {
    name: 'notifications.subscribePush',
    allowed: APPROVED,
    call: (api) => api.notifications.subscribePush({ endpoint: 'https://fcm.googleapis.com/fcm/send/acesso', keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) } }),
  },
  { name: 'notifications.unsubscribePush', allowed: APPROVED, call: (api) => api.notifications.unsubscribePush({ endpoint: 'https://fcm.googleapis.com/fcm/send/acesso' }) },
  { name: 'admin.pendencies', allowed: STAFF, call: (api) => api.admin.pendencies() },
  { name: 'admin.pendingUsers', allowed: ADMIN, call: (api) => api.admin.pendingUsers() },
  { name: 'admin.approveUser', allowed: ADMIN, call: (api) => api.admin.approveUser({ userId: someId }) },
  { name: 'admin.rejectUser', allowed: ADMIN, call: (api) => api.admin.rejectUser({ userId: someId }) },
  { name: 'admin.summary', allowed: STAFF, call: (api) => api.admin.summary() },
  { name: 'admin.activity', allowed: STAFF, call: (api) => api.admin.activity({}) },
  { name: 'admin.users.list', allowed: ADMIN, call: (api) => api.admin.users.list({}) },
  { name: 'admin.users.byId', allowed: ADMIN, call: (api) => api.admin.users.byId({ userId: someId }) },
  {
    name: 'admin.users.update',
    allowed: ADMIN,
    call: (api) =>
      api.admin.users.update({
        userId: someId,
        expectedUpdatedAt: new Date(),
        fullName: 'Alguém',
        approvalStatus: 'approved',
        isSuspended: true,
        roles: [],
        block: '',
        apartment: '',
        bio: '',
      }),
  },
  { name: 'admin.users.anonymize', allowed: ADMIN, call: (api) => api.admin.users.anonymize({ userId: someId }) },
  { name: 'admin.users.advertisers', allowed: ADMIN, call: (api) => api.admin.users.advertisers({}) },
  { name: 'billing.overview', allowed: ADMIN, call: (api) => api.billing.overview() },
  { name: 'billing.create', allowed: ADMIN, call: (api) => api.billing.create({ userId: someId, amountCents: 1000, dueDate: '2026-12-10' }) },
  { name: 'billing.markPaid', allowed: ADMIN, call: (api) => api.billing.markPaid({ id: someId }) },
  { name: 'billing.pay', allowed: APPROVED, call: (api) => api.billing.pay({ id: someId }) },
  { name: 'listings.list', allowed: APPROVED, call: (api) => api.listings.list({ type: 'rental' }) },
  { name: 'listings.byId', allowed: APPROVED, call: (api) => api.listings.byId({ id: someId }) },
  { name: 'listings.countsByType', allowed: APPROVED, call: (api) => api.listings.countsByType() },
  { name: 'listings.mine', allowed: APPROVED, call: (api) => api.listings.mine() },
  { name: 'listings.ownerView', allowed: APPROVED, call: (api) => api.listings.ownerView({ id: someId }) },
  {
    name: 'listings.create',
    allowed: APPROVED,
    call: (api) => api.listings.create({ type: 'rental', title: 'Furadeira', description: 'Com maleta', priceCents: 1500 }),
  },
  {
    name: 'listings.update',
    allowed: APPROVED,
    call: (api) => api.listings.update({ id: someId, type: 'rental', title: 'Furadeira', description: 'Com maleta', priceCents: 1500 }),
  },
  { name: 'listings.delete', allowed: APPROVED, call: (api) => api.listings.delete({ id: someId }) },
  { name: 'listings.pause', allowed: APPROVED, call: (api) => api.listings.pause({ id: someId }) },
  { name: 'listings.reactivate', allowed: APPROVED, call: (api) => api.listings.reactivate({ id: someId }) },
  { name: 'listings.renew', allowed: APPROVED, call: (api) => api.listings.renew({ id: someId }) },
  { name: 'listings.blockedDays', allowed: APPROVED, call: (api) => api.listings.blockedDays({ id: someId }) },
  { name: 'listings.blockDays', allowed: APPROVED, call: (api) => api.listings.blockDays({ id: someId, days: ['2026-12-24'] }) },
  { name: 'listings.unblockDay', allowed: APPROVED, call: (api) => api.listings.unblockDay({ id: someId, day: '2026-12-24' }) },
  { name: 'listings.save', allowed: APPROVED, call: (api) => api.listings.save({ id: someId, saved: false }) },
  { name: 'listings.saved', allowed: APPROVED, call: (api) => api.listings.saved() },
  { name: 'listings.moderation.pending', allowed: STAFF, call: (api) => api.listings.moderation.pending({}) },
  { name: 'listings.moderation.list', allowed: STAFF, call: (api) => api.listings.moderation.list({}) },
  { name: 'listings.moderation.approve', allowed: STAFF, call: (api) => api.listings.moderation.approve({ id: someId }) },
  { name: 'listings.moderation.reject', allowed: STAFF, call: (api) => api.listings.moderation.reject({ id: someId }) },
  { name: 'listings.moderation.pause', allowed: STAFF, call: (api) => api.listings.moderation.pause({ id: someId }) },
  { name: 'listings.moderation.activate', allowed: STAFF, call: (api) => api.listings.moderation.activate({ id: someId }) },
  { name: 'listings.moderation.delete', allowed: STAFF, call: (api) => api.listings.moderation.delete({ id: someId }) },
  { name: 'users.stats', allowed: APPROVED, call: (api) => api.users.stats() },
  { name: 'users.neighbour', allowed: APPROVED, call: (api) => api.users.neighbour({ id: someId }) },
  { name: 'orders.occupiedDates', allowed: APPROVED, call: (api) => api.orders.occupiedDates({ listingId: someId }) },
  { name: 'orders.create', allowed: APPROVED, call: (api) => api.orders.create({ listingId: someId, startDate: '2030-01-01', endDate: '2030-01-02' }) },
  { name: 'orders.mine', allowed: APPROVED, call: (api) => api.orders.mine({ tab: 'all' }) },
  { name: 'orders.received', allowed: APPROVED, call: (api) => api.orders.received() },
  { name: 'orders.approve', allowed: APPROVED, call: (api) => api.orders.approve({ id: someId }) },
  { name: 'orders.reject', allowed: APPROVED, call: (api) => api.orders.reject({ id: someId, reason: 'Sem horário' }) },
  { name: 'orders.cancel', allowed: APPROVED, call: (api) => api.orders.cancel({ id: someId }) },
  { name: 'orders.markDelivered', allowed: APPROVED, call: (api) => api.orders.markDelivered({ id: someId }) },
  { name: 'orders.complete', allowed: APPROVED, call: (api) => api.orders.complete({ id: someId }) },
  { name: 'orders.recordCondition', allowed: APPROVED, call: (api) => api.orders.recordCondition({ id: someId, stage: 'delivery', note: 'Sem riscos' }) },
  { name: 'orders.confirmCondition', allowed: APPROVED, call: (api) => api.orders.confirmCondition({ id: someId, stage: 'delivery' }) },
  { name: 'orders.moderation.list', allowed: STAFF, call: (api) => api.orders.moderation.list({}) },
  { name: 'orders.moderation.approve', allowed: ADMIN, call: (api) => api.orders.moderation.approve({ id: someId }) },
  { name: 'orders.moderation.reject', allowed: ADMIN, call: (api) => api.orders.moderation.reject({ id: someId }) },
  { name: 'reviews.create', allowed: APPROVED, call: (api) => api.reviews.create({ orderId: someId, rating: 5 }) },
  { name: 'reviews.forUser', allowed: APPROVED, call: (api) => api.reviews.forUser({ userId: someId }) },
  { name: 'activity.recent', allowed: APPROVED, call: (api) => api.activity.recent() },
  { name: 'orders.markPaid', allowed: APPROVED, call: (api) => api.orders.markPaid({ id: someId }) },
  { name: 'messages.thread', allowed: APPROVED, call: (api) => api.messages.thread({ orderId: someId }) },
  { name: 'messages.send', allowed: APPROVED, call: (api) => api.messages.send({ orderId: someId, body: 'Oi', clientId: someId }) },
  { name: 'messages.markRead', allowed: APPROVED, call: (api) => api.messages.markRead({ orderId: someId }) },
  { name: 'messages.inbox', allowed: APPROVED, call: (api) => api.messages.inbox({}) },
  { name: 'messages.unread', allowed: APPROVED, call: (api) => api.messages.unread() },
  { name: 'messages.moderation.thread', allowed: STAFF, call: (api) => api.messages.moderation.thread({ orderId: someId }) },
  { name: 'pix.myKey', allowed: APPROVED, call: (api) => api.pix.myKey() },
  { name: 'pix.saveKey', allowed: APPROVED, call: (api) => api.pix.saveKey({ type: 'email', key: 'vizinho@exemplo.com' }) },
  { name: 'pix.removeKey', allowed: APPROVED, call: (api) => api.pix.removeKey() },
  { name: 'pix.forOrder', allowed: APPROVED, call: (api) => api.pix.forOrder({ orderId: someId, part: 'deposit' }) },
  { name: 'deposits.settle', allowed: APPROVED, call: (api) => api.deposits.settle({ orderId: someId, outcome: 'retained', retainedCents: 100, reason: 'Risco' }) },
  { name: 'deposits.answer', allowed: APPROVED, call: (api) => api.deposits.answer({ orderId: someId, answer: 'accepted' }) },
  { name: 'users.setAvatar', allowed: APPROVED, call: (api) => api.users.setAvatar({ imageId: someId }) },
  { name: 'invites.overview', allowed: APPROVED, call: (api) => api.invites.overview() },
  { name: 'invites.send', allowed: APPROVED, call: (api) => api.invites.send({ email: 'vizinho-novo@teste.com' }) },
  { name: 'invites.resend', allowed: APPROVED, call: (api) => api.invites.resend({ id: someId }) },
  { name: 'invites.cancel', allowed: APPROVED, call: (api) => api.invites.cancel({ id: someId }) },
  { name: 'invites.preview', allowed: EVERYONE, call: (api) => api.invites.preview({ code: 'ABCDE12345' }) },
  { name: 'help.contacts', allowed: APPROVED, call: (api) => api.help.contacts() },
  { name: 'privacy.exportMine', allowed: SIGNED_IN, call: (api) => api.privacy.exportMine() },
  { name: 'billing.mine', allowed: APPROVED, call: (api) => api.billing.mine() },
  { name: 'admin.users.exportData', allowed: ADMIN, call: (api) => api.admin.users.exportData({ userId: someId }) },
  { name: 'announcements.list', allowed: APPROVED, call: (api) => api.announcements.list() },
  { name: 'announcements.pinned', allowed: APPROVED, call: (api) => api.announcements.pinned() },
  { name: 'announcements.markAllRead', allowed: APPROVED, call: (api) => api.announcements.markAllRead() },
  { name: 'announcements.publish', allowed: ADMIN, call: (api) => api.announcements.publish({ title: 'Aviso', body: 'Texto do aviso' }) },
  { name: 'announcements.update', allowed: ADMIN, call: (api) => api.announcements.update({ id: someId, title: 'Aviso', body: 'Texto do aviso' }) },
  { name: 'announcements.delete', allowed: ADMIN, call: (api) => api.announcements.delete({ id: someId }) },
  { name: 'reports.listing', allowed: APPROVED, call: (api) => api.reports.listing({ listingId: someId, reason: 'fraud' }) },
  { name: 'reports.person', allowed: APPROVED, call: (api) => api.reports.person({ userId: someId, reason: 'harassment' }) },
  { name: 'reports.message', allowed: APPROVED, call: (api) => api.reports.message({ messageId: someId, reason: 'fraud' }) },
  { name: 'reports.moderation.open', allowed: STAFF, call: (api) => api.reports.moderation.open() },
  // 'Suspender' is refused to moderators by the service (reports.test.ts); the matrix checks the procedure's door.
  { name: 'reports.moderation.decide', allowed: STAFF, call: (api) => api.reports.moderation.decide({ reportId: someId, outcome: 'remove_request' }) },
  { name: 'problems.forOrder', allowed: APPROVED, call: (api) => api.problems.forOrder({ orderId: someId }) },
  { name: 'problems.open', allowed: APPROVED, call: (api) => api.problems.open({ orderId: someId, kind: 'damage', text: 'Quebrou' }) },
  { name: 'problems.moderation.open', allowed: STAFF, call: (api) => api.problems.moderation.open() },
  { name: 'problems.moderation.thread', allowed: STAFF, call: (api) => api.problems.moderation.thread({ problemId: someId }) },
  { name: 'problems.moderation.write', allowed: STAFF, call: (api) => api.problems.moderation.write({ problemId: someId, body: 'Olá', clientId: someId }) },
  { name: 'problems.moderation.resolve', allowed: STAFF, call: (api) => api.problems.moderation.resolve({ problemId: someId, decision: 'Resolvido' }) },
  { name: 'reports.request', allowed: APPROVED, call: (api) => api.reports.request({ requestId: someId, reason: 'offensive' }) },
  { name: 'wanted.list', allowed: APPROVED, call: (api) => api.wanted.list({}) },
  { name: 'wanted.byId', allowed: APPROVED, call: (api) => api.wanted.byId({ id: someId }) },
  { name: 'wanted.create', allowed: APPROVED, call: (api) => api.wanted.create({ type: 'rental', title: 'Procura-se escada' }) },
  { name: 'wanted.update', allowed: APPROVED, call: (api) => api.wanted.update({ id: someId, type: 'rental', title: 'Procura-se escada' }) },
  { name: 'wanted.delete', allowed: APPROVED, call: (api) => api.wanted.delete({ id: someId }) },
  { name: 'wanted.renew', allowed: APPROVED, call: (api) => api.wanted.renew({ id: someId }) },
  { name: 'wanted.found', allowed: APPROVED, call: (api) => api.wanted.found({ id: someId }) },
  { name: 'wanted.offer', allowed: APPROVED, call: (api) => api.wanted.offer({ requestId: someId, listingId: someId }) },
  { name: 'blocks.list', allowed: APPROVED, call: (api) => api.blocks.list() },
  { name: 'blocks.block', allowed: APPROVED, call: (api) => api.blocks.block({ userId: someId }) },
  { name: 'blocks.unblock', allowed: APPROVED, call: (api) => api.blocks.unblock({ userId: someId }) },
  { name: 'portaria.start', allowed: APPROVED, call: (api) => api.portaria.start({ orderId: someId }) },
  { name: 'portaria.cancel', allowed: APPROVED, call: (api) => api.portaria.cancel({ orderId: someId }) },
  { name: 'portaria.mine', allowed: APPROVED, call: (api) => api.portaria.mine() },
  {
    name: 'fornadas.open',
    allowed: APPROVED,
    call: (api) => api.fornadas.open({ listingId: someId, day: '2030-01-05', windowStart: '11:00', windowEnd: '13:00', portions: 10, deadlineDay: '2030-01-04', deadlineTime: '18:00' }),
  },
  {
    name: 'fornadas.edit',
    allowed: APPROVED,
    call: (api) => api.fornadas.edit({ id: someId, day: '2030-01-05', windowStart: '11:00', windowEnd: '13:00', portions: 10, deadlineDay: '2030-01-04', deadlineTime: '18:00' }),
  },
  { name: 'fornadas.cancel', allowed: APPROVED, call: (api) => api.fornadas.cancel({ id: someId }) },
  { name: 'fornadas.ofListing', allowed: APPROVED, call: (api) => api.fornadas.ofListing({ listingId: someId }) },
  { name: 'fornadas.forCards', allowed: APPROVED, call: (api) => api.fornadas.forCards({ listingIds: [someId] }) },
  { name: 'fornadas.reserve', allowed: APPROVED, call: (api) => api.fornadas.reserve({ fornadaId: someId, quantity: 1 }) },
  { name: 'fornadas.orderList', allowed: APPROVED, call: (api) => api.fornadas.orderList({ id: someId }) },
  { name: 'fornadas.markAllDelivered', allowed: APPROVED, call: (api) => api.fornadas.markAllDelivered({ id: someId }) },
  { name: 'fornadas.follow', allowed: APPROVED, call: (api) => api.fornadas.follow({ sellerId: someId, following: true }) },
  { name: 'portaria.lookup', allowed: FRONT_DESK, call: (api) => api.portaria.lookup({ code: '123456' }) },
  { name: 'portaria.advance', allowed: FRONT_DESK, call: (api) => api.portaria.advance({ code: '123456', step: 'receive' }) },
];

let app: TestApp;
const users = {} as Record<Exclude<Who, 'anonymous'>, TestUser>;
beforeAll(async () => {
  app = await createTestApp();
  users.pending = await app.createUser({ status: 'pending' });
  users.rejected = await app.createUser({ status: 'rejected' });
  users.suspended = await app.createUser({ status: 'approved', suspended: true });
  users.resident = await app.createUser();
  users.moderator = await app.createUser({ roles: ['moderator'] });
  users.admin = await app.createUser({ roles: ['admin'] });
  users.portaria = await app.createUser({ roles: ['portaria'] });
});
afterAll(() => app.close());

async function outcome(who: Who, call: (api: Api) => Promise<unknown>): Promise<string> {
  const { api } = await app.callerAs(who === 'anonymous' ? null : users[who]);
  try {
    await call(api);
    return 'allowed';
  } catch (error) {
    if (error instanceof TRPCError && (error.code === 'UNAUTHORIZED' || error.code === 'FORBIDDEN')) return error.code;
    return 'allowed'; // got past the middleware (e.g. NOT_FOUND or CONFLICT for a made-up id)
  }
}

describe.each(PROCEDURES)('$name', ({ allowed, call }) => {
  it.each(EVERYONE)('as %s', async (who) => {
    const result = await outcome(who, call);
    if (allowed.includes(who)) expect(result).toBe('allowed');
    else expect(result).toBe(who === 'anonymous' ? 'UNAUTHORIZED' : 'FORBIDDEN');
  });
});

/** Public entry points (sign-up, login, password reset) are tested in auth.test.ts; the subscription below. */
const TESTED_ELSEWHERE = ['auth.signUp', 'auth.login', 'auth.requestPasswordReset', 'auth.resetPassword', 'realtime.onEvent'];

describe('the table', () => {
  it('lists every procedure of the app router', () => {
    const listed = [...PROCEDURES.map((procedure) => procedure.name), ...TESTED_ELSEWHERE].sort();
    expect(listed).toEqual(Object.keys(appRouter._def.procedures).sort());
  });
});

describe('the realtime subscription', () => {
  it('is only for signed-in users', async () => {
    const { api } = await app.callerAs(null);
    await expect(api.realtime.onEvent()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('auth.me', () => {
  it('tells the guards where each kind of user belongs', async () => {
    const expectations: [Who, object | null][] = [
      ['anonymous', null],
      ['pending', { approvalStatus: 'pending', isSuspended: false }],
      ['rejected', { approvalStatus: 'rejected' }],
      ['suspended', { approvalStatus: 'approved', isSuspended: true }],
      ['resident', { approvalStatus: 'approved', roles: [] }],
      ['moderator', { roles: ['moderator'] }],
      ['admin', { roles: ['admin'] }],
      ['portaria', { approvalStatus: 'approved', roles: ['portaria'] }],
    ];
    for (const [who, expected] of expectations) {
      const { api } = await app.callerAs(who === 'anonymous' ? null : users[who]);
      const me = await api.auth.me();
      if (expected === null) expect(me).toBeNull();
      else expect(me).toMatchObject(expected);
      if (me) expect(Object.keys(me).sort()).toEqual(['approvalStatus', 'fullName', 'id', 'isSuspended', 'rejectionReason', 'roles']);
    }
  });
});
