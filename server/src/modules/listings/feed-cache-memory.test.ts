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
    const cache = new FeedCache(source, { maxEntries: 1000, maxBytes: heapBytesOf(pageOf(0)) * 2, ttlMs: 60_000 });
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
