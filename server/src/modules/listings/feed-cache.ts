import { encodeText, type ContentEncoding } from '../../http/content-encoding.ts';
import { superjsonText } from '../../http/superjson-text.ts';
import type { ListingFilter, ListingSort, ListingType, PublicListing } from '@vizinhanca/shared/listings/listing.schema';
import type { EventBus } from '../../realtime/event-bus.ts';
import { FEED_CHANNEL } from '../../realtime/notify-channels.ts';

/** tRPC's answer to a batched GET (`?batch=1`) or a single one. */
export type Envelope = 'batch' | 'single';

/** `data` (a superjson text) in tRPC's envelope for a successful query. */
export function inEnvelope(envelope: Envelope, data: string): string {
  return envelope === 'batch' ? `[{"result":{"data":${data}}}]` : `{"result":{"data":${data}}}`;
}

/** One page of the public feed as listings.list answers it. */
export interface FeedPage {
  items: PublicListing[];
  nextCursor: string | null;
}

/** Where the cache learns that the feed changed: the event bus (database triggers NOTIFY FEED_CHANNEL). */
export interface FeedChangeSource {
  /** Changes reach this instance now; while false the cache is bypassed. */
  readonly listening: boolean;
  onChannel(channel: typeof FEED_CHANNEL, handler: (payload: string | null) => void): () => void;
}

export interface FeedCacheOptions {
  maxEntries: number;
  /** What every entry holds at most, together (`Entry.bytes`): pages differ in size, and a count alone let the cache grow with them. */
  maxBytes: number;
  /** A safety net only (machine time): invalidation is what keeps entries right. */
  ttlMs: number;
}

const DEFAULTS: FeedCacheOptions = { maxEntries: 1000, maxBytes: 24 * 1024 * 1024, ttlMs: 60_000 };

/**
 * An estimate of the heap a value's objects take in V8 (64-bit, no pointer compression): headers
 * and a slot per property or element, strings at two bytes a character (an upper bound: most are
 * one byte a character), so it overstates: 45 KiB for a 20-listing page V8 holds in 26-29 KiB.
 */
export function heapBytesOf(value: unknown): number {
  if (typeof value === 'string') return 24 + 2 * value.length;
  if (typeof value === 'number') return 16;
  if (value === null || typeof value !== 'object') return 0;
  if (value instanceof Date) return 96;
  let bytes = 32;
  if (Array.isArray(value)) {
    for (const element of value) bytes += 8 + heapBytesOf(element);
    return bytes;
  }
  for (const key in value) bytes += 8 + heapBytesOf((value as Record<string, unknown>)[key]);
  return bytes;
}

export interface Entry {
  key: string;
  /** What the entry holds, in bytes: its page's estimate (heapBytesOf), and each answer and compressed answer made for it as they are made. */
  bytes: number;
  page: FeedPage;
  /** The page as tRPC sends it (superjson, then JSON) in each of tRPC's envelopes, with its size in bytes, made on first use. */
  answers: Map<Envelope, { text: string; bytes: number }>;
  /** Whole answers (batched or not) compressed for a browser, made on first use: compressing costs more CPU than sending a cached page. */
  encoded: Map<string, Buffer>;
  /** App-clock time (ms) when the first of its listings expires: the page changes then without any write. */
  validUntil: number;
  storedAt: number;
  /** Read orders (the 'available' chip): dropped when an order starts or stops holding a rental. */
  readsOrders: boolean;
  /** The page's type filter (null: every type): a published listing of any type it shows may enter it. */
  type: ListingType | null;
  /** Listings the page read: its cursor's row and every row fetched (the items and the one past them). */
  reads: ReadonlySet<string>;
  /** The part of its order the page read: a listing entering elsewhere leaves it as it is. */
  span: FeedSpan;
}

