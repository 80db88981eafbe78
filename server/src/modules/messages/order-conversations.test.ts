import { randomUUID } from 'node:crypto';
import { type Selectable, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down as downTable, up as upTable } from '../../../../migrations/2027_02_12_0101_order_conversations.ts';
import { down as downLast, up as upLast } from '../../../../migrations/2027_02_13_0101_order_conversations_last_message.ts';
import type { OrderConversationsTable } from '../../db/schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../../../test/harness.ts';

// order_conversations, kept by triggers on order_messages, says for each order with messages and
// each of its two people where the thread's last message sits, that message, and how many of the
// thread's messages the person has not read; /mensagens reads only it for those. Whatever inserts
// or updates messages, one at a time or many in one statement, out of time order or in the same
// instant, read marks and changed bodies, the table must hold what the messages themselves say.

let app: TestApp;
let owner: TestUser;
let renter: TestUser;
let other: TestUser;
const orders: string[] = [];
const BASE = new Date('2026-11-23T15:00:00Z').getTime();
const at = (minutes: number) => new Date(BASE + minutes * 60_000);

beforeAll(async () => {
  app = await createTestApp();
  owner = await app.createUser({ fullName: 'Dona Conversa' });
  renter = await app.createUser({ fullName: 'Vizinho Conversa' });
  other = await app.createUser({ fullName: 'Outro Vizinho' });
  const moderator = await app.createUser({ roles: ['moderator'] });
  const ownerApi = (await app.callerAs(owner)).api;
  for (const [who, title] of [[renter, 'Aula de violão'], [renter, 'Passeio com cães'], [other, 'Conserto de bicicleta']] as const) {
    const { id } = await ownerApi.listings.create({ type: 'service', title, description: 'Uma hora', priceCents: 5000, priceUnit: 'hour', imageIds: [] });
    await (await app.callerAs(moderator)).api.listings.moderation.approve({ id });
    orders.push((await (await app.callerAs(who)).api.orders.create({ listingId: id, deliveryMethod: 'pickup', confirmDuplicate: true })).id);
  }
});

afterAll(() => app.close());

type Row = Selectable<OrderConversationsTable>;

