import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AnyTypeFeedInput, BROWSER_ACCEPT_ENCODING, browserClient, type FeedInput, feedPath, feedRequests, feedScreenInput, feedShapes, rotatedFeedInputs, withoutAcceptEncoding } from './browser-requests.ts';
import type { LoadRequest } from './load.ts';

const ids = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(4, '0')}-0000-4000-8000-000000000000`);
const cursors = { rental: ids('aaaa', 300), food: ids('bbbb', 300), service: ids('cccc', 300) };

describe('the feed URLs the bench rotates', () => {
  it('names every shape the rotation sends, weighted as often as the rotation sends it', () => {
    const shapes = feedShapes();
    const key = (input: FeedInput) => `${input.type}/${input.filter}/${input.sort}`;
    const sent = new Map<string, number>();
    const cursors = { rental: ['r'], food: ['f'], service: ['s'] };
    for (const input of rotatedFeedInputs(cursors, { count: 2_400 })) sent.set(key(input), (sent.get(key(input)) ?? 0) + 1);
    expect(new Set(shapes.map((shape) => key(shape.input)))).toEqual(new Set(sent.keys()));
    const totalWeight = shapes.reduce((sum, shape) => sum + shape.weight, 0);
    for (const shape of shapes) expect(sent.get(key(shape.input))! / 2_400).toBeCloseTo(shape.weight / totalWeight, 2);
  });

  let server: http.Server;
  let base = '';
  beforeAll(async () => {
    // Answers every batched query with an empty page, as tRPC would.
    server = http.createServer((_req, res) => res.end(JSON.stringify([{ result: { data: { json: { items: [], nextCursor: null } } } }])));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('are the paths httpBatchLink sends for the feed screen, first page and after a cursor', async () => {
    const recorded: LoadRequest[] = [];
    const client = browserClient(base, 'vz_session=x', (request) => recorded.push(request));
    const inputs: AnyTypeFeedInput[] = [
      { type: 'rental', filter: 'all', sort: 'newest' },
      // /busca without a term: every type.
      { type: null, filter: 'all', sort: 'price_asc', cursor: cursors.rental[3]! },
      { type: 'food', filter: 'ready', sort: 'rating', cursor: cursors.food[7]! },
      { type: 'service', filter: 'available', sort: 'price_desc', cursor: cursors.service[9]! },
    ];
    for (const input of inputs) await client.listings.list.query(feedScreenInput(input));
    expect(recorded.map((request) => request.path)).toEqual(inputs.map(feedPath));
    // The recorded headers go with every rotated path.
    expect(feedRequests(recorded[0]!, inputs).map((request) => request.headers)).toEqual(inputs.map(() => recorded[0]!.headers));
  });

  it('rotate types, the chips each type has and the four sorts, with cursors from deep in each type', () => {
    const inputs = rotatedFeedInputs(cursors, { count: 600, seed: 3 });
    const combos = new Set(inputs.map((input) => `${input.type}:${input.filter}:${input.sort}`));
    // rental and service: all, available; food: all, ready, advance; each with 4 sorts.
    expect(combos.size).toBe((2 + 3 + 2) * 4);
    for (const input of inputs) expect(cursors[input.type]).toContain(input.cursor);
    // Drawn from the whole list: positions past the middle as often as before it, and few repeats.
    const positions = inputs.map((input) => cursors[input.type].indexOf(input.cursor!));
    expect(positions.filter((position) => position >= 150).length).toBeGreaterThan(240);
    expect(positions.filter((position) => position < 150).length).toBeGreaterThan(240);
    // Drawn without replacement: no URL twice while a type has cursors left (a repeat would be the feed cache's answer).
    expect(new Set(inputs.map(feedPath)).size).toBe(600);
    expect(new Set(inputs.map((input) => `${input.type}:${input.cursor}`)).size).toBe(600);
    // Past a type's last cursor they come round again, each once more, never a third time.
    const twice = rotatedFeedInputs(cursors, { count: 1_800, seed: 3 });
    const uses = new Map<string, number>();
    for (const input of twice) uses.set(`${input.type}:${input.cursor}`, (uses.get(`${input.type}:${input.cursor}`) ?? 0) + 1);
    expect(new Set(uses.values())).toEqual(new Set([2]));
    // The same seed, the same URLs; first pages only where asked for.
    expect(rotatedFeedInputs(cursors, { count: 600, seed: 3 })).toEqual(inputs);
    const withFirst = rotatedFeedInputs(cursors, { count: 40, seed: 3, firstPages: 4 });
    expect(withFirst.filter((input) => !input.cursor)).toHaveLength(4);
  });

  it('leave out a type without listings and refuse when none has any', () => {
    const inputs = rotatedFeedInputs({ ...cursors, food: [] }, { count: 20 });
    expect(new Set(inputs.map((input) => input.type))).toEqual(new Set(['rental', 'service']));
    expect(() => rotatedFeedInputs({ rental: [], food: [], service: [] }, { count: 5 })).toThrow(/no listing/);
  });
});

describe('requests without compression', () => {
  it('drop the encodings accepted, whatever their case, and keep every other header and the request itself', () => {
    const requests: LoadRequest[] = [
      { method: 'GET', path: '/trpc/listings.list?batch=1', headers: { cookie: 'vz_session=x', 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
      { method: 'POST', path: '/trpc/orders.create?batch=1', headers: { 'Accept-Encoding': 'br', origin: 'http://127.0.0.1' }, body: '{}' },
    ];
    expect(withoutAcceptEncoding(requests)).toEqual([
      { method: 'GET', path: '/trpc/listings.list?batch=1', headers: { cookie: 'vz_session=x' } },
      { method: 'POST', path: '/trpc/orders.create?batch=1', headers: { origin: 'http://127.0.0.1' }, body: '{}' },
    ]);
    expect(requests[0]!.headers['accept-encoding']).toBe(BROWSER_ACCEPT_ENCODING);
  });
});
