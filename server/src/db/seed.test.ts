import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { todayInTimeZone } from '@vizinhanca/shared/format/format';
import { addDays } from '@vizinhanca/shared/orders/order.rules';
import { ORDER_STATUSES } from '@vizinhanca/shared/orders/order.schema';
import { DEMO_FORNADA, DEMO_LISTINGS, DEMO_ORDERS, DEMO_USERS, seedDemoIfEmpty } from './seed.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('demo seed', () => {
  it('creates the people and listings of every type once, with photos in storage', async () => {
    expect(await seedDemoIfEmpty(app.deps)).toBe(true);
    expect(await seedDemoIfEmpty(app.deps)).toBe(false);

    const users = await app.db.selectFrom('users').select(['email', 'approval_status']).execute();
    expect(users).toHaveLength(DEMO_USERS.length);
    expect(users.filter((user) => user.approval_status === 'pending')).toHaveLength(1);

    const listings = await app.db.selectFrom('listings').select(['type', 'status', 'expires_at', 'image_id']).execute();
    expect(listings).toHaveLength(DEMO_LISTINGS.length);
    expect(new Set(listings.map((listing) => listing.type))).toEqual(new Set(['rental', 'food', 'service']));
    expect(listings.some((listing) => listing.status === 'pending')).toBe(true);
    const daysLeft = listings.filter((listing) => listing.expires_at).map((listing) => Math.ceil((listing.expires_at!.getTime() - app.clock.now().getTime()) / 86_400_000));
    expect(daysLeft).toContain(3);
    expect(daysLeft.some((days) => days < 0)).toBe(true);

    for (const listing of listings) {
      const file = await app.deps.storage.get(`images/${listing.image_id}/card.webp`);
      expect(file?.contentType).toBe('image/webp');
      file?.stream.destroy();
    }
  });

  it('creates orders in every status, a rental returning tomorrow and reviewed orders, so listers show a real rating', async () => {
    const orders = await app.db.selectFrom('orders').select(['id', 'status', 'start_date', 'end_date', 'total_cents']).where('fornada_id', 'is', null).execute();
    expect(orders).toHaveLength(DEMO_ORDERS.length);
    expect(new Set(orders.map((order) => order.status))).toEqual(new Set(ORDER_STATUSES));
    const tomorrow = addDays(todayInTimeZone(app.config.CONDO_TIMEZONE, app.clock.now()), 1);
    expect(orders.some((order) => order.status === 'in_progress' && order.end_date === tomorrow)).toBe(true);
    expect(orders.every((order) => order.total_cents > 0)).toBe(true);

    const reviews = await app.db.selectFrom('reviews').select(['order_id', 'rating', 'reviewee_role']).execute();
    expect(reviews.length).toBeGreaterThanOrEqual(2);
    const completed = new Set(orders.filter((order) => order.status === 'completed').map((order) => order.id));
    expect(reviews.every((review) => completed.has(review.order_id))).toBe(true);
    // Both sides reviewed each other (so both reviews show), and one completed order still waits for its reviews ('Avaliar').
    const reviewedOrders = new Set(reviews.map((review) => review.order_id));
    expect(reviews.filter((review) => review.reviewee_role === 'requester')).toHaveLength(reviewedOrders.size);
    expect(completed.size).toBeGreaterThan(reviewedOrders.size);

    const ana = await app.db.selectFrom('users').select(['id', 'email', 'full_name']).where('email', '=', 'ana@vizinhanca.app').executeTakeFirstOrThrow();
    const { api } = await app.callerAs({ id: ana.id, email: ana.email, fullName: ana.full_name, password: '' });
    const feed = [...(await api.listings.list({ type: 'rental' })).items, ...(await api.listings.list({ type: 'food' })).items];
    const ratingOf = (name: string) => feed.find((item) => item.owner.fullName === name)?.ownerRating;
    expect(ratingOf('Bruno Costa Lima')).toEqual({ average: 5, count: 1 });
    expect(ratingOf('Juliana Pereira')).toEqual({ average: 4.5, count: 2 });
    expect(ratingOf('Ana Beatriz Souza')).toEqual({ average: null, count: 0 });
    // The bicycle is out (in progress): the 'Disponível' chip leaves it out; the drill is free today.
    const available = await api.listings.list({ type: 'rental', filter: 'available' });
    expect(available.items.map((item) => item.title)).toContain('Furadeira de impacto Bosch');
    expect(available.items.map((item) => item.title)).not.toContain('Bicicleta aro 29 com capacete');
  });

  it("opens conversations with unread messages for Bruno, and Ana's approved drill offers 'Pagar com Pix'", async () => {
    const bruno = await app.db.selectFrom('users').select(['id', 'email', 'full_name']).where('email', '=', 'bruno@vizinhanca.app').executeTakeFirstOrThrow();
    const { api } = await app.callerAs({ id: bruno.id, email: bruno.email, fullName: bruno.full_name, password: '' });
    expect((await api.messages.unread()).total).toBe(2);
    const drill = (await api.orders.mine({ tab: 'active' })).items.find((item) => item.listing?.title === 'Furadeira de impacto Bosch')!;
    const thread = await api.messages.thread({ orderId: drill.id });
    expect(thread.messages.map((message) => message.mine)).toEqual([true, false]);
    expect(thread.order.pixAvailable).toBe(true);
    // The order card offers it too (/meus-pedidos), as the conversation does.
    expect(drill.pixAvailable).toBe(true);
    expect((await api.pix.forOrder({ orderId: drill.id })).receiverName).toBe('Ana Beatriz Souza');
  });

  it("tells owners of each new request in the words of its type: renting, ordering food, asking for a service", async () => {
    const created = await app.db.selectFrom('notifications').select('message').where('title', '=', 'Novo pedido recebido').execute();
    const messages = created.map((row) => row.message).sort();
    expect(messages).toEqual([
      'Ana Beatriz Souza fez um pedido de 3 × "Marmitas fit da semana (5 unidades)".',
      'Ana Beatriz Souza solicitou o serviço "Aulas de violão para iniciantes".',
      expect.stringMatching(/^Juliana Pereira quer alugar "Furadeira de impacto Bosch" de .+ a .+\.$/),
    ]);
  });

  it("opens Ana's batch of cakes in 3 days with Bruno's and Juliana's reservations, followed by Juliana", async () => {
    const personOf = async (email: string) => {
      const row = await app.db.selectFrom('users').select(['id', 'full_name']).where('email', '=', email).executeTakeFirstOrThrow();
      return (await app.callerAs({ id: row.id, email, fullName: row.full_name, password: '' })).api;
    };
    const cake = await app.db.selectFrom('listings').select('id').where('title', '=', DEMO_FORNADA.listing).executeTakeFirstOrThrow();
    const day = addDays(todayInTimeZone(app.config.CONDO_TIMEZONE, app.clock.now()), DEMO_FORNADA.inDays);
    const juliana = await personOf('juliana@vizinhanca.app');
    const page = await juliana.fornadas.ofListing({ listingId: cake.id });
    expect(page.following).toBe(true);
    expect(page.fornadas).toEqual([expect.objectContaining({ day, portions: 8, remaining: 5, closedAt: null })]);
    expect(await juliana.fornadas.forCards({ listingIds: [cake.id] })).toEqual([{ listingId: cake.id, remaining: 5, takingReservations: true }]);

    const ana = await personOf('ana@vizinhanca.app');
    const list = await ana.fornadas.orderList({ id: page.fornadas[0]!.id });
    expect(list.items.map((item) => [item.fullName, item.quantity, item.deliveryMethod])).toEqual([
      ['Bruno Costa Lima', 2, 'delivery'],
      ['Juliana Pereira', 1, 'pickup'],
    ]);
    const approved = (await ana.orders.received({ tab: 'approved' })).items.filter((item) => item.fornadaDay === day);
    expect(approved).toHaveLength(2);
    const told = await app.db.selectFrom('notifications').select('message').where('title', '=', 'Nova reserva na fornada').execute();
    expect(told).toHaveLength(2);
  });

  it('demo passwords work and each approved resident lives in a different block', async () => {
    const residents = DEMO_USERS.filter((user) => user.roles.length === 0 && user.status === 'approved');
    expect(new Set(residents.map((user) => user.block)).size).toBe(residents.length);
    const { api } = await app.callerAs(null);
    for (const user of DEMO_USERS) {
      await expect(api.auth.login({ email: user.email, password: user.password })).resolves.toBeTruthy();
    }
  });

  it("gives Ana invites in every state she sees: accepted (Pedro, shown to the admin as invited by her), pending and expired", async () => {
    const ana = await app.db.selectFrom('users').select('id').where('email', '=', 'ana@vizinhanca.app').executeTakeFirstOrThrow();
    const { api } = await app.callerAs({ id: ana.id, email: 'ana@vizinhanca.app', password: '', fullName: 'Ana Beatriz Souza' });
    const overview = await api.invites.overview();
    expect(overview.invites.map((invite) => invite.status).sort()).toEqual(['accepted', 'expired', 'pending']);
    expect(overview.counts).toEqual({ sent: 3, accepted: 1, pending: 1 });
    const admin = await app.db.selectFrom('users').select('id').where('email', '=', 'admin@vizinhanca.app').executeTakeFirstOrThrow();
    const asAdmin = await app.callerAs({ id: admin.id, email: 'admin@vizinhanca.app', password: '', fullName: 'Carla Mendes' });
    expect(await asAdmin.api.admin.pendingUsers()).toEqual([expect.objectContaining({ email: 'pedro@vizinhanca.app', invitedByName: 'Ana Beatriz Souza' })]);
  });
});