/**
 * Where a listing sits in the feed's orders: its id, its publication (epoch ms; a row read by
 * pg comes rounded to the millisecond, so times within 1 ms of each other are not told apart),
 * price and owner's rating (null where the read did not fetch it).
 */
export interface SortKey {
  id: string;
  at: number | null;
  price: number;
  rating: number | null;
}

/** The stretch of one order a page read: after its cursor's row (null: from the start) through the row past its items (null: to the end). */
export interface FeedSpan {
  sort: ListingSort;
  after: SortKey | null;
  through: SortKey | null;
}

/** The rows a feed read fetched, as the listings repository gives them (`cursor_key`: the cursor row's '<at>;<price>;<rating>'). */
export interface SortedRow {
  id: string;
  published_at: Date | null;
  price_cents: number;
  owner_rating?: number;
  cursor_key?: string | null;
}

/** Which way each of an order's keys runs, compared in turn (the id last, as the query's ORDER BY). */
type Component = { key: 'at' | 'price' | 'rating'; descending: boolean };
const ORDERS: Record<ListingSort, { components: Component[]; idDescending: boolean }> = {
  newest: { components: [{ key: 'at', descending: true }], idDescending: true },
  price_asc: { components: [{ key: 'price', descending: false }], idDescending: false },
  price_desc: { components: [{ key: 'price', descending: true }], idDescending: true },
  rating: {
    components: [
      { key: 'rating', descending: true },
      { key: 'at', descending: true },
    ],
    idDescending: true,
  },
};

/** Whether `x` comes before `bound` in `sort`'s order, is the same row, after it, or cannot be told (times within 1 ms, a key not read). */
export function positionIn(sort: ListingSort, x: SortKey, bound: SortKey): 'before' | 'same' | 'after' | 'unknown' {
  if (x.id === bound.id) return 'same';
  const order = ORDERS[sort];
  for (const { key, descending } of order.components) {
    const [a, b] = [x[key], bound[key]];
    if (a === null || b === null) return 'unknown';
    // Times read through pg lost their microseconds: within a millisecond the order is unknown.
    if (key === 'at' ? Math.abs(a - b) <= 1 : a === b) {
      if (key === 'at') return 'unknown';
      continue;
    }
    return a > b === descending ? 'before' : 'after';
  }
  return x.id > bound.id === order.idDescending ? 'before' : 'after';
}

/** Whether a listing entering at `x` may change a page that read `span`: it falls after the page's cursor and no later than the row past its items. */
export function entersSpan(x: SortKey, span: FeedSpan): boolean {
  if (span.after) {
    const position = positionIn(span.sort, x, span.after);
    if (position === 'before' || position === 'same') return false;
  }
  return !span.through || positionIn(span.sort, x, span.through) !== 'after';
}

/** The cursor row's keys as the feed query reads them ('<at>;<price>;<rating>'), or null when it has none (no row, or a listing never published). */
function cursorKey(id: string, text: string | null | undefined): SortKey | null {
  const [at, price, rating] = (text ?? '').split(';').map(Number);
  return at !== undefined && Number.isFinite(at) && Number.isFinite(price) && Number.isFinite(rating) && text ? { id, at, price: price!, rating: rating! } : null;
}

/** The span a feed read covers: `rows` as fetched (limit + 1 at most) after `cursor`. */
export function spanOf(sort: ListingSort, cursor: string | null, rows: readonly SortedRow[], limit: number): FeedSpan {
  // A cursor whose keys are not known (the page came back empty) counts from the start: wider, never narrower.
  const after = cursor ? cursorKey(cursor, rows[0]?.cursor_key) : null;
  const last = rows.length > limit ? rows[rows.length - 1]! : null;
  const through = last ? { id: last.id, at: last.published_at?.getTime() ?? null, price: last.price_cents, rating: last.owner_rating ?? null } : null;
  return { sort, after, through };
}

/** A published listing whose order or filtering changed: it may enter pages of its type where its keys fall. */
export type EnteringListing = SortKey & { type: string; at: number; rating: number };

