import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestDatabase, testKysely, type TestApp } from '../../../test/harness.ts';
import { createMigrator } from '../../db/migrator.ts';

// Messages reported before reports of messages joined the reports table move over as open
// reports: staff find them in 'Denúncias' and decide them like any other.
const MIGRATION = '2027_02_08_0101_message_reports';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let app: TestApp;
let db: Kysely<any>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp({}, { databaseUrl: database.url });
  db = testKysely(database.url, 1);
});

afterAll(async () => {
  await app?.close();
  await db?.destroy();
  await database?.drop();
});

describe('reported messages move into the reports table', () => {
  it('each reported message becomes an open report by its recipient about its author, with its reason, words and time', async () => {
    const owner = await app.createUser({ fullName: 'Ana Dona' });
    const requester = await app.createUser({ fullName: 'Bruno Vizinho' });
    const moderator = await app.createUser({ roles: ['moderator'] });
    const ownerApi = (await app.callerAs(owner)).api;
    const { id: listingId } = await ownerApi.listings.create({ type: 'service', title: 'Aulas de violão', description: 'Uma hora de aula', priceCents: 5000 });
    await (await app.callerAs(moderator)).api.listings.moderation.approve({ id: listingId });
    const { id: orderId } = await (await app.callerAs(requester)).api.orders.create({ listingId, deliveryMethod: 'pickup' });
    const reported = await ownerApi.messages.send({ orderId, body: 'Deposita antes', clientId: randomUUID() });
    await ownerApi.messages.send({ orderId, body: 'Bom dia', clientId: randomUUID() });

    // Back to the schema before: the message carries its own report, as it did then. The app's jobs (the
    // messages' deliveries) stop first: the down migrations lock table after table in their own order, and a
    // job's transaction reading two of those tables in the other order deadlocked with them. A deployment never
    // meets this: its migrations only go up, before its jobs start.
    await app.stopJobs();
    const migrator = createMigrator(db);
    const names = (await migrator.getMigrations()).map((migration) => migration.name);
    const down = await migrator.migrateTo(names[names.indexOf(MIGRATION) - 1]!);
    expect(down.error).toBeUndefined();
    const reportedAt = new Date('2026-11-20T12:00:00Z');
    await sql`UPDATE order_messages SET reported_at = ${reportedAt}, reported_by = ${requester.id}, report_reason_code = 'fraud', report_reason = 'Pediu Pix adiantado'
               WHERE id = ${reported.id}`.execute(db);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    const rows = await db.selectFrom('reports').select(['reporter_id', 'target_type', 'person_id', 'listing_id', 'message_id', 'reason', 'details', 'created_at', 'status']).execute();
    expect(rows).toEqual([
      {
        reporter_id: requester.id,
        target_type: 'message',
        person_id: owner.id,
        listing_id: null,
        message_id: reported.id,
        reason: 'fraud',
        details: 'Pediu Pix adiantado',
        created_at: reportedAt,
        status: 'open',
      },
    ]);
    const { items } = await (await app.callerAs(moderator)).api.reports.moderation.open();
    expect(items).toMatchObject([{ targetType: 'message', message: { id: reported.id, body: 'Deposita antes', orderId }, reason: 'fraud', reporter: { id: requester.id } }]);
  }, 60_000);
});
