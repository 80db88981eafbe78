import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp, type TestUser } from '../../../test/harness.ts';
import { rentalFixtures } from '../../../test/rental-fixtures.ts';
import { listingExpiryJob } from '../listings/listings.jobs.ts';
import { rentalRemindersJob } from '../orders/orders.jobs.ts';

// Every kind of e-mail the app sends goes through the queue, as plain
// text plus HTML in pt-BR, with the condominium's name and a link into the app:
// account approval and rejection, order received (owner), order decided and
// status changes (requester), reminders, listing expiry.

let app: TestApp;
let admin: TestUser;
let moderator: TestUser;
let owner: TestUser;
let renter: TestUser;

beforeAll(async () => {
  // 23/11 12:00 in São Paulo.
  app = await createTestApp({}, { now: new Date('2026-11-23T15:00:00Z') });
  admin = await app.createUser({ roles: ['admin'] });
  moderator = await app.createUser({ roles: ['moderator'] });
  owner = await app.createUser({ fullName: 'Ana Dona' });
  renter = await app.createUser({ fullName: 'Bruno Vizinho' });
});
afterAll(() => app.close());

async function api(user: TestUser) {
  return (await app.callerAs(user)).api;
}

/** The e-mail to this person that contains this text, once it has gone through the queue. */
function emailTo(user: { email: string }, text: string) {
  return eventually(() => {
    const found = app.outbox().filter((mail) => mail.text.includes(`To: ${user.email}`) && mail.text.includes(text));
    expect(found, `e-mail to ${user.email} with "${text}"`).toHaveLength(1);
    return found[0]!.text;
  }, 10_000);
}

function expectHouseFormat(mail: string, link: string) {
  expect(mail).toContain('Content-Type: text/plain');
  expect(mail).toContain('Content-Type: text/html');
  expect(mail).toContain(app.config.CONDO_NAME);
  expect(mail).toContain(`http://localhost:3000${link}`);
}

/** Each notification of these kinds this person has: it reached their inbox, linking to what it concerns. */
async function expectEmailed(user: TestUser, types: string[]) {
  const caller = await api(user);
  const items = (await caller.notifications.list({ limit: 50 })).items.filter((item) => types.includes(item.type));
  expect(items.map((item) => item.type).sort()).toEqual([...types].sort());
  for (const item of items) {
    const mail = await emailTo(user, item.message);
    expect(mail).toContain(`Olá, ${user.fullName}!`);
    // The tab in the link is the one the order was on when the e-mail went out (it may have moved on since).
    expectHouseFormat(mail, (item.href ?? '/notificacoes').split('?')[0]!);
  }
}

it('e-mails the account decisions, with the reason of a rejection', async () => {
  const approved = await app.createUser({ status: 'pending', fullName: 'Carla Nova' });
  const rejected = await app.createUser({ status: 'pending', fullName: 'Diego Novo' });
  await (await api(admin)).admin.approveUser({ userId: approved.id });
  await (await api(admin)).admin.rejectUser({ userId: rejected.id, reason: 'Apartamento não confere' });
  expectHouseFormat(await emailTo(approved, 'Olá, Carla Nova!'), '');
  const rejection = await emailTo(rejected, 'Motivo: Apartamento não confere');
  expectHouseFormat(rejection, '/auth');
});

it('e-mails an order received to the owner, and its decision and each change of status to the requester', async () => {
  const fixtures = rentalFixtures(app);
  const furadeira = await fixtures.publishRental(owner, moderator, 'Furadeira');
  const escada = await fixtures.publishRental(owner, moderator, 'Escada');
  const { id: approvedOrder } = await (await api(renter)).orders.create({ listingId: furadeira, startDate: '2026-11-24', endDate: '2026-11-25' });
  const { id: rejectedOrder } = await (await api(renter)).orders.create({ listingId: escada, startDate: '2026-11-24', endDate: '2026-11-24' });
  await (await api(owner)).orders.approve({ id: approvedOrder });
  await (await api(owner)).orders.reject({ id: rejectedOrder, reason: 'Vou usar neste dia' });

  // The day before: pickup reminders to both.
  await rentalRemindersJob.run(app.deps);

  // The first day: handed over, then the day-before-return reminder.
  app.clock.set(new Date('2026-11-24T15:00:00Z'));
  await (await api(owner)).orders.markDelivered({ id: approvedOrder });
  await rentalRemindersJob.run(app.deps);
  // The last day: the return reminder, then returned and completed.
  app.clock.set(new Date('2026-11-25T15:00:00Z'));
  await rentalRemindersJob.run(app.deps);
  await (await api(owner)).orders.complete({ id: approvedOrder });

  // 'Novo pedido recebido' twice and the pickup reminder.
  await expectEmailed(owner, ['order_status', 'order_status', 'reminder_pickup']);
  // Approved, rejected, delivered, completed; pickup, return tomorrow, return today.
  await expectEmailed(renter, ['order_status', 'order_status', 'order_status', 'order_status', 'reminder_pickup', 'reminder_return', 'reminder_return']);
});

it('e-mails the listing expiry notices with the link to renew', async () => {
  const seller = await app.createUser({ fullName: 'Elisa Vende' });
  const listingId = await rentalFixtures(app).publishRental(seller, moderator, 'Patinete');
  await app.db.updateTable('listings').set({ expires_at: new Date(app.clock.now().getTime() + 3 * 24 * 3600_000) }).where('id', '=', listingId).execute();
  await listingExpiryJob.run(app.deps);
  app.clock.advance(4 * 24 * 3600_000);
  await listingExpiryJob.run(app.deps);
  await expectEmailed(seller, ['listing_expiring', 'listing_expired']);
  const mail = await emailTo(seller, 'expirou');
  expect(mail).toContain(`/anuncio/${listingId}`);
});
