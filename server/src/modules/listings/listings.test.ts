import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_MESSAGES, type CreateListingInput } from '@vizinhanca/shared/listings/listing.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';

let app: TestApp;
let owner: TestUser;
let neighbour: TestUser;
let moderator: TestUser;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  owner = await app.createUser({ fullName: 'Ana Dona' });
  neighbour = await app.createUser({ fullName: 'Bruno Vizinho' });
  moderator = await app.createUser({ roles: ['moderator'] });
  admin = await app.createUser({ roles: ['admin'] });
});
afterAll(() => app.close());

const DAY_MS = 24 * 60 * 60 * 1000;

/** A word no other test uses, so feed assertions do not see other tests' listings. */
function marker(): string {
  return `marca${randomBytes(4).toString('hex')}`;
}

function rental(overrides: Partial<Extract<CreateListingInput, { type: 'rental' }>> = {}): CreateListingInput {
  return { type: 'rental', title: `Furadeira ${marker()}`, description: 'Furadeira de impacto com maleta.', priceCents: 1500, ...overrides };
}

async function api(user: TestUser | null) {
  return (await app.callerAs(user)).api;
}

async function create(user: TestUser, input: CreateListingInput = rental()) {
  return (await (await api(user)).listings.create(input)).id;
}

/** Created by the user and approved by the moderator: public (one second after the previous one, so the feed order is known). */
async function publish(user: TestUser, input: CreateListingInput = rental()) {
  app.clock.advance(1000);
  const id = await create(user, input);
  await (await api(moderator)).listings.moderation.approve({ id });
  // The test clock stands still; a second passes between publications, as it would for real.
  app.clock.advance(1000);
  return id;
}

