import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

const apps: TestApp[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

describe('help.contacts', () => {
  it('gives the configured front desk phone, e-mail and WhatsApp (with +55)', async () => {
    const app = await createTestApp({ CONDO_PHONE: '(11) 3000-1234', CONDO_EMAIL: 'portaria@jardim.com.br', CONDO_WHATSAPP: '(11) 98888-7777' });
    apps.push(app);
    const { api } = await app.callerAs(await app.createUser());
    await expect(api.help.contacts()).resolves.toEqual({
      condoName: 'Residencial Jardim das Flores',
      phone: '(11) 3000-1234',
      email: 'portaria@jardim.com.br',
      whatsapp: '5511988887777',
    });
  });

  it('leaves out what is not configured', async () => {
    const app = await createTestApp();
    apps.push(app);
    const { api } = await app.callerAs(await app.createUser());
    await expect(api.help.contacts()).resolves.toMatchObject({ phone: '(11) 3333-4444', email: null, whatsapp: null });
  });
});