/**
 * What a NOTIFY on FEED_CHANNEL says changed (migration 2027_02_11_0201): everything; the
 * 'available' chip's orders; or some listings, which change the pages that read them, and
 * may enter the pages of their type whose span of the order they fall in (`entering`).
 */
export type FeedChange = { kind: 'all' } | { kind: 'orders' } | { kind: 'listings'; entering: readonly EnteringListing[]; ids: ReadonlySet<string> };

/** One entering listing: '<id>;<type>;<published_at, epoch ms>;<price_cents>;<owner_rating>'. */
function enteringListing(text: string): EnteringListing | null {
  const [id, type, at, price, rating, ...rest] = text.split(';');
  if (!id || !type || rest.length > 0 || at === '' || price === '' || rating === '') return null;
  const [atMs, priceCents, ownerRating] = [Number(at), Number(price), Number(rating)];
  return Number.isFinite(atMs) && Number.isInteger(priceCents) && Number.isFinite(ownerRating) ? { id, type, at: atMs, price: priceCents, rating: ownerRating } : null;
}

/** The NOTIFY payload: 'orders', 'listings:<entering>:<ids>' (comma-separated), anything else (or null: LISTEN dropped or came back) everything. */
export function parseFeedChange(payload: string | null): FeedChange {
  if (payload === 'orders') return { kind: 'orders' };
  const parts = payload?.split(':');
  if (!parts || parts.length !== 3 || parts[0] !== 'listings' || parts[2] === '') return { kind: 'all' };
  const entering = parts[1] === '' ? [] : parts[1]!.split(',').map(enteringListing);
  if (entering.some((listing) => listing === null)) return { kind: 'all' };
  return { kind: 'listings', entering: entering as EnteringListing[], ids: new Set(parts[2]!.split(',')) };
}

/** Whether `change` may have changed what `entry` holds. */
export function changeReaches(change: FeedChange, entry: Pick<Entry, 'readsOrders' | 'type' | 'reads' | 'span'>): boolean {
  if (change.kind === 'all') return true;
  if (change.kind === 'orders') return entry.readsOrders;
  for (const listing of change.entering) if ((entry.type === null || entry.type === listing.type) && entersSpan(listing, entry.span)) return true;
  for (const id of change.ids) if (entry.reads.has(id)) return true;
  return false;
}

/** Keys a cache counts the asks of (a key is about 60 characters). */
const ASKED_KEPT = 10_000;

/** A read of a page in progress: the generation it began at, and its answer until it settles (then null, see `read`). */
interface Reading {
  version: number;
  page: Promise<FeedPage> | null;
}

/** Changes remembered for reads in flight: a read that began before more changes than this is not stored. */
const RECENT_CHANGES = 256;

/** What a page of the feed depends on besides the data: never who asks (the feed has no per-person field). */
export interface FeedKeyInput {
  type: ListingType | null;
  ownerId?: string | null;
  filter: ListingFilter;
  sort?: ListingSort;
  cursor: string | null;
  limit: number;
}

/** The cache key; `today` ('YYYY-MM-DD' in the condominium) counts only for the 'available' chip. */
export function feedKey(input: FeedKeyInput, today: string): string {
  return [input.type ?? '', input.ownerId ?? '', input.filter, input.sort ?? 'newest', input.cursor ?? '', input.limit, input.filter === 'available' ? today : ''].join('|');
}

/**
 * Pages of the public feed (listings.list without a search) answered by this instance,
 * dropped when the database says what changed (triggers NOTIFY FEED_CHANNEL on commit,
 * migrations 2026_12_24_0001, 2027_02_08_0801 and 2027_02_11_0201): only the pages a change may reach, so
 * an answer is never older than the last commit plus the NOTIFY's trip. Same rules as the
 * session cache (decision 012): bypassed while the LISTEN connection is down, emptied when
 * it drops and when it comes back, and a read that raced a change reaching its page is not
 * stored (a generation counter and the last changes). A page also
 * expires on the app clock when its first listing does. Searches are not cached: typed
 * terms are unbounded and rarely repeat.
 */
