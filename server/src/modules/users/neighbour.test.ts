import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NEIGHBOUR_MESSAGES } from '@vizinhanca/shared/users/user.schema';
import { createTestApp, expectError, type TestApp, type TestUser } from '../../../test/harness.ts';

// A neighbour's page (/vizinho/{id}): public data, ratings, active
// listings and reviews received; never phone, e-mail or CPF.

let app: TestApp;
let moderator: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  moderator = await app.createUser({ roles: ['moderator'] });
});
afterAll(() => app.close());

describe('users.neighbour', () => {
  it('shows name, apartment, avatar, member since and both ratings, never phone, e-mail or CPF', async () => {
    const neighbour = await app.createUser({ fullName: 'Bruno Costa Lima' });
    const viewer = await app.apiOf(await app.createUser());
    const page = await viewer.users.neighbour({ id: neighbour.id });
    expect(page).toEqual({
      id: neighbour.id,
      fullName: 'Bruno Costa Lima',
      apartment: 'A-101',
      avatarUrl: null,
      memberSince: expect.any(Date),
      rating: { average: null, count: 0 },
      renterRating: { average: null, count: 0 },
      canReport: true,
      canBlock: true,
    });
    const text = JSON.stringify(page);
    expect(text).not.toContain(neighbour.email);
    expect(text).not.toContain('11987654321');
    const { cpf } = await app.db.selectFrom('users').select('cpf').where('id', '=', neighbour.id).executeTakeFirstOrThrow();
    expect(text).not.toContain(cpf!);
  });

  it("lists only the neighbour's public listings", async () => {
    const neighbour = await app.createUser();
    const other = await app.createUser();
    const create = async (owner: TestUser, title: string, approve: boolean) => {
      const { id } = await (await app.apiOf(owner)).listings.create({ type: 'rental', title, description: 'Em bom estado', priceCents: 1000 });
      if (approve) await (await app.apiOf(moderator)).listings.moderation.approve({ id });
      return id;
    };
    const active = await create(neighbour, 'Escada', true);
    await create(neighbour, 'Furadeira pendente', false);
    await create(other, 'Bicicleta de outro', true);
    const listed = await (await app.apiOf(other)).listings.list({ ownerId: neighbour.id });
    expect(listed.items.map((item) => item.id)).toEqual([active]);
  });

  it('a pending, rejected or suspended person, or a made-up id, reads as not found', async () => {
    const viewer = await app.apiOf(await app.createUser());
    for (const person of [await app.createUser({ status: 'pending' }), await app.createUser({ status: 'rejected' }), await app.createUser({ suspended: true })]) {
      await expectError(viewer.users.neighbour({ id: person.id }), 'NOT_FOUND', NEIGHBOUR_MESSAGES.notFound);
    }
    await expectError(viewer.users.neighbour({ id: '00000000-0000-4000-8000-000000000000' }), 'NOT_FOUND', NEIGHBOUR_MESSAGES.notFound);
    await expectError(viewer.users.neighbour({ id: 'nao-e-um-id' }), 'BAD_REQUEST', NEIGHBOUR_MESSAGES.notFound);
  });
});
