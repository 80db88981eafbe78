// What the feed cache holds in memory: never more bytes than its bound, counting each page
// (an estimate of its objects' heap) and each answer and compressed answer made for it.
import { spawnSync } from 'node:child_process';
import type { PublicListing } from '@vizinhanca/shared/listings/listing.schema';
import { describe, expect, it } from 'vitest';
import { FeedCache, type FeedPage, type FeedSpan, heapBytesOf } from './feed-cache.ts';

const source = { listening: true, onChannel: () => () => {} };
const whole: FeedSpan = { sort: 'newest', after: null, through: null };

/** A listing as the feed sends it, with a description of `descriptionLength` characters. */
function listing(i: number, descriptionLength = 300): PublicListing {
  const at = new Date(Date.UTC(2027, 0, 1) + i * 60_000);
  return {
    id: `0190a1b2-c3d4-7e5f-8a9b-${String(i).padStart(12, '0')}`,
    type: 'rental',
    title: `Furadeira de impacto ${i}`,
    description: 'Ótima para concreto, acompanha brocas. '.repeat(descriptionLength / 40 + 1).slice(0, descriptionLength),
    priceCents: 1500 + i,
    priceUnit: 'day',
    imageCardUrl: `/images/${i}/card.webp`,
    imageDetailUrl: `/images/${i}/detail.webp`,
    photos: [{ id: `photo-${i}`, cardUrl: `/images/${i}/card.webp`, detailUrl: `/images/${i}/detail.webp`, width: 1200, height: 900 }],
    tags: ['ferramentas', 'obra'],
    deliveryOptions: ['pickup'],
    requiresAdvanceOrder: false,
    minimumNoticeHours: null,
    maxPortions: null,
    pickupWindow: null,
    depositCents: 20_000,
    owner: { id: `owner-${i % 7}`, fullName: 'Bruno Costa Lima', apartment: 'B-204', phone: null, avatarUrl: null },
    status: 'active',
    publishedAt: at,
    expiresAt: new Date(at.getTime() + 30 * 86_400_000),
    ownerRating: { average: 4.5, count: 12 },
  } as PublicListing;
}

const pageOf = (first: number, descriptionLength?: number): FeedPage => ({
  items: Array.from({ length: 20 }, (_, i) => listing(first + i, descriptionLength)),
  nextCursor: `cursor-${first + 19}`,
});

const store = (cache: FeedCache, key: string, page: FeedPage) =>
  cache.set(key, page, { validUntil: Number.MAX_SAFE_INTEGER, readsOrders: false, type: 'rental', reads: page.items.map((item) => item.id), span: whole, versionBeforeRead: cache.version });