/** What the messages say: each order's newest message (time, then seq), for its renter and its owner, and what each has not read. */
async function fromMessages(): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT o.id AS order_id, side.person_id, n.created_at AS last_created_at, n.seq AS last_seq,
           n.id AS last_message_id, n.sender_id AS last_sender_id, n.body AS last_body,
           (SELECT count(*)::int FROM order_messages u WHERE u.order_id = o.id AND u.recipient_id = side.person_id AND u.read_at IS NULL) AS unread
      FROM (SELECT DISTINCT ON (order_id) order_id, created_at, seq, id, sender_id, body FROM order_messages ORDER BY order_id, created_at DESC, seq DESC) n
      JOIN orders o ON o.id = n.order_id
      CROSS JOIN LATERAL (VALUES (o.renter_id), (o.owner_id)) AS side(person_id)
     ORDER BY 1, 2`.execute(app.db);
  return rows;
}

async function kept(): Promise<Row[]> {
  const { rows } = await sql<Row>`
    SELECT order_id, person_id, last_created_at, last_seq, last_message_id, last_sender_id, last_body, unread
      FROM order_conversations ORDER BY 1, 2`.execute(app.db);
  return rows;
}

/** Messages inserted in one statement: [order index, the renter writes?, minutes after BASE]. */
async function insert(messages: [number, boolean, number][]) {
  const renterOf = (index: number) => (index === 2 ? other.id : renter.id);
  await app.db
    .insertInto('order_messages')
    .values(
      messages.map(([index, byRenter, minutes]) => ({
        order_id: orders[index]!,
        sender_id: byRenter ? renterOf(index) : owner.id,
        recipient_id: byRenter ? owner.id : renterOf(index),
        client_id: randomUUID(),
        body: `Mensagem às ${minutes} min`,
        created_at: at(minutes),
      })),
    )
    .execute();
}

describe('order_conversations', () => {
  it('follows every insert: one message, many orders in one statement, an older message inserted later, two in the same instant', async () => {
    expect(await kept()).toEqual([]);
    await insert([[0, true, 1]]);
    expect(await kept()).toEqual(await fromMessages());
    expect((await kept()).map((row) => row.last_created_at)).toEqual([at(1), at(1)]);

    // Several orders and several messages of one order in one statement: its newest counts.
    await insert([[0, false, 5], [1, true, 3], [0, true, 4], [2, true, 2]]);
    expect(await kept()).toEqual(await fromMessages());
    expect((await kept()).filter((row) => row.order_id === orders[0]).map((row) => row.last_created_at)).toEqual([at(5), at(5)]);

    // Written late with an earlier time (a phone's queued message): the thread's last stays the newer one.
    await insert([[0, true, 2]]);
    expect(await kept()).toEqual(await fromMessages());
    expect((await kept()).filter((row) => row.order_id === orders[0]).map((row) => row.last_created_at)).toEqual([at(5), at(5)]);

    // The same instant: the later seq is the last.
    const before = (await kept()).find((row) => row.order_id === orders[1])!;
    await insert([[1, false, 3]]);
    const after = (await kept()).find((row) => row.order_id === orders[1])!;
    expect(after.last_created_at).toEqual(before.last_created_at);
    expect(BigInt(after.last_seq)).toBeGreaterThan(BigInt(before.last_seq));
    expect(await kept()).toEqual(await fromMessages());

    // Each of the order's two people holds a row, and only they do.
    const people = new Set((await kept()).map((row) => row.person_id));
    expect(people).toEqual(new Set([owner.id, renter.id, other.id]));
    // Nobody read anything yet: the owner has the renters' messages unread, each renter the owner's.
    expect((await kept()).filter((row) => row.order_id === orders[0]).map((row) => [row.person_id === owner.id, row.unread]).sort()).toEqual([[false, 1], [true, 3]]);
  });

  it('follows read marks and changed bodies: one thread read, some of a thread read, all read in one statement, a mark taken back, an erased last message', async () => {
    // The owner opens the first thread: its unread messages are read.
    await app.db.updateTable('order_messages').set({ read_at: at(10) }).where('order_id', '=', orders[0]!).where('recipient_id', '=', owner.id).where('read_at', 'is', null).execute();
    expect(await kept()).toEqual(await fromMessages());
    expect((await kept()).find((row) => row.order_id === orders[0] && row.person_id === owner.id)!.unread).toBe(0);

    // Part of a thread, then every thread of both sides in one statement.
    await insert([[1, true, 11], [1, true, 12]]);
    await app.db.updateTable('order_messages').set({ read_at: at(13) }).where('order_id', '=', orders[1]!).where('created_at', '=', at(11)).execute();
    expect(await kept()).toEqual(await fromMessages());
    await app.db.updateTable('order_messages').set({ read_at: at(14) }).where('read_at', 'is', null).execute();
    expect(await kept()).toEqual(await fromMessages());
    expect((await kept()).every((row) => row.unread === 0)).toBe(true);

    // A mark taken back (no screen does it; the database holds it anyway), and a second mark on a read message.
    await app.db.updateTable('order_messages').set({ read_at: null }).where('order_id', '=', orders[2]!).execute();
    await app.db.updateTable('order_messages').set({ read_at: at(15) }).where('order_id', '=', orders[0]!).execute();
    expect(await kept()).toEqual(await fromMessages());

    // Bodies change when a person is erased or renamed: the last message's copy follows, an older one changes nothing kept.
    await app.db.updateTable('order_messages').set({ body: 'Mensagem apagada' }).where('order_id', '=', orders[0]!).where('created_at', '=', at(5)).execute();
    await app.db.updateTable('order_messages').set({ body: sql<string>`replace(body, 'min', 'minutos')` }).where('order_id', '=', orders[1]!).execute();
    expect(await kept()).toEqual(await fromMessages());
    expect((await kept()).find((row) => row.order_id === orders[0])!.last_body).toBe('Mensagem apagada');
    expect((await kept()).find((row) => row.order_id === orders[1])!.last_body).toBe('Mensagem às 12 minutos');
  });

  it('a staff message (no recipient) moves the conversation and counts as unread for nobody', async () => {
    const moderator = await app.createUser({ roles: ['moderator'] });
    const before = await kept();
    const { id: problemId } = await app.db
      .insertInto('order_problems')
      .values({ order_id: orders[2]!, opened_by: other.id, kind: 'damage', details: 'O conserto não aconteceu', created_at: at(19) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db
      .insertInto('order_messages')
      .values({ order_id: orders[2]!, problem_id: problemId, sender_id: moderator.id, recipient_id: null, client_id: randomUUID(), body: 'A administração vai verificar', created_at: at(20) })
      .execute();
    expect(await kept()).toEqual(await fromMessages());
    const after = (await kept()).filter((row) => row.order_id === orders[2]);
    expect(after.map((row) => [row.last_sender_id, row.last_body])).toEqual([[moderator.id, 'A administração vai verificar'], [moderator.id, 'A administração vai verificar']]);
    expect(after.map((row) => row.unread)).toEqual(before.filter((row) => row.order_id === orders[2]).map((row) => row.unread));
  });

  it("the migration fills the table from the messages already there, as the trigger keeps it", async () => {
    await app.db.updateTable('order_messages').set({ read_at: null }).where('order_id', '=', orders[1]!).where('created_at', '>', at(11)).execute();
    const before = await kept();
    expect(before.length).toBe(6);
    expect(before.some((row) => row.unread > 0)).toBe(true);
    // No job of the app's reads these tables while their schema changes under it.
    await app.stopJobs();
    await app.db.transaction().execute(async (trx) => {
      await downLast(trx);
      await downTable(trx);
      await upTable(trx);
      await upLast(trx);
    });
    expect(await kept()).toEqual(before);
    // And the trigger it installs again follows the next insert.
    await insert([[2, false, 9]]);
    expect(await kept()).toEqual(await fromMessages());
  });
});