export class FeedCache {
  private readonly entries = new Map<string, Entry>();
  /** The sum of the entries' bytes. */
  private held = 0;
  private generation = 0;
  /** The last changes, oldest first: `recent[i]` made generation `generation - recent.length + 1 + i`. */
  private readonly recent: FeedChange[] = [];
  /** Reads of pages not held, by key, with the generation each began at. */
  private readonly reading = new Map<string, Reading>();
  /** How often each page was asked lately, answered from here or not (`noteAsk`, `get`), at most ASKED_KEPT keys. */
  private readonly asks = new Map<string, number>();

  constructor(
    private readonly source: FeedChangeSource,
    private readonly options: FeedCacheOptions = DEFAULTS,
  ) {
    source.onChannel(FEED_CHANNEL, (payload) => this.apply(parseFeedChange(payload)));
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the entries hold, in bytes (never more than `maxBytes`). */
  get bytes(): number {
    return this.held;
  }

  /** The generation to hand back to `set` after reading the database. */
  get version(): number {
    return this.generation;
  }

  /** The live entry of `key`; an entry found counts as an ask of its page (a page not found is counted by `noteAsk` when it is read). */
  get(key: string, nowMs: number): Entry | undefined {
    if (!this.source.listening) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.validUntil <= nowMs || performance.now() - entry.storedAt > this.options.ttlMs) {
      this.drop(key);
      return undefined;
    }
    this.noteAsk(key);
    return entry;
  }

  /**
   * Stores a page read from the database, unless a change that reached this instance while it was
   * read may have changed it (or nothing is listening). `reads`: the cursor and the ids of the rows read.
   */
  set(
    key: string,
    page: FeedPage,
    options: { validUntil: number; readsOrders: boolean; type: ListingType | null; reads: Iterable<string>; span: FeedSpan; versionBeforeRead: number },
  ): void {
    if (!this.source.listening) return;
    const entry: Entry = {
      key,
      bytes: heapBytesOf(page),
      page,
      answers: new Map(),
      encoded: new Map(),
      validUntil: options.validUntil,
      storedAt: performance.now(),
      readsOrders: options.readsOrders,
      type: options.type,
      reads: new Set(options.reads),
      span: options.span,
    };
    const missed = this.generation - options.versionBeforeRead;
    if (missed > this.recent.length) return;
    for (const change of this.recent.slice(this.recent.length - missed)) if (changeReaches(change, entry)) return;
    this.drop(key);
    if (entry.bytes > this.options.maxBytes) return;
    // A full cache takes a page only in place of one asked less often: when more pages are read than it
    // holds, storing each pushed out pages before their next ask, and cost every read its copying by the
    // garbage collector (TinyLFU's admission).
    const victim = this.victimFor(entry.bytes);
    if (victim !== undefined && (this.asks.get(key) ?? 0) <= (this.asks.get(victim) ?? 0)) return;
    this.entries.set(key, entry);
    this.held += entry.bytes;
    this.makeRoom();
  }

  /** The key of the entry storing `bytes` more would push out first (the oldest), if it would push one out. */
  private victimFor(bytes: number): string | undefined {
    if (this.entries.size < this.options.maxEntries && this.held + bytes <= this.options.maxBytes) return undefined;
    return this.oldestKey();
  }

  /** The key of the entry stored first (a Map iterates in insertion order). */
  private oldestKey(): string | undefined {
    return this.entries.keys().next().value;
  }

  /** Drops the oldest stored entries until the count and the bytes are within bounds. */
  private makeRoom(): void {
    while (this.entries.size > this.options.maxEntries || this.held > this.options.maxBytes) this.drop(this.oldestKey()!);
  }

  private drop(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.held -= entry.bytes;
  }

