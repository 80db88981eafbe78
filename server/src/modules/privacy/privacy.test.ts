import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';
import { uploadImage } from '../images/images.service.ts';
import { pickupTomorrow } from '../../../test/pickup.ts';
import { exportPersonalData } from './privacy.service.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('Baixar meus dados', () => {
  it("gives the person their account, CPF, sessions, listings and invites, and never a secret or someone else's data", async () => {
    const user = await app.createUser({ fullName: 'Luiza Ferreira' });
    const other = await app.createUser({ fullName: 'Outra Pessoa' });
    const { api } = await app.callerAs(user);
    await api.listings.create({ type: 'rental', title: 'Furadeira', description: 'Com maleta', priceCents: 1500 });
    await api.invites.send({ email: 'amiga-da-luiza@teste.com', apartment: 'Apt 12' });
    const othersApi = (await app.callerAs(other)).api;
    await othersApi.listings.create({ type: 'food', title: 'Bolo de cenoura', description: 'Com cobertura', priceCents: 2500 });

    const data = await api.privacy.exportMine();
    expect(data.exportedAt).toBe(app.clock.now().toISOString());
    expect(data.account).toMatchObject({ email: user.email, full_name: 'Luiza Ferreira', approval_status: 'approved' });
    expect(data.account.cpf).toMatch(/^\d{11}$/);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.listings.map((listing) => listing.title)).toEqual(['Furadeira']);
    expect(data.invitesSent).toEqual([expect.objectContaining({ email: 'amiga-da-luiza@teste.com', apartment: 'Apt 12', status: 'pending' })]);

    const text = JSON.stringify(data);
    expect(text).not.toContain('argon2');
    expect(text).not.toContain('password');
    expect(text).not.toContain('Bolo de cenoura');
    expect(text).not.toContain(other.email);
    // A plain service function: the admin's per-person export calls the same thing.
    expect(await exportPersonalData(app.deps, user.id)).toEqual(data);
  });

  it("gives each side of a conversation the messages they wrote and received, and the login attempts made with their own e-mail; a third person, none of them", async () => {
    const owner = await app.createUser({ fullName: 'Marta Bolos' });
    const buyer = await app.createUser({ fullName: 'Caio Comprador' });
    const third = await app.createUser();
    const moderator = await app.createUser({ roles: ['moderator'] });
    const ownerApi = (await app.callerAs(owner)).api;
    const buyerApi = (await app.callerAs(buyer)).api;
    const { id: listingId } = await ownerApi.listings.create({ type: 'food', title: 'Pão de mel', description: 'Caseiro', priceCents: 800 });
    await (await app.callerAs(moderator)).api.listings.moderation.approve({ id: listingId });
    const order = await buyerApi.orders.create({ listingId, scheduledAt: pickupTomorrow(app.clock) });
    await ownerApi.orders.approve({ id: order.id });
    await ownerApi.messages.send({ orderId: order.id, body: 'Pode buscar às 18h', clientId: crypto.randomUUID() });
    await buyerApi.messages.send({ orderId: order.id, body: 'Combinado', clientId: crypto.randomUUID() });
    await app.db
      .insertInto('login_attempts')
      .values([
        { email: buyer.email, ip: '203.0.113.7', succeeded: false, created_at: app.clock.now() },
        { email: third.email, ip: '203.0.113.8', succeeded: true, created_at: app.clock.now() },
      ])
      .execute();

    const bodies = async (api: typeof buyerApi) => (await api.privacy.exportMine()).messages.map((message) => message.body).sort();
    expect(await bodies(ownerApi)).toEqual(['Combinado', 'Pode buscar às 18h']);
    expect(await bodies(buyerApi)).toEqual(['Combinado', 'Pode buscar às 18h']);
    const thirdsCopy = await (await app.callerAs(third)).api.privacy.exportMine();
    expect(thirdsCopy.messages).toEqual([]);
    expect((await buyerApi.privacy.exportMine()).loginAttempts).toEqual([{ ip: '203.0.113.7', succeeded: false, created_at: app.clock.now().toISOString() }]);
    expect(thirdsCopy.loginAttempts).toEqual([{ ip: '203.0.113.8', succeeded: true, created_at: app.clock.now().toISOString() }]);
  });

  it("gives the person the reports they made (without what staff decided) and the people they blocked; never who reported or blocked them", async () => {
    const person = await app.createUser({ fullName: 'Sofia Denuncia' });
    const seller = await app.createUser({ fullName: 'Vendedor Denunciado' });
    const pest = await app.createUser({ fullName: 'Vizinho Bloqueado' });
    const moderator = await app.createUser({ roles: ['moderator'] });
    const admin = await app.createUser({ roles: ['admin'] });
    const api = (await app.callerAs(person)).api;
    const sellerApi = (await app.callerAs(seller)).api;
    const moderatorApi = (await app.callerAs(moderator)).api;
    const { id: listingId } = await sellerApi.listings.create({ type: 'rental', title: 'Escada suspeita', description: 'Seis degraus', priceCents: 1000 });
    await moderatorApi.listings.moderation.approve({ id: listingId });
    await api.reports.listing({ listingId, reason: 'fraud', details: 'Pediu Pix adiantado' });
    await api.reports.person({ userId: pest.id, reason: 'harassment', details: null });
    await sellerApi.reports.person({ userId: person.id, reason: 'other', details: 'Relato-sobre-Sofia' });
    await api.blocks.block({ userId: pest.id });
    await sellerApi.blocks.block({ userId: person.id });
    const [aboutListing] = (await moderatorApi.reports.moderation.open()).items.filter((item) => item.listing?.id === listingId);
    await moderatorApi.reports.moderation.decide({ reportId: aboutListing!.id, outcome: 'warn', note: 'Advertência-ao-vendedor' });

    const data = await api.privacy.exportMine();
    expect(data.reportsMade).toHaveLength(2);
    expect(data.reportsMade).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ target_type: 'listing', listing_title: 'Escada suspeita', person_name: 'Vendedor Denunciado', reason: 'fraud', details: 'Pediu Pix adiantado', handled_at: app.clock.now().toISOString() }),
        expect.objectContaining({ target_type: 'person', listing_title: null, person_name: 'Vizinho Bloqueado', reason: 'harassment', details: null, handled_at: null }),
      ]),
    );
    expect(data.peopleBlocked).toEqual([{ blocked_name: 'Vizinho Bloqueado', created_at: app.clock.now().toISOString() }]);
    const text = JSON.stringify(data);
    expect(text).not.toContain('Advertência-ao-vendedor');
    expect(text).not.toContain('warned');
    expect(text).not.toContain('Relato-sobre-Sofia');
    expect((await sellerApi.privacy.exportMine()).peopleBlocked).toEqual([{ blocked_name: 'Sofia Denuncia', created_at: app.clock.now().toISOString() }]);
    expect(await (await app.callerAs(admin)).api.admin.users.exportData({ userId: person.id })).toEqual(data);
  });

  it("gives both people of a rental its hand-over condition, deposit record, problems and the administration's messages, and each their own requests, offers and follows; a third person none of it", async () => {
    const owner = await app.createUser({ fullName: 'Olga Dona' });
    const requester = await app.createUser({ fullName: 'Rui Pediu' });
    const third = await app.createUser({ fullName: 'Tina Terceira' });
    const moderator = await app.createUser({ roles: ['moderator'], fullName: 'Moderadora Mara' });
    const api = async (user: TestUser) => (await app.callerAs(user)).api;
    const [ownerApi, requesterApi, thirdApi, moderatorApi] = await Promise.all([api(owner), api(requester), api(third), api(moderator)]);
    const photo = async (user: TestUser, purpose: 'handover' | 'deposit' | 'problem') =>
      (await uploadImage(app.deps, { userId: user.id, purpose, bytes: await sharp({ create: { width: 60, height: 40, channels: 3, background: '#357' } }).jpeg().toBuffer() })).id;

    const { id: drillId } = await ownerApi.listings.create({ type: 'rental', title: 'Serra tico-tico', description: 'Com lâminas', priceCents: 2000, depositCents: 30_000 });
    const { id: cakeId } = await ownerApi.listings.create({ type: 'food', title: 'Bolo de fubá', description: 'Inteiro', priceCents: 3000 });
    for (const id of [drillId, cakeId]) await moderatorApi.listings.moderation.approve({ id });
    const today = app.clock.today();
    const { id: orderId } = await requesterApi.orders.create({ listingId: drillId, startDate: today, endDate: today });
    await ownerApi.orders.approve({ id: orderId });
    const handoverPhoto = await photo(owner, 'handover');
    await ownerApi.orders.markDelivered({ id: orderId, photos: [handoverPhoto], note: 'Lâmina nova' });
    await requesterApi.orders.confirmCondition({ id: orderId, stage: 'delivery' });
    await ownerApi.orders.complete({ id: orderId, note: 'Voltou sem a maleta' });
    const depositPhoto = await photo(owner, 'deposit');
    await ownerApi.deposits.settle({ orderId, outcome: 'retained', retainedCents: 5_000, reason: 'Maleta perdida', imageIds: [depositPhoto] });
    const problemPhoto = await photo(requester, 'problem');
    await requesterApi.problems.open({ orderId, kind: 'other', text: 'A maleta ficou na portaria.', photoIds: [problemPhoto] });
    const [problem] = (await moderatorApi.problems.moderation.open()).items.filter((item) => item.orderId === orderId);
    await moderatorApi.problems.moderation.write({ problemId: problem!.id, body: 'Vamos verificar com a portaria.', clientId: crypto.randomUUID() });
    // The requester contests the retention: it joins the problem already open.
    await requesterApi.deposits.answer({ orderId, answer: 'contested', kind: 'other', text: 'A maleta está na portaria, não se perdeu.' });
    await requesterApi.messages.send({ orderId, body: 'Obrigado!', clientId: crypto.randomUUID() });

    const { id: requestId } = await requesterApi.wanted.create({ type: 'rental', title: 'Procura-se escada', description: 'Para sábado' });
    await ownerApi.wanted.offer({ requestId, listingId: drillId });
    await requesterApi.fornadas.follow({ sellerId: owner.id, following: true });
    await thirdApi.wanted.create({ type: 'food', title: 'Procura-se pão de queijo', description: '' });

    const [ownersCopy, requestersCopy, thirdsCopy] = await Promise.all([ownerApi.privacy.exportMine(), requesterApi.privacy.exportMine(), thirdApi.privacy.exportMine()]);
    for (const copy of [ownersCopy, requestersCopy]) {
      expect(copy.orders).toEqual([expect.objectContaining({ id: orderId, deposit_cents: 30_000 })]);
      expect(copy.handoverConditions).toEqual([
        expect.objectContaining({ order_id: orderId, listing_title: 'Serra tico-tico', stage: 'delivery', note: 'Lâmina nova', photo_ids: [handoverPhoto], confirmed_at: app.clock.now().toISOString() }),
        expect.objectContaining({ order_id: orderId, stage: 'return', note: 'Voltou sem a maleta', photo_ids: [], confirmed_at: null }),
      ]);
      expect(copy.deposits).toEqual([
        expect.objectContaining({ order_id: orderId, owner_name: 'Olga Dona', requester_name: 'Rui Pediu', deposit_cents: 30_000, outcome: 'retained', retained_cents: 5_000, reason: 'Maleta perdida', photo_ids: [depositPhoto], answer: 'contested', contest_text: 'A maleta está na portaria, não se perdeu.' }),
      ]);
      expect(copy.problems).toEqual([
        expect.objectContaining({ id: problem!.id, order_id: orderId, opened_by_name: 'Rui Pediu', kind: 'other', details: 'A maleta ficou na portaria.', status: 'open', photo_ids: [problemPhoto] }),
      ]);
      expect(copy.problemMessages).toEqual([expect.objectContaining({ problem_id: problem!.id, order_id: orderId, body: 'Vamos verificar com a portaria.' })]);
      // The administration is not named: which staff member wrote is not the residents' data.
      expect(JSON.stringify(copy)).not.toContain('Moderadora Mara');
    }
    expect(requestersCopy.messages.map((message) => message.body)).toEqual(['Obrigado!']);

    expect(requestersCopy.wantedRequests).toEqual([expect.objectContaining({ id: requestId, type: 'rental', title: 'Procura-se escada', description: 'Para sábado', status: 'open', renewals: 0 })]);
    const offer = { request_id: requestId, request_title: 'Procura-se escada', listing_title: 'Serra tico-tico', offerer_name: 'Olga Dona', created_at: app.clock.now().toISOString() };
    expect(requestersCopy.wantedOffers).toEqual([offer]);
    expect(ownersCopy.wantedOffers).toEqual([offer]);
    expect(ownersCopy.wantedRequests).toEqual([]);
    expect(requestersCopy.fornadasFollowed).toEqual([{ seller_name: 'Olga Dona', created_at: app.clock.now().toISOString() }]);
    // Who follows the seller is not the seller's to know.
    expect(ownersCopy.fornadasFollowed).toEqual([]);
    expect(JSON.stringify(ownersCopy)).not.toContain('Procura-se pão de queijo');

    for (const key of ['handoverConditions', 'deposits', 'problems', 'problemMessages', 'wantedOffers', 'fornadasFollowed'] as const) expect(thirdsCopy[key]).toEqual([]);
    expect(thirdsCopy.wantedRequests).toEqual([expect.objectContaining({ title: 'Procura-se pão de queijo' })]);
    expect(await (await api(await app.createUser({ roles: ['admin'] }))).admin.users.exportData({ userId: requester.id })).toEqual(requestersCopy);
  });

  it('works for someone still waiting for approval', async () => {
    const pending = await app.createUser({ status: 'pending' });
    const { api } = await app.callerAs(pending);
    await expect(api.privacy.exportMine()).resolves.toMatchObject({ account: { approval_status: 'pending' } });
  });
});

describe("the administration's copy of one person's data", () => {
  it("gives an administrator the same export the person downloads, Pix key and favourites included; an unknown person is 'not found'", async () => {
    const person = await app.createUser({ fullName: 'Renata Dias' });
    const admin = await app.createUser({ roles: ['admin'] });
    const { api } = await app.callerAs(person);
    await api.pix.saveKey({ type: 'email', key: 'renata@exemplo.com' });
    const adminApi = (await app.callerAs(admin)).api;

    const copy = await adminApi.admin.users.exportData({ userId: person.id });
    expect(copy.account).toMatchObject({ email: person.email, full_name: 'Renata Dias' });
    expect(copy.pixKeys).toEqual([expect.objectContaining({ key_type: 'email', key: 'renata@exemplo.com' })]);
    expect(copy.favorites).toEqual([]);
    expect(copy).toEqual(await api.privacy.exportMine());
    await expectError(adminApi.admin.users.exportData({ userId: '00000000-0000-4000-8000-000000000000' }), 'NOT_FOUND', 'Usuário não encontrado');
  });
});
