// The public feed's cache across two real server instances on one database: a change
// committed through instance A (or straight into the database) is in instance B's feed
// answer within 100 ms of the commit, although B answered from its cache just before;
// and a cached page is never handed to someone who should get something else.
import { setTimeout as sleep } from 'node:timers/promises';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser, TEST_PASSWORD } from '../../../test/harness.ts';
import { startTwoInstances, type TwoInstances } from '../../../test/two-instances.ts';
import type { RunningServer } from '../../server.ts';
import { insertListing } from './listings.repository.ts';
import { feedCacheOf } from './feed-cache.ts';

/** The bound: a committed change is in every instance's answer within this. */
const PROPAGATION_MS = 100;

let instances: TwoInstances;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  instances = await startTwoInstances('feed-cache');
  ({ a, b } = instances);
});

afterAll(async () => {
  await instances?.close();
});

async function createUser(status: 'approved' | 'pending' = 'approved') {
  const { id, email } = await insertTestUser(a.deps.db, { status });
  return { id, email, cookie: await login(a, email) };
}

const base = (server: RunningServer) => `http://127.0.0.1:${server.port}`;

async function login(server: RunningServer, email: string): Promise<string> {
  const response = await fetch(`${base(server)}/trpc/auth.login`, {
    method: 'POST',
    headers: { origin: base(server), 'content-type': 'application/json' },
    body: JSON.stringify({ json: { email, password: TEST_PASSWORD } }),
  });
  return response.headers.getSetCookie().find((header) => header.startsWith('vz_session='))!.split(';')[0]!;
}

/** An active rental, published now, as approval leaves it. */
async function publishRental(ownerId: string, title: string) {
  const { id } = await insertListing(a.deps.db, ownerId, {
    type: 'rental',
    title,
    description: 'Para os vizinhos do prédio',
    priceCents: 1500,
    priceUnit: 'day',
    tags: [],
    deliveryOptions: ['pickup'],
    requiresAdvanceOrder: false,
    minimumNoticeHours: null,
    maxPortions: null,
    imageIds: [],
  }, a.deps.clock.now());
  const now = a.deps.clock.now();
  await a.deps.db
    .updateTable('listings')
    .set({ status: 'active', published_at: now, expires_at: new Date(now.getTime() + 30 * 86_400_000) })
    .where('id', '=', id)
    .execute();
  return id;
}

type FeedInput = { type?: string; ownerId?: string; filter?: string; limit?: number };

/** The browser's request: a batched GET of listings.list (httpBatchLink with superjson). */
async function feed(server: RunningServer, cookie: string | null, input: FeedInput = {}) {
  const sent = { 0: superjson.serialize({ type: 'rental', filter: 'all', sort: 'newest', limit: 20, direction: 'forward', ...input }) };
  const response = await fetch(`${base(server)}/trpc/listings.list?batch=1&input=${encodeURIComponent(JSON.stringify(sent))}`, {
    headers: cookie ? { cookie } : {},
    signal: AbortSignal.timeout(5000),
  });
  const text = await response.text();
  const [answer] = JSON.parse(text) as [{ result?: { data: { json: { items: { id: string; title: string; owner: { fullName: string } }[] } } }; error?: { json: { data: { code: string } } } }];
  return { status: response.status, contentType: response.headers.get('content-type'), text, items: answer.result?.data.json.items ?? null, error: answer.error?.json.data.code ?? null };
}

type Feed = Awaited<ReturnType<typeof feed>>;

/**
 * Asks B over and over from the moment the change was committed: a request sent more
 * than 100 ms after the commit must show the change.
 */
async function seenOnBWithin(cookie: string, input: FeedInput, seen: (answer: Feed) => boolean, committedAt: number) {
  for (;;) {
    const sentAt = performance.now();
    const answer = await feed(b, cookie, input);
    if (seen(answer)) return answer;
    if (sentAt - committedAt > PROPAGATION_MS) throw new Error(`B still answered the old page ${(sentAt - committedAt).toFixed(0)} ms after the commit`);
    await sleep(2);
  }
}

/** B answers this page from its cache now: asked twice, the second answer the same bytes, from memory. */
async function cachedOnB(cookie: string, input: FeedInput = {}) {
  const first = await feed(b, cookie, input);
  expect(first.error).toBeNull();
  const second = await feed(b, cookie, input);
  expect(second.text).toBe(first.text);
  expect(second.contentType).toBe(first.contentType);
  expect(feedCacheOf(b.deps.bus).size).toBeGreaterThan(0);
  return second;
}

async function call(server: RunningServer, procedure: string, cookie: string, input: unknown) {
  const response = await fetch(`${base(server)}/trpc/${procedure}`, {
    method: 'POST',
    headers: { cookie, origin: base(server), 'content-type': 'application/json' },
    body: JSON.stringify({ json: input }),
  });
  expect(response.status).toBe(200);
}

