// The public feed's cache across two real server instances on one database: a change
// committed through instance A (or straight into the database) is in instance B's feed
// answer within 100 ms of the commit, although B answered from its cache just before;
// and a cached page is never handed to someone who should get something else.
import { setTimeout as sleep } from 'node:timers/promises';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser, TEST_PASSWORD } from '../../../test/harness.ts';
import { insertActiveListing, listingFields } from '../../../test/listing-fixtures.ts';
import { startTwoInstances, type TwoInstances } from '../../../test/two-instances.ts';
import type { RunningServer } from '../../server.ts';
import { sql } from 'kysely';
import pg from 'pg';
import { insertListing } from './listings.repository.ts';
import { feedCacheOf, feedKey } from './feed-cache.ts';
import * as listingsService from './listings.service.ts';

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
function publishRental(ownerId: string, title: string, priceCents = 1500) {
  return insertActiveListing(a.deps.db, ownerId, listingFields({ title, priceCents }), a.deps.clock.now());
}

type FeedInput = { type?: string; ownerId?: string; filter?: string; limit?: number; sort?: string; cursor?: string };

/** The browser's request: a batched GET of listings.list (httpBatchLink with superjson). */
async function feed(server: RunningServer, cookie: string | null, input: FeedInput = {}) {
  const sent = { 0: superjson.serialize({ type: 'rental', filter: 'all', sort: 'newest', limit: 20, direction: 'forward', ...input }) };
  const response = await fetch(`${base(server)}/trpc/listings.list?batch=1&input=${encodeURIComponent(JSON.stringify(sent))}`, {
    headers: cookie ? { cookie } : {},
    signal: AbortSignal.timeout(5000),
  });
  const text = await response.text();
  const [answer] = JSON.parse(text) as [{ result?: { data: { json: { items: { id: string; title: string; owner: { fullName: string } }[] } } }; error?: { json: { data: { code: string } } } }];
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    cache: response.headers.get('x-feed-cache'),
    text,
    items: answer.result?.data.json.items ?? null,
    error: answer.error?.json.data.code ?? null,
  };
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

/**
 * B answers this page from its cache now: asked until an answer comes from memory (a NOTIFY of the
 * test's own setup may drop the first page read), that answer the same bytes as the read before it.
 */