function row(id: string) {
  return app.db
    .selectFrom('listings')
    .select(['status', 'paused_by', 'title', 'price_cents', 'rejection_reason', 'published_at', 'expires_at', 'deleted_at', 'updated_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

async function feedIds(user: TestUser, input: Parameters<Awaited<ReturnType<typeof api>>['listings']['list']>[0]) {
  const result = await (await api(user)).listings.list(input);
  return result.items.map((item) => item.id);
}

function notificationsOf(userId: string, relatedId: string) {
  return app.db.selectFrom('notifications').select(['type', 'title', 'message']).where('user_id', '=', userId).where('related_id', '=', relatedId).orderBy('created_at').execute();
}

describe('create', () => {
  it('publishes nothing until approved: the new listing is pending and only its owner sees it', async () => {
    const input = rental();
    const result = await (await api(owner)).listings.create(input);
    expect(result).toEqual({ id: expect.any(String), message: 'Anúncio criado! Aguardando aprovação do administrador.' });
    expect(await row(result.id)).toMatchObject({ status: 'pending', published_at: null, expires_at: null });

    const mine = await (await api(owner)).listings.mine();
    expect(mine.items.find((item) => item.id === result.id)).toMatchObject({ status: 'pending', priceUnit: 'day', deliveryOptions: ['pickup'] });
    expect(await feedIds(neighbour, { type: 'rental', search: input.title })).toEqual([]);
    await expectError((await api(neighbour)).listings.byId({ id: result.id }), 'NOT_FOUND', 'Anúncio não encontrado');
    await expectError((await api(owner)).listings.byId({ id: result.id }), 'NOT_FOUND', 'Anúncio não encontrado');
  });

  it('stores each type with its own fields and unit', async () => {
    const caller = await api(owner);
    const food = await caller.listings.create({ type: 'food', title: 'Bolo de cenoura', description: 'Com cobertura de chocolate', priceCents: 3500, requiresAdvanceOrder: true, deliveryOptions: ['pickup', 'delivery'] });
    const service = await caller.listings.create({ type: 'service', title: 'Aula de violão', description: 'Iniciantes', priceCents: 8000, priceUnit: 'hour', tags: ['Música', 'Aulas'] });
    expect(await caller.listings.ownerView({ id: food.id })).toMatchObject({
      type: 'food',
      priceUnit: 'unit',
      requiresAdvanceOrder: true,
      minimumNoticeHours: 24,
      deliveryOptions: ['pickup', 'delivery'],
    });
    expect(await caller.listings.ownerView({ id: service.id })).toMatchObject({ type: 'service', priceUnit: 'hour', tags: ['Música', 'Aulas'], requiresAdvanceOrder: false, minimumNoticeHours: null });
  });

  it('refuses every bad input of the form with its message, storing nothing', async () => {
    const caller = await api(owner);
    const before = await caller.listings.mine();
    const cases: [unknown, string][] = [
      [{ ...rental(), title: '' }, LISTING_MESSAGES.requiredFields],
      [{ ...rental(), title: '    ' }, LISTING_MESSAGES.requiredFields],
      [{ ...rental(), description: '' }, LISTING_MESSAGES.requiredFields],
      [{ ...rental(), priceCents: undefined }, LISTING_MESSAGES.requiredFields],
      [{ ...rental(), priceCents: 0 }, LISTING_MESSAGES.invalidPrice],
      [{ ...rental(), priceCents: -500 }, LISTING_MESSAGES.invalidPrice],
      [{ ...rental(), priceCents: 10.5 }, LISTING_MESSAGES.invalidPrice],
      [{ ...rental(), priceCents: '15' }, LISTING_MESSAGES.invalidPrice],
      [{ ...rental(), deliveryOptions: [] }, LISTING_MESSAGES.deliveryRequired],
      [{ ...rental(), deliveryOptions: ['drone'] }, LISTING_MESSAGES.deliveryRequired],
      [{ ...rental(), title: 'x'.repeat(101) }, LISTING_MESSAGES.titleTooLong],
      [{ ...rental(), description: 'x'.repeat(2001) }, LISTING_MESSAGES.descriptionTooLong],
      [{ ...rental(), tags: ['1', '2', '3', '4', '5', '6'] }, LISTING_MESSAGES.tooManyTags],
      [{ ...rental(), type: 'imovel' }, LISTING_MESSAGES.typeRequired],
      [{ type: 'food', title: 'Torta', description: 'Doce', priceCents: 100, requiresAdvanceOrder: true, minimumNoticeHours: 1000 }, LISTING_MESSAGES.noticeTooLong],
    ];
    for (const [input, message] of cases) {
      await expectError(caller.listings.create(input as CreateListingInput), 'BAD_REQUEST', message);
    }
    expect((await caller.listings.mine()).counters.total).toBe(before.counters.total);
  });

  it('falls back to 24 hours of notice when the value is empty or invalid', async () => {
    const caller = await api(owner);
    const { id } = await caller.listings.create({ type: 'food', title: 'Pão caseiro', description: 'Fermentação natural', priceCents: 1800, requiresAdvanceOrder: true, minimumNoticeHours: 0 });
    expect((await caller.listings.ownerView({ id })).minimumNoticeHours).toBe(24);
  });

  it('is only for signed-in approved users', async () => {
    await expectError((await api(null)).listings.create(rental()), 'UNAUTHORIZED', 'Não autenticado');
    const pending = await app.createUser({ status: 'pending' });
    await expectError((await api(pending)).listings.create(rental()), 'FORBIDDEN', 'Seu cadastro ainda não foi aprovado pela administração.');
  });
});

describe('moderation', () => {
  it('approving publishes for 30 days and tells the owner with the exact texts', async () => {
    const input = rental({ title: `Escada de alumínio ${marker()}` });
    const id = await create(owner, input);
    const pendencies = await (await api(moderator)).admin.pendencies();
    expect(pendencies.pendingListings).toBeGreaterThanOrEqual(1);

    const before = app.clock.now().getTime();
    await expect((await api(moderator)).listings.moderation.approve({ id })).resolves.toEqual({ message: 'Anúncio aprovado com sucesso!' });
    const approved = await row(id);
    expect(approved.status).toBe('active');
    expect(approved.published_at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(approved.expires_at!.getTime() - approved.published_at!.getTime()).toBe(30 * DAY_MS);
    expect(await notificationsOf(owner.id, id)).toEqual([
      { type: 'listing_approved', title: 'Anúncio Aprovado! 🎉', message: `Seu anúncio "${input.title}" foi aprovado e está visível para todos.` },
    ]);
    expect((await (await api(moderator)).admin.pendencies()).pendingListings).toBe(pendencies.pendingListings - 1);

    expect(await feedIds(neighbour, { type: 'rental', search: input.title })).toEqual([id]);
    await expectError((await api(admin)).listings.moderation.approve({ id }), 'CONFLICT', LISTING_MESSAGES.notPending);
    await expectError((await api(admin)).listings.moderation.reject({ id }), 'CONFLICT', LISTING_MESSAGES.notPending);
  });

  it('rejecting stores the optional reason and sends it, or the default text', async () => {
    const withReason = await create(owner, rental({ title: 'Serra elétrica' }));
    const withoutReason = await create(owner, rental({ title: 'Lixadeira' }));
    const caller = await api(admin);
    await expect(caller.listings.moderation.reject({ id: withReason, reason: '  Foto não corresponde ao item  ' })).resolves.toEqual({ message: 'Anúncio rejeitado.' });
    await caller.listings.moderation.reject({ id: withoutReason, reason: '' });

    expect(await notificationsOf(owner.id, withReason)).toEqual([{ type: 'listing_rejected', title: 'Anúncio Rejeitado', message: 'Foto não corresponde ao item' }]);
    expect(await notificationsOf(owner.id, withoutReason)).toEqual([{ type: 'listing_rejected', title: 'Anúncio Rejeitado', message: 'Seu anúncio "Lixadeira" não foi aprovado.' }]);
    expect(await (await api(owner)).listings.ownerView({ id: withReason })).toMatchObject({ status: 'rejected', rejectionReason: 'Foto não corresponde ao item' });
    expect(await row(withoutReason)).toMatchObject({ status: 'rejected', rejection_reason: null });
    await expectError(caller.listings.moderation.reject({ id: withReason, reason: 'x'.repeat(501) }), 'BAD_REQUEST', LISTING_MESSAGES.reasonTooLong);
  });

  it('pausing hides the listing, tells the owner, and only the administration can activate it again', async () => {
    const input = rental({ title: 'Cortador de grama' });
    const id = await publish(owner, input);
    const other = await publish(owner);
    const caller = await api(moderator);
    await expect(caller.listings.moderation.pause({ id, reason: 'Aguardando confirmação do síndico' })).resolves.toEqual({ message: 'Anúncio pausado com sucesso' });
    await caller.listings.moderation.pause({ id: other });
    expect(await notificationsOf(owner.id, id)).toContainEqual({ type: 'listing_paused', title: 'Anúncio Pausado', message: 'Aguardando confirmação do síndico' });
    expect(await notificationsOf(owner.id, other)).toContainEqual({ type: 'listing_paused', title: 'Anúncio Pausado', message: expect.stringMatching(/^Seu anúncio ".+" foi pausado temporariamente\.$/) });
    expect(await row(id)).toMatchObject({ status: 'paused', paused_by: 'admin' });
    await expectError((await api(neighbour)).listings.byId({ id }), 'NOT_FOUND', 'Anúncio não encontrado');

    await expectError((await api(owner)).listings.reactivate({ id }), 'FORBIDDEN', LISTING_MESSAGES.pausedByAdmin);
    expect(await row(id)).toMatchObject({ status: 'paused', paused_by: 'admin' });

    await expect(caller.listings.moderation.activate({ id })).resolves.toEqual({ message: 'Anúncio ativado com sucesso' });
    expect(await row(id)).toMatchObject({ status: 'active', paused_by: null });
    await expectError(caller.listings.moderation.activate({ id }), 'CONFLICT', LISTING_MESSAGES.notPaused);
  });

  it('can pause what the owner paused, so the owner cannot bring it back', async () => {
    const id = await publish(owner);
    await (await api(owner)).listings.pause({ id });
    await (await api(admin)).listings.moderation.pause({ id });
    await expectError((await api(owner)).listings.reactivate({ id }), 'FORBIDDEN', LISTING_MESSAGES.pausedByAdmin);
    const pending = await create(owner);
    await expectError((await api(admin)).listings.moderation.pause({ id: pending }), 'CONFLICT', LISTING_MESSAGES.cannotPause);
  });

  it('deleting removes the listing from every screen', async () => {
    const input = rental();
    const id = await publish(owner, input);
    await expect((await api(moderator)).listings.moderation.delete({ id })).resolves.toEqual({ message: 'Anúncio excluído com sucesso' });
    expect(await feedIds(neighbour, { type: 'rental', search: input.title })).toEqual([]);
    expect((await (await api(admin)).listings.moderation.list({ search: input.title })).items).toEqual([]);
    await expectError((await api(owner)).listings.ownerView({ id }), 'NOT_FOUND', 'Anúncio não encontrado');
  });

  it('lists every listing with search, type and status filters; pending has its own list', async () => {
    const word = marker();
    const pendingFood = await create(owner, { type: 'food', title: `Brigadeiro ${word}`, description: 'Caixa com 20', priceCents: 3000 });
    const activeRental = await publish(neighbour, rental({ title: 'Projetor', description: `Projetor full HD ${word}` }));
    const caller = await api(moderator);

    const all = await caller.listings.moderation.list({ search: word.toUpperCase() });
    expect(all.items.map((item) => item.id).sort()).toEqual([pendingFood, activeRental].sort());
    expect(all.items.find((item) => item.id === activeRental)!.owner).toEqual({ id: neighbour.id, fullName: 'Bruno Vizinho', apartment: 'A-101', phone: '11987654321', avatarUrl: null });
    expect((await caller.listings.moderation.list({ search: word, type: 'food' })).items.map((item) => item.id)).toEqual([pendingFood]);
    expect((await caller.listings.moderation.list({ search: word, status: 'active' })).items.map((item) => item.id)).toEqual([activeRental]);
    expect((await caller.listings.moderation.pending({ search: word })).items.map((item) => item.id)).toEqual([pendingFood]);
  });

  it('is for admins and moderators only; a resident changes nothing', async () => {
    const id = await create(owner);
    const resident = await api(neighbour);
    await expectError(resident.listings.moderation.approve({ id }), 'FORBIDDEN', 'Você não tem permissão para fazer isso.');
    await expectError(resident.listings.moderation.reject({ id }), 'FORBIDDEN', 'Você não tem permissão para fazer isso.');
    await expectError(resident.listings.moderation.delete({ id }), 'FORBIDDEN', 'Você não tem permissão para fazer isso.');
    await expectError((await api(owner)).listings.moderation.approve({ id }), 'FORBIDDEN', 'Você não tem permissão para fazer isso.');
    await expectError((await api(null)).listings.moderation.pending({}), 'UNAUTHORIZED', 'Não autenticado');
    expect(await row(id)).toMatchObject({ status: 'pending', deleted_at: null });
  });

  it('two moderators approving at once produce one approval and one notification', async () => {
    const id = await create(owner);
    const [first, second] = await Promise.all([api(moderator), api(admin)]);
    const results = await Promise.allSettled([first.listings.moderation.approve({ id }), second.listings.moderation.approve({ id })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await notificationsOf(owner.id, id)).toHaveLength(1);
  });
});

describe("the owner's actions", () => {
  it('pauses an active listing and reactivates it', async () => {
    const input = rental();
    const id = await publish(owner, input);
    const caller = await api(owner);
    await expect(caller.listings.pause({ id })).resolves.toEqual({ message: 'Anúncio pausado' });
    expect(await row(id)).toMatchObject({ status: 'inactive', paused_by: 'owner' });
    expect(await feedIds(neighbour, { type: 'rental', search: input.title })).toEqual([]);
    await expectError(caller.listings.pause({ id }), 'CONFLICT', LISTING_MESSAGES.onlyActiveCanBePaused);

    await expect(caller.listings.reactivate({ id })).resolves.toEqual({ message: 'Anúncio reativado' });
    expect(await row(id)).toMatchObject({ status: 'active', paused_by: null });
    expect(await feedIds(neighbour, { type: 'rental', search: input.title })).toEqual([id]);
    await expectError(caller.listings.reactivate({ id }), 'CONFLICT', LISTING_MESSAGES.onlyInactiveCanBeReactivated);
  });

  it('cannot pause a listing still waiting for approval (reactivating would skip the review)', async () => {
    const id = await create(owner);
    await expectError((await api(owner)).listings.pause({ id }), 'CONFLICT', LISTING_MESSAGES.onlyActiveCanBePaused);
    expect(await row(id)).toMatchObject({ status: 'pending' });
  });

  it('editing delivery options or tags keeps an active listing public', async () => {
    const input = rental();
    const id = await publish(owner, input);
    const result = await (await api(owner)).listings.update({ ...input, id, deliveryOptions: ['pickup', 'delivery'], tags: ['Ferramentas'] });
    expect(result).toEqual({ message: 'Anúncio atualizado!', status: 'active', backToReview: false });
    const detail = await (await api(neighbour)).listings.byId({ id });
    expect(detail).toMatchObject({ deliveryOptions: ['pickup', 'delivery'], tags: ['Ferramentas'], isOwner: false });
  });

  it('editing the title, description or price of an active listing sends it back to approval', async () => {
    for (const change of [{ title: `Outro título ${marker()}` }, { description: 'Agora sem maleta.' }, { priceCents: 999 }]) {
      const input = rental();
      const id = await publish(owner, input);
      const result = await (await api(owner)).listings.update({ ...input, ...change, id });
      expect(result).toEqual({ message: 'Anúncio atualizado!', status: 'pending', backToReview: true });
      await expectError((await api(neighbour)).listings.byId({ id }), 'NOT_FOUND', 'Anúncio não encontrado');
      await (await api(moderator)).listings.moderation.approve({ id });
      expect((await (await api(neighbour)).listings.byId({ id })).title).toBe(change.title ?? input.title);
    }
  });

  it('editing a listing the owner paused also goes back to approval, so reactivating cannot publish unseen content', async () => {
    const input = rental();
    const id = await publish(owner, input);
    const caller = await api(owner);
    await caller.listings.pause({ id });
    await caller.listings.update({ ...input, id, title: 'Conteúdo novo' });
    expect(await row(id)).toMatchObject({ status: 'pending', paused_by: null });
    await expectError(caller.listings.reactivate({ id }), 'CONFLICT', LISTING_MESSAGES.onlyInactiveCanBeReactivated);
  });

  it('editing a rejected listing resubmits it', async () => {
    const input = rental();
    const id = await create(owner, input);
    await (await api(moderator)).listings.moderation.reject({ id, reason: 'Descreva o estado do item' });
    await (await api(owner)).listings.update({ ...input, id, description: 'Em ótimo estado, usada duas vezes.' });
    expect(await row(id)).toMatchObject({ status: 'pending', rejection_reason: null });
  });

  it('cannot change the category of a listing', async () => {
    const input = rental();
    const id = await create(owner, input);
    await expectError((await api(owner)).listings.update({ ...input, type: 'service', id }), 'BAD_REQUEST', LISTING_MESSAGES.typeChanged);
  });

  it('refuses bad edits with the form messages', async () => {
    const input = rental();
    const id = await create(owner, input);
    await expectError((await api(owner)).listings.update({ ...input, id, priceCents: 0 }), 'BAD_REQUEST', LISTING_MESSAGES.invalidPrice);
    await expectError((await api(owner)).listings.update({ ...input, id, deliveryOptions: [] }), 'BAD_REQUEST', LISTING_MESSAGES.deliveryRequired);
    await expectError((await api(owner)).listings.update({ ...input, id, title: '' }), 'BAD_REQUEST', LISTING_MESSAGES.requiredFields);
    expect((await row(id)).title).toBe(input.title);
  });

  it('renews for 30 more days from the current expiry, or from now when expired', async () => {
    const id = await publish(owner);
    const caller = await api(owner);
    const inThreeDays = new Date(app.clock.now().getTime() + 3 * DAY_MS);
    await app.db.updateTable('listings').set({ expires_at: inThreeDays }).where('id', '=', id).execute();
    const result = await caller.listings.renew({ id });
    expect(result.message).toBe('Anúncio renovado por mais 30 dias!');
    expect(result.expiresAt.getTime()).toBe(inThreeDays.getTime() + 30 * DAY_MS);

    await app.db.updateTable('listings').set({ expires_at: new Date(app.clock.now().getTime() - 5 * DAY_MS) }).where('id', '=', id).execute();
    const before = app.clock.now().getTime();
    const renewed = await caller.listings.renew({ id });
    expect(renewed.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * DAY_MS);
    expect(renewed.expiresAt.getTime()).toBeLessThan(app.clock.now().getTime() + 30 * DAY_MS + 1000);
    expect((await (await api(neighbour)).listings.byId({ id })).id).toBe(id);
  });

  it('cannot renew what was never approved', async () => {
    const id = await create(owner);
    await expectError((await api(owner)).listings.renew({ id }), 'CONFLICT', LISTING_MESSAGES.onlyApprovedCanBeRenewed);
  });

  it('deletes softly: gone from every screen, the row kept for the orders that point at it', async () => {
    const input = rental();
    const id = await publish(owner, input);
    const caller = await api(owner);
    await expect(caller.listings.delete({ id })).resolves.toEqual({ message: 'Anúncio excluído!' });
    expect((await row(id)).deleted_at).toBeInstanceOf(Date);
    expect((await caller.listings.mine()).items.map((item) => item.id)).not.toContain(id);
    expect(await feedIds(neighbour, { type: 'rental', search: input.title })).toEqual([]);
    await expectError((await api(neighbour)).listings.byId({ id }), 'NOT_FOUND', 'Anúncio não encontrado');
    await expectError(caller.listings.ownerView({ id }), 'NOT_FOUND', 'Anúncio não encontrado');
    await expectError(caller.listings.delete({ id }), 'NOT_FOUND', 'Anúncio não encontrado');
    await expectError(caller.listings.renew({ id }), 'NOT_FOUND', 'Anúncio não encontrado');
  });

  it('only the owner edits, pauses, reactivates, renews, deletes or opens the owner view; nothing changes otherwise', async () => {
    const input = rental();
    const active = await publish(owner, input);
    const inactive = await publish(owner);
    await (await api(owner)).listings.pause({ id: inactive });
    const before = { active: await row(active), inactive: await row(inactive) };

    for (const intruder of [neighbour, moderator, admin]) {
      const caller = await api(intruder);
      const attempts = [
        () => caller.listings.update({ ...input, id: active, title: 'Tomado' }),
        () => caller.listings.pause({ id: active }),
        () => caller.listings.reactivate({ id: inactive }),
        () => caller.listings.renew({ id: active }),
        () => caller.listings.delete({ id: active }),
        () => caller.listings.ownerView({ id: active }),
      ];
      for (const attempt of attempts) await expectError(attempt(), 'FORBIDDEN', LISTING_MESSAGES.notOwner);
    }
    const anonymous = await api(null);
    await expectError(anonymous.listings.delete({ id: active }), 'UNAUTHORIZED', 'Não autenticado');
    await expectError(anonymous.listings.pause({ id: active }), 'UNAUTHORIZED', 'Não autenticado');

    expect({ active: await row(active), inactive: await row(inactive) }).toEqual(before);
  });

  it('re-approval after an edit keeps a renewal: the later of the current expiry and approval + 30 days', async () => {
    const input = rental();
    const id = await publish(owner, input);
    const renewed = await (await api(owner)).listings.renew({ id });
    await (await api(owner)).listings.update({ ...input, id, priceCents: 2000 });
    expect((await row(id)).status).toBe('pending');
    await (await api(moderator)).listings.moderation.approve({ id });
    expect((await row(id)).expires_at!.getTime()).toBe(renewed.expiresAt.getTime());

    // Expired meanwhile: the re-approval starts a fresh 30 days.
    await app.db.updateTable('listings').set({ expires_at: new Date(app.clock.now().getTime() - DAY_MS) }).where('id', '=', id).execute();
    await (await api(owner)).listings.update({ ...input, id, priceCents: 2100 });
    await (await api(moderator)).listings.moderation.approve({ id });
    expect((await row(id)).expires_at!.getTime()).toBe(app.clock.now().getTime() + 30 * DAY_MS);
  });

  it('lists my listings with counters that count what their labels say', async () => {
    const someone = await app.createUser();
    const active = await publish(someone);
    const expired = await publish(someone);
    await app.db.updateTable('listings').set({ expires_at: new Date(app.clock.now().getTime() - DAY_MS) }).where('id', '=', expired).execute();
    const pending = await create(someone);
    const paused = await publish(someone);
    await (await api(someone)).listings.pause({ id: paused });

    const mine = await (await api(someone)).listings.mine();
    // A pending listing is neither active nor inactive: it counts only in the total.
    expect(mine.counters).toEqual({ total: 4, active: 1, inactive: 2 });
    expect(mine.items.map((item) => item.id)).toEqual([paused, pending, expired, active]);
    expect(mine.items.find((item) => item.id === expired)!.expiresAt!.getTime()).toBeLessThan(app.clock.now().getTime());
  });
});

describe('public screens', () => {
  it('show the owner with name, apartment and phone only', async () => {
    const id = await publish(owner);
    const detail = await (await api(neighbour)).listings.byId({ id });
    expect(detail.owner).toEqual({ id: owner.id, fullName: 'Ana Dona', apartment: 'A-101', phone: '11987654321', avatarUrl: null });
    expect(detail.isOwner).toBe(false);
    expect(JSON.stringify(detail)).not.toContain(owner.email);
    expect(Object.keys(detail).sort()).toEqual(
      ['deliveryOptions', 'depositCents', 'description', 'expiresAt', 'id', 'imageCardUrl', 'imageDetailUrl', 'isOwner', 'isSaved', 'maxPortions', 'minimumNoticeHours', 'owner', 'ownerRating', 'photos', 'pickupWindow', 'priceCents', 'priceUnit', 'publishedAt', 'requiresAdvanceOrder', 'status', 'tags', 'title', 'type'].sort(),
    );
    expect((await (await api(owner)).listings.byId({ id })).isOwner).toBe(true);
    await expectError((await api(null)).listings.byId({ id }), 'UNAUTHORIZED', 'Não autenticado');
  });

  it('drop expired listings and count only public ones on the home cards', async () => {
    const input = rental();
    const id = await publish(owner, input);
    const counts = await (await api(neighbour)).listings.countsByType();
    await app.db.updateTable('listings').set({ expires_at: new Date(app.clock.now().getTime() - 1000) }).where('id', '=', id).execute();

    expect(await feedIds(neighbour, { type: 'rental', search: input.title })).toEqual([]);
    await expectError((await api(neighbour)).listings.byId({ id }), 'NOT_FOUND', 'Anúncio não encontrado');
    expect(await (await api(neighbour)).listings.countsByType()).toEqual({ ...counts, rental: counts.rental - 1 });
    // The owner still sees it, marked expired by its date.
    expect((await (await api(owner)).listings.ownerView({ id })).status).toBe('active');
  });

  it("drop a suspended owner's listings until the owner is reactivated", async () => {
    const seller = await app.createUser();
    const input = rental();
    const id = await publish(seller, input);
    expect(await feedIds(neighbour, { type: 'rental', search: input.title })).toEqual([id]);

    await app.db.updateTable('users').set({ is_suspended: true }).where('id', '=', seller.id).execute();
    expect(await feedIds(neighbour, { type: 'rental', search: input.title })).toEqual([]);
    await expectError((await api(neighbour)).listings.byId({ id }), 'NOT_FOUND', 'Anúncio não encontrado');
    expect((await (await api(moderator)).listings.moderation.list({ search: input.title })).items.map((item) => item.id)).toEqual([id]);

    await app.db.updateTable('users').set({ is_suspended: false }).where('id', '=', seller.id).execute();
    expect(await feedIds(neighbour, { type: 'rental', search: input.title })).toEqual([id]);
  });

  it('search finds a word of the description, whatever the case, and takes % and _ literally', async () => {
    const word = marker();
    const id = await publish(owner, { type: 'food', title: 'Bolo caseiro', description: `Feito com ${word} e amor, 100% natural`, priceCents: 4000 });
    expect(await feedIds(neighbour, { type: 'food', search: word.toUpperCase() })).toEqual([id]);
    expect(await feedIds(neighbour, { search: `  ${word.slice(2, 9)}  ` })).toEqual([id]);
    expect(await feedIds(neighbour, { type: 'rental', search: word })).toEqual([]);
    expect(await feedIds(neighbour, { type: 'food', search: `${word} e amor, 100%` })).toEqual([id]);
    expect(await feedIds(neighbour, { type: 'food', search: `${word}%natural` })).toEqual([]);
    expect(await feedIds(neighbour, { type: 'food', search: `${word.slice(0, 4)}_` })).not.toContain(id);
    await expectError((await api(neighbour)).listings.list({ type: 'food', search: 'x'.repeat(101) }), 'BAD_REQUEST', LISTING_MESSAGES.searchTooLong);
  });

  it('food chips separate ready dishes from advance orders', async () => {
    const word = marker();
    const ready = await publish(owner, { type: 'food', title: `Coxinha ${word}`, description: 'Pronta', priceCents: 600 });
    const advance = await publish(owner, { type: 'food', title: `Bolo de festa ${word}`, description: 'Encomenda', priceCents: 9000, requiresAdvanceOrder: true, minimumNoticeHours: 48 });
    expect(await feedIds(neighbour, { type: 'food', search: word })).toEqual([advance, ready]);
    expect(await feedIds(neighbour, { type: 'food', search: word, filter: 'ready' })).toEqual([ready]);
    expect(await feedIds(neighbour, { type: 'food', search: word, filter: 'advance' })).toEqual([advance]);
    const [card] = (await (await api(neighbour)).listings.list({ type: 'food', search: word, filter: 'advance' })).items;
    expect(card).toMatchObject({ requiresAdvanceOrder: true, minimumNoticeHours: 48, priceUnit: 'unit', owner: { fullName: 'Ana Dona', apartment: 'A-101' } });
  });

  it("rental and service chips show what can be ordered now; a chip of another type is refused", async () => {
    const word = marker();
    const tool = await publish(owner, rental({ title: `Parafusadeira ${word}` }));
    const lesson = await publish(owner, { type: 'service', title: `Aula de inglês ${word}`, description: 'Conversação', priceCents: 7000, priceUnit: 'hour' });
    expect(await feedIds(neighbour, { type: 'rental', search: word, filter: 'available' })).toEqual([tool]);
    expect(await feedIds(neighbour, { type: 'service', search: word, filter: 'available' })).toEqual([lesson]);
    await expectError((await api(neighbour)).listings.list({ type: 'rental', filter: 'advance' }), 'BAD_REQUEST', LISTING_MESSAGES.invalidFilter);
  });

  it('pages newest first with a cursor until the end', async () => {
    const word = marker();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await publish(owner, { type: 'service', title: `Faxina ${i} ${word}`, description: 'Diarista', priceCents: 15000 }));
    const caller = await api(neighbour);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const result: Awaited<ReturnType<typeof caller.listings.list>> = await caller.listings.list({ type: 'service', search: word, limit: 2, cursor });
      seen.push(...result.items.map((item) => item.id));
      cursor = result.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    await expectError(caller.listings.list({ type: 'service', cursor: 'nao-e-um-id' }), 'BAD_REQUEST', LISTING_MESSAGES.invalidCursor);
  });
});

describe('images', () => {
  async function uploadedImage(user: TestUser, purpose: 'listing' | 'avatar' = 'listing') {
    const id = crypto.randomUUID();
    await app.db.insertInto('images').values({ id, user_id: user.id, purpose, width: 1600, height: 1200, bytes: 1000 }).execute();
    return id;
  }

  it("shows the owner's uploaded image in card and detail sizes", async () => {
    const imageId = await uploadedImage(owner);
    const id = await publish(owner, rental({ imageIds: [imageId] }));
    const detail = await (await api(neighbour)).listings.byId({ id });
    expect(detail.imageCardUrl).toBe(`/files/images/${imageId}/card.webp`);
    expect(detail.imageDetailUrl).toBe(`/files/images/${imageId}/detail.webp`);
  });

  it("refuses someone else's image, an avatar and a made-up id, storing nothing", async () => {
    const marked = marker();
    for (const imageId of [await uploadedImage(neighbour), await uploadedImage(owner, 'avatar'), crypto.randomUUID()]) {
      await expectError((await api(owner)).listings.create(rental({ title: `Bicicleta ${marked}`, imageIds: [imageId] })), 'BAD_REQUEST', 'Imagem não encontrada. Envie a foto novamente.');
    }
    const rows = await app.db.selectFrom('listings').select('id').where('title', '=', `Bicicleta ${marked}`).execute();
    expect(rows).toHaveLength(0);
  });

  it('changing the image of an active listing sends it back to approval', async () => {
    const id = await publish(owner, rental({ imageIds: [await uploadedImage(owner)] }));
    const current = await (await api(owner)).listings.ownerView({ id });
    await (await api(owner)).listings.update({
      id,
      type: 'rental',
      title: current.title,
      description: current.description,
      priceCents: current.priceCents,
      imageIds: [await uploadedImage(owner)],
    });
    expect((await row(id)).status).toBe('pending');
  });
});
