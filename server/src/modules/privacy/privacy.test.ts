import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
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

  it('works for someone still waiting for approval', async () => {
    const pending = await app.createUser({ status: 'pending' });
    const { api } = await app.callerAs(pending);
    await expect(api.privacy.exportMine()).resolves.toMatchObject({ account: { approval_status: 'pending' } });
  });
});