  /** Counts `bytes` more kept with `entry`, when it is still held (a change may have dropped it while it was being answered). */
  private grow(entry: Entry, bytes: number): void {
    if (this.entries.get(entry.key) !== entry) return;
    entry.bytes += bytes;
    this.held += bytes;
    this.makeRoom();
  }

  /**
   * The page read by `read` (handed the version to pass to `set`), or the one a read already in
   * flight for `key` will give, when that read began after the last change that reached this
   * instance: concurrent misses of a page make one query, and a request never waits for a read
   * that began before a change it may already see.
   */
  read(key: string, read: (versionBeforeRead: number) => Promise<FeedPage>): Promise<FeedPage> {
    const inFlight = this.reading.get(key);
    if (inFlight?.page && inFlight.version === this.generation && this.source.listening) return inFlight.page;
    const version = this.generation;
    const page = read(version);
    const reading: Reading = { version, page };
    this.reading.set(key, reading);
    const done = () => {
      if (this.reading.get(key) === reading) this.reading.delete(key);
      // Deleted alone, the entry kept its page reachable to V8's young collections until the next full
      // one (a Map's replaced tables hold their entries): every page read outlived them (decision 054).
      reading.page = null;
    };
    page.then(done, done);
    return page;
  }

  /**
   * Notes that the page of `key` is asked now; how often it was asked lately, this ask included. When
   * ASKED_KEPT keys are counted, a new key first halves every count and forgets the keys left at zero:
   * what was popular long ago weighs less than what is asked now.
   */
  noteAsk(key: string): number {
    const count = (this.asks.get(key) ?? 0) + 1;
    if (count === 1 && this.asks.size >= ASKED_KEPT) {
      for (const [counted, times] of this.asks) {
        if (times < 2) this.asks.delete(counted);
        else this.asks.set(counted, times >> 1);
      }
    }
    this.asks.set(key, count);
    return count;
  }

  /** The entry's page as tRPC's transformer would send it (superjson, JSON text) in `envelope`, and its size in bytes: serialised once per entry. */
  answer(entry: Entry, envelope: Envelope): { text: string; bytes: number } {
    let answer = entry.answers.get(envelope);
    if (!answer) {
      // Browsers batch: the single envelope is rare enough to serialise the page again for it.
      const text = inEnvelope(envelope, superjsonText(entry.page));
      entry.answers.set(envelope, (answer = { text, bytes: Buffer.byteLength(text) }));
      this.grow(entry, heapBytesOf(text));
    }
    return answer;
  }

  /** `answer` (this entry's page in one of tRPC's envelopes, named by `envelope`) compressed with `encoding`, once per entry. */
  encoded(entry: Entry, envelope: Envelope, answer: string, encoding: ContentEncoding): Buffer {
    const variant = `${envelope}:${encoding}`;
    let bytes = entry.encoded.get(variant);
    if (!bytes) {
      entry.encoded.set(variant, (bytes = encodeText(answer, encoding)));
      this.grow(entry, bytes.byteLength);
    }
    return bytes;
  }

  clear(): void {
    this.apply({ kind: 'all' });
  }

  /** Drops the pages `change` may have changed; remembered for the reads in flight. */
  apply(change: FeedChange): void {
    this.generation += 1;
    this.recent.push(change);
    if (this.recent.length > RECENT_CHANGES) this.recent.shift();
    if (change.kind === 'all') {
      this.entries.clear();
      this.held = 0;
    } else for (const [key, entry] of this.entries) if (changeReaches(change, entry)) this.drop(key);
  }
}

/** One cache per instance (per event bus: two app instances in one process keep their own). */
const caches = new WeakMap<EventBus, FeedCache>();

export function feedCacheOf(bus: EventBus): FeedCache {
  let cache = caches.get(bus);
  if (!cache) caches.set(bus, (cache = new FeedCache(bus)));
  return cache;
}