describe('a change committed on instance A is in instance B feed within 100 ms', () => {
  it('the owner pauses a listing on A: B stops showing it', async () => {
    const owner = await createUser();
    const viewer = await createUser();
    const id = await publishRental(owner.id, 'Furadeira de impacto');
    const before = await cachedOnB(viewer.cookie);
    expect(before.items!.map((item) => item.id)).toContain(id);
    await call(a, 'listings.pause', owner.cookie, { id });
    const committedAt = performance.now();
    await seenOnBWithin(viewer.cookie, {}, (answer) => !answer.items!.some((item) => item.id === id), committedAt);
  });

  it("an owner's name changed straight in the database: B shows the new name", async () => {
    const owner = await createUser();
    const viewer = await createUser();
    const id = await publishRental(owner.id, 'Escada de alumínio');
    await cachedOnB(viewer.cookie, { ownerId: owner.id });
    await a.deps.db.updateTable('users').set({ full_name: 'Nome Novo da Silva' }).where('id', '=', owner.id).execute();
    const committedAt = performance.now();
    await seenOnBWithin(viewer.cookie, { ownerId: owner.id }, (answer) => answer.items!.find((item) => item.id === id)?.owner.fullName === 'Nome Novo da Silva', committedAt);
  });

  it("an order approved for today takes the rental out of B's 'available' page", async () => {
    const owner = await createUser();
    const renter = await createUser();
    const id = await publishRental(owner.id, 'Projetor portátil');
    const available = { ownerId: owner.id, filter: 'available' };
    expect((await cachedOnB(renter.cookie, available)).items!.map((item) => item.id)).toEqual([id]);
    const today = a.deps.clock.today();
    await a.deps.db
      .insertInto('orders')
      .values({ listing_id: id, owner_id: owner.id, renter_id: renter.id, status: 'approved', total_cents: 1500, start_date: today, end_date: today, delivery_method: 'pickup', approved_at: a.deps.clock.now() })
      .execute();
    const committedAt = performance.now();
    await seenOnBWithin(renter.cookie, available, (answer) => answer.items!.length === 0, committedAt);
  });
});

describe('a cached page is never handed to someone who should get something else', () => {
  it('a resident not approved yet, or nobody signed in, is refused although the page is cached', async () => {
    const owner = await createUser();
    const viewer = await createUser();
    await publishRental(owner.id, 'Bicicleta aro 29');
    await cachedOnB(viewer.cookie, { ownerId: owner.id });
    const pending = await createUser('pending');
    expect((await feed(b, pending.cookie, { ownerId: owner.id })).error).toBe('FORBIDDEN');
    expect((await feed(b, null, { ownerId: owner.id })).error).toBe('UNAUTHORIZED');
    await a.deps.db.updateTable('users').set({ is_suspended: true }).where('id', '=', viewer.id).execute();
    await expect.poll(async () => (await feed(b, viewer.cookie, { ownerId: owner.id })).error, { timeout: 1000, interval: 5 }).toBe('FORBIDDEN');
  });

  it('another type, another neighbour or another page size gets its own answer', async () => {
    const owner = await createUser();
    const other = await createUser();
    const viewer = await createUser();
    const first = await publishRental(owner.id, 'Caixa de som');
    const second = await publishRental(owner.id, 'Mesa dobrável');
    const theirs = await publishRental(other.id, 'Barraca de camping');
    expect((await cachedOnB(viewer.cookie, { ownerId: owner.id })).items!.map((item) => item.id)).toEqual([second, first]);
    expect((await feed(b, viewer.cookie, { ownerId: owner.id, type: 'food' })).items).toEqual([]);
    expect((await feed(b, viewer.cookie, { ownerId: other.id })).items!.map((item) => item.id)).toEqual([theirs]);
    expect((await feed(b, viewer.cookie, { ownerId: owner.id, limit: 1 })).items!.map((item) => item.id)).toEqual([second]);
  });

  it('a page whose listing expired on the clock is not answered from memory', async () => {
    const owner = await createUser();
    const viewer = await createUser();
    const id = await publishRental(owner.id, 'Patinete elétrico');
    await a.deps.db.updateTable('listings').set({ expires_at: new Date(b.deps.clock.now().getTime() + 1500) }).where('id', '=', id).execute();
    await sleep(50);
    expect((await cachedOnB(viewer.cookie, { ownerId: owner.id })).items!.map((item) => item.id)).toEqual([id]);
    // Nothing is written when a listing expires: the page holds only until its first listing's expiry.
    await sleep(1600);
    expect((await feed(b, viewer.cookie, { ownerId: owner.id })).items).toEqual([]);
  });
});