async function cachedOnB(cookie: string, input: FeedInput = {}) {
  let previous = await feed(b, cookie, input);
  expect(previous.error).toBeNull();
  const deadline = performance.now() + 2000;
  for (;;) {
    const answer = await feed(b, cookie, input);
    if (answer.cache === 'hit') {
      expect(answer.text).toBe(previous.text);
      expect(answer.contentType).toBe(previous.contentType);
      return answer;
    }
    if (performance.now() > deadline) throw new Error('B never answered this page from its cache');
    previous = answer;
  }
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

describe('only the pages a write reaches are dropped, and every answer stays the database\'s', () => {
  /** B's answer equals a fresh read of the database (A with its cache emptied), byte for byte, within a second of the commit (a stale page would stay 60 s). */
  async function agrees(cookie: string, input: FeedInput) {
    await expect
      .poll(
        async () => {
          feedCacheOf(a.deps.bus).clear();
          const truth = await feed(a, cookie, input);
          return (await feed(b, cookie, input)).text === truth.text;
        },
        { timeout: 1000, interval: 10 },
      )
      .toBe(true);
  }

  /** The entry B holds for this page (undefined when dropped). */
  const heldOnB = (input: FeedInput) =>
    feedCacheOf(b.deps.bus).get(
      feedKey({ type: (input.type ?? 'rental') as 'rental', ownerId: input.ownerId ?? null, filter: 'all', sort: (input.sort ?? 'newest') as 'newest', cursor: input.cursor ?? null, limit: input.limit ?? 20 }, ''),
      b.deps.clock.now().getTime(),
    );

  /** Listens on the feed's channel: the payloads the triggers send. */
  async function feedNotifications() {
    const client = new pg.Client({ connectionString: a.deps.config.DATABASE_URL });
    await client.connect();
    const payloads: string[] = [];
    client.on('notification', (message) => payloads.push(message.payload ?? ''));
    await client.query('LISTEN vizinhanca_feed');
    return { payloads, close: () => client.end() };
  }

  it('edits, pauses, approvals, price changes and photos: the triggers say what changed, the pages that read it are dropped, the others kept', async () => {
    const owner = await createUser();
    const other = await createUser();
    const viewer = await createUser();
    const ids: string[] = [];
    for (const [i, price] of [900, 400, 700, 100, 300, 800, 200].entries()) ids.push(await publishRental(owner.id, `Ferramenta ${i}`, price));
    // Newest first: ids[6] .. ids[0]. Pages of three: the first reads ids[6..3] (its three and the next), the second ids[3..0] plus its cursor.
    const newestFirst = { ownerId: owner.id, limit: 3 };
    const newestSecond = { ownerId: owner.id, limit: 3, cursor: ids[4]! };
    const cheapestFirst = { ownerId: owner.id, limit: 3, sort: 'price_asc' };
    // Prices 100, 200, 300 | 400, 700, 800 | 900: the second page of the cheapest reads after 300 (ids[4]) through 900.
    const cheapestSecond = { ownerId: owner.id, limit: 2, sort: 'price_asc', cursor: ids[4]! };
    const bestRatedSecond = { ownerId: owner.id, limit: 2, sort: 'rating', cursor: ids[5]! };
    const theirs = { ownerId: other.id, limit: 3 };
    await publishRental(other.id, 'Barraca');
    const pages = [newestFirst, newestSecond, cheapestFirst, cheapestSecond, bestRatedSecond, theirs];
    // Until B holds every page at once: a NOTIFY of an earlier step arriving late may drop one cached before it.
    const cacheAll = async () => {
      do for (const input of pages) await cachedOnB(viewer.cookie, input);
      while (!pages.every((input) => heldOnB(input)));
    };
    const allAgree = async () => {
      for (const input of pages) await agrees(viewer.cookie, input);
    };
    const notifications = await feedNotifications();
    try {
      // An edit that keeps the listing published (tags): only pages that read it.
      await cacheAll();
      const [firstHeld, theirsHeld] = [heldOnB(newestFirst), heldOnB(theirs)];
      await listingsService.update(a.deps, owner.id, { id: ids[1]!, fields: listingFields({ title: 'Ferramenta 1', priceCents: 400, tags: ['furadeira'] }) });
      await expect.poll(() => heldOnB(newestSecond), { timeout: 1000, interval: 5 }).toBeUndefined();
      await allAgree();
      expect(notifications.payloads).toContain(`listings::${ids[1]}`);
      expect(heldOnB(newestFirst)).toBe(firstHeld);
      expect(heldOnB(theirs)).toBe(theirsHeld);

      // The owner pauses one: it leaves the pages that showed it; the neighbour's page stays.
      await cacheAll();
      await listingsService.pause(a.deps, owner.id, ids[5]!);
      await expect.poll(() => heldOnB(newestFirst), { timeout: 1000, interval: 5 }).toBeUndefined();
      await allAgree();
      expect(notifications.payloads).toContain(`listings::${ids[5]}`);
      expect(heldOnB(theirs)).toBe(theirsHeld);

      // A new rental approved: published now, it enters the rental pages whose part of their order its keys fall in
      // (the newest first pages, the cheapest first: its price is the lowest), and the trigger says where it sits.
      // The newest page after a cursor and the second cheapest page are left as they are.
      await cacheAll();
      const [firstBefore, secondHeld, cheapestSecondHeld] = [heldOnB(newestFirst), heldOnB(newestSecond), heldOnB(cheapestSecond)];
      const { id: fresh } = await insertListing(a.deps.db, owner.id, listingFields({ title: 'Serra tico-tico', priceCents: 50 }), a.deps.clock.now());
      await listingsService.approve(a.deps, viewer.id, fresh);
      await expect.poll(() => heldOnB(cheapestFirst), { timeout: 1000, interval: 5 }).toBeUndefined();
      await allAgree();
      expect(notifications.payloads.some((payload) => new RegExp(`^listings:${fresh};rental;\\d+(\\.\\d+)?;50;0:${fresh}$`).test(payload))).toBe(true);
      expect((await feed(b, viewer.cookie, cheapestFirst)).items![0]!.id).toBe(fresh);
      expect(heldOnB(newestSecond)).toBe(secondHeld);
      expect(heldOnB(cheapestSecond)).toBe(cheapestSecondHeld);
      expect(heldOnB(newestFirst)).not.toBe(firstBefore);

      // A price change moves a listing in the price order: the pages that read it, and those its new price falls in.
      await cacheAll();
      await a.deps.db.updateTable('listings').set({ price_cents: 1 }).where('id', '=', ids[0]!).execute();
      await allAgree();
      expect((await feed(b, viewer.cookie, cheapestFirst)).items![0]!.id).toBe(ids[0]);
      // Onto a page that did not read it: 750 falls after the second cheapest page's cursor (300), which read to the end
      // (400, 700): the page keeps its items and now has a next one.
      await cacheAll();
      const newestSecondHeld = heldOnB(newestSecond);
      await a.deps.db.updateTable('listings').set({ price_cents: 750 }).where('id', '=', ids[3]!).execute();
      await expect.poll(() => heldOnB(cheapestSecond), { timeout: 1000, interval: 5 }).toBeUndefined();
      await allAgree();
      expect((await feed(b, viewer.cookie, cheapestSecond)).items!.map((item) => item.id)).toEqual([ids[1], ids[2]]);
      // It read ids[3] (its cursor ids[4], then ids[3..0]): dropped too, and right.
      expect(heldOnB(newestSecond)).not.toBe(newestSecondHeld);

      // The owner's rating changes (the reviews triggers keep listings.owner_rating): every listing of theirs moves in the rating order.
      await cacheAll();
      await sql`UPDATE listings SET owner_rating = 4.5 WHERE id IN (${ids[1]!}, ${ids[6]!})`.execute(a.deps.db);
      await allAgree();
      expect((await feed(b, viewer.cookie, { ownerId: owner.id, limit: 3, sort: 'rating' })).items!.map((item) => item.id).slice(0, 2)).toEqual([ids[6], ids[1]]);

      // A listing deleted by its owner, and one renewed: gone from the pages that read it; back where its keys fall.
      await cacheAll();
      await listingsService.remove(a.deps, owner.id, ids[2]!);
      await allAgree();
      await cacheAll();
      await a.deps.db.updateTable('listings').set({ status: 'active', paused_by: null }).where('id', '=', ids[5]!).execute();
      await allAgree();
      expect((await feed(b, viewer.cookie, newestFirst)).items!.map((item) => item.id)).toContain(ids[5]);

      // The neighbour suspended: their listings leave every page.
      await cacheAll();
      await a.deps.db.updateTable('users').set({ is_suspended: true }).where('id', '=', other.id).execute();
      await allAgree();
      expect((await feed(b, viewer.cookie, theirs)).items).toEqual([]);
      await a.deps.db.updateTable('users').set({ is_suspended: false }).where('id', '=', other.id).execute();

      // A photo: only the pages showing that listing (its cover changes).
      await cacheAll();
      const theirsBeforePhoto = heldOnB(theirs);
      const image = await a.deps.db.insertInto('images').values({ id: crypto.randomUUID(), user_id: owner.id, purpose: 'listing', width: 800, height: 600, bytes: 1000 }).returning('id').executeTakeFirstOrThrow();
      await a.deps.db.insertInto('listing_photos').values({ listing_id: ids[6]!, image_id: image.id, position: 0 }).execute();
      await expect.poll(() => heldOnB(newestFirst), { timeout: 1000, interval: 5 }).toBeUndefined();
      await allAgree();
      expect(notifications.payloads).toContain(`listings::${ids[6]}`);
      expect(heldOnB(theirs)).toBe(theirsBeforePhoto);

      // Many rows in one statement: every page, one message.
      await cacheAll();
      const before = notifications.payloads.length;
      await sql`INSERT INTO listings (user_id, type, title, description, price_cents, price_unit) SELECT ${other.id}, 'rental', 'Lote ' || g, 'Em análise', 100, 'day' FROM generate_series(1, 60) AS g`.execute(a.deps.db);
      await expect.poll(() => feedCacheOf(b.deps.bus).size, { timeout: 1000, interval: 5 }).toBe(0);
      await allAgree();
      expect(notifications.payloads.slice(before)).toContain('listings');
    } finally {
      await notifications.close();
    }
  });
});