describe("the feed cache's bytes", () => {
  it('never exceed its bound: pages, answers and compressed answers are counted, the oldest entries go first', () => {
    const pageBytes = heapBytesOf(pageOf(0));
    const maxBytes = Math.round(pageBytes * 3.5);
    const cache = new FeedCache(source, { maxEntries: 1000, maxBytes, ttlMs: 60_000 });
    for (let n = 0; n < 10; n++) {
      // Each page asked more often than the one before: a full cache takes it in place of the oldest.
      for (let ask = 0; ask <= n; ask++) cache.noteAsk(`page-${n}`);
      store(cache, `page-${n}`, pageOf(n * 20));
      expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
    }
    // Three pages fit; the fourth made the oldest go.
    expect(cache.size).toBe(3);
    expect(cache.get('page-6', 0)).toBeUndefined();
    const held = (...pages: number[]) => pages.reduce((sum, n) => sum + heapBytesOf(pageOf(n * 20)), 0);
    expect(cache.bytes).toBe(held(7, 8, 9));

    // An answer and its compressed copies count as they are made: the oldest page makes room.
    const newest = cache.get('page-9', 0)!;
    const answer = cache.answer(newest, 'batch');
    cache.encoded(newest, 'batch', answer.text, 'br');
    cache.encoded(newest, 'batch', answer.text, 'gzip');
    expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
    expect(cache.get('page-7', 0)).toBeUndefined();
    expect(cache.get('page-9', 0)).toBe(newest);
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(held(8, 9) + heapBytesOf(answer.text) + newest.encoded.get('batch:br')!.byteLength + newest.encoded.get('batch:gzip')!.byteLength);
  });

  it('a page larger than the whole bound is not kept, and what changes drop is given back', () => {
    const cache = new FeedCache(source, { maxEntries: 1000, maxBytes: heapBytesOf(pageOf(0)) + heapBytesOf(pageOf(20)), ttlMs: 60_000 });
    store(cache, 'long', pageOf(0, 20_000));
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
    store(cache, 'a', pageOf(0));
    store(cache, 'b', pageOf(20));
    cache.apply({ kind: 'listings', entering: [], ids: new Set([pageOf(0).items[3]!.id]) });
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(heapBytesOf(pageOf(20)));
    cache.clear();
    expect(cache.bytes).toBe(0);
  });

  it('when full, takes a page only in place of the oldest one, and only when that one was asked less often (answers from the cache count)', () => {
    const cache = new FeedCache(source, { maxEntries: 3, maxBytes: Number.MAX_SAFE_INTEGER, ttlMs: 60_000 });
    const asked = (key: string, times: number) => {
      for (let ask = 0; ask < times; ask++) cache.noteAsk(key);
    };
    for (const [n, key] of ['a', 'b', 'c'].entries()) {
      asked(key, 2);
      store(cache, key, pageOf(n * 20));
    }
    // 'a', the oldest, answered twice from the cache: asked 4 times.
    expect(cache.get('a', 0)).toBeDefined();
    expect(cache.get('a', 0)).toBeDefined();
    asked('d', 4);
    store(cache, 'd', pageOf(60));
    expect(cache.get('d', 0)).toBeUndefined();
    expect(cache.size).toBe(3);
    // Asked once more than 'a': it takes a's place, and the others stay.
    asked('d', 1);
    store(cache, 'd', pageOf(60));
    expect(cache.get('a', 0)).toBeUndefined();
    expect(['b', 'c', 'd'].map((key) => cache.get(key, 0) !== undefined)).toEqual([true, true, true]);
  });

  it('counts asks of at most 10,000 pages: a new one then halves every count and forgets those left at zero', () => {
    const cache = new FeedCache(source);
    for (let ask = 0; ask < 4; ask++) cache.noteAsk('popular');
    for (let n = 1; n < 10_000; n++) expect(cache.noteAsk(`page-${n}`)).toBe(1);
    expect(cache.noteAsk('page-1')).toBe(2);
    // The 10,001st page: 'popular' is down to 2, page-1 to 1, the pages asked once are forgotten.
    expect(cache.noteAsk('page-10000')).toBe(1);
    expect(cache.noteAsk('popular')).toBe(3);
    expect(cache.noteAsk('page-1')).toBe(2);
    expect(cache.noteAsk('page-2')).toBe(1);
  });

  it("keeps no page it read and did not store through V8's young collections (a finished read lets go of its page)", () => {
    // Reads of 50 pages at a time, the cache's Maps made old by full collections now and then, as a long-lived process's are.
    const probe = `
      const { FeedCache } = await import(${JSON.stringify(new URL('./feed-cache.ts', import.meta.url).href)});
      const cache = new FeedCache({ listening: true, onChannel: () => () => {} });
      const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
      for (let round = 0; round < 300; round++) {
        const reads = [];
        for (let i = 0; i < 50; i++) {
          const page = { items: Array.from({ length: 20 }, (_, j) => ({ id: round + '-' + i + '-' + j, text: 'x'.repeat(200) + j })), nextCursor: null };
          reads.push(cache.read('page-' + round + '-' + i, async () => page));
        }
        await Promise.all(reads);
        if (round % 50 === 0) gc();
      }
      await tick();
      gc({ type: 'minor' }); await tick(); gc({ type: 'minor' }); await tick();
      const afterYoung = process.memoryUsage().heapUsed;
      gc(); await tick(); gc();
      console.log(afterYoung - process.memoryUsage().heapUsed);
    `;
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', probe], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    // What only a full collection freed: about 16 MB (the pages of about 1,300 reads) when a finished read's entry kept its page, about 1 MB otherwise.
    expect(Number(run.stdout)).toBeLessThan(5_000_000);
  });

  it("the estimate is of the order of the heap V8 gives such pages (within half and twice of it)", () => {
    // Measured in a node of its own after full collections: pages with fresh strings, Dates and arrays, as pg hands them over.
    const text = JSON.stringify(pageOf(0));
    const probe = `
      const template = ${text};
      const fresh = () => JSON.parse(JSON.stringify(template), (key, value) => (key === 'publishedAt' || key === 'expiresAt' ? new Date(value) : value));
      gc(); gc();
      const before = process.memoryUsage().heapUsed;
      const kept = Array.from({ length: 400 }, fresh);
      gc(); gc();
      console.log((process.memoryUsage().heapUsed - before) / kept.length);
    `;
    const run = spawnSync(process.execPath, ['--expose-gc', '-e', probe], { encoding: 'utf8' });
    expect(run.status, run.stderr).toBe(0);
    const measured = Number(run.stdout);
    const estimate = heapBytesOf(pageOf(0));
    expect(estimate).toBeGreaterThan(measured / 2);
    expect(estimate).toBeLessThan(measured * 2);
  });
});
