import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { ListListingsFields } from '@vizinhanca/shared/listings/listing.schema';
import { todayInTimeZone } from '@vizinhanca/shared/format/format';
import { accessRefusal } from '../auth/access.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import { sha256Hex } from '../auth/crypto.ts';
import { COMPRESSION_THRESHOLD_BYTES, encodeText, preferredEncoding, type ContentEncoding } from './content-encoding.ts';
import { createContext, type AppDeps, type Context } from '../context.ts';
import { procedureDuration } from '../observability/metrics.ts';
import { superjsonText } from './superjson-text.ts';
import { answerFailure } from './request-errors.ts';
import type { FeedRequestReader } from './feed-input.ts';
import { type Entry, type Envelope, feedCacheOf, feedKey, inEnvelope } from '../modules/listings/feed-cache.ts';
import { list, visiblePage } from '../modules/listings/listings.service.ts';

/** Says whether the feed cache answered a page (`hit`) or Postgres did (`miss`): the bench counts it, a person can see it in the browser's tools. */
export const FEED_CACHE_HEADER = 'X-Feed-Cache';

/** The one procedure's path, batched or not (the app's feed sends it alone). */
const FEED_PATH = '/trpc/listings.list';

/**
 * A plain GET of the one procedure (no body: the /trpc mount's limits have nothing to check), batched
 * or not: its path and then its query, or nothing after the path (tRPC answers that one).
 */
export function isFeedGet(req: IncomingMessage): boolean {
  if (req.method !== 'GET' || req.headers['content-length'] || req.headers['transfer-encoding']) return false;
  const url = req.url ?? '';
  return url.startsWith(FEED_PATH) && (url.length === FEED_PATH.length || url.charCodeAt(FEED_PATH.length) === 63 /* '?' */);
}

/** The key of a feed page in the cache: the input, and today in the condominium for the 'available' chip. */
function feedKeyOf(deps: AppDeps, input: ListListingsFields): string {
  return feedKey(input, input.filter === 'available' ? todayInTimeZone(deps.config.CONDO_TIMEZONE, deps.clock.now()) : '');
}

/**
 * Sends `answer` with the headers tRPC sends (Express's send would add a charset), compressed here as
 * the browser accepts, in one synchronous call: the compression middleware's stream cost ~1.6 ms of CPU
 * for a 12 KB answer against ~0.1 ms for this (decision 018); /trpc is mounted before the middleware, so
 * this says its `Vary: Accept-Encoding` itself. A cached page passes its answer's size and `encode`, made once per entry.
 */
function sendAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  answer: string,
  bytes = Buffer.byteLength(answer),
  encode: (encoding: ContentEncoding) => Buffer = (encoding) => encodeText(answer, encoding),
): void {
  res.statusCode = 200;
  // As the /trpc mount's noStore says of every API answer: it carries personal data.
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Vary', 'trpc-accept, accept, Accept-Encoding');
  res.setHeader('Content-Type', 'application/json');
  const encoding = bytes >= COMPRESSION_THRESHOLD_BYTES ? preferredEncoding(req.headers['accept-encoding']) : null;
  if (!encoding) {
    res.end(answer);
    return;
  }
  res.setHeader('Content-Encoding', encoding);
  res.end(encode(encoding));
}

/** A held page to `user`: the cached answer, or the page without the listings of people they block or who block them, written for them alone. */
function sendEntry(deps: AppDeps, req: IncomingMessage, res: ServerResponse, entry: Entry, envelope: Envelope, user: AuthUser): void {
  const cache = feedCacheOf(deps.bus);
  res.setHeader(FEED_CACHE_HEADER, 'hit');
  const visible = visiblePage(user, entry.page);
  if (visible === entry.page) {
    const answer = cache.answer(entry, envelope);
    sendAnswer(req, res, answer.text, answer.bytes, (encoding) => cache.encoded(entry, envelope, answer.text, encoding));
  } else {
    sendAnswer(req, res, inEnvelope(envelope, superjsonText(visible)));
  }
}

/** As checkedCall (trpc.ts) times a procedure's call that succeeded. */
function observeFeed(started: number): void {
  procedureDuration.observe({ procedure: 'listings.list', type: 'query', code: 'OK' }, (performance.now() - started) / 1000);
}

/**
 * A feed page this instance holds, answered before Express when all it depends on is known at once: a
 * URL whose input the fast path read before (kept by `reader`), a session the session cache answers
 * without a refresh, an approved person, and the page held. `startRequest` does for it what the app's
 * first layer does for every request (the request id and its log line, the security headers; a URL
 * the fast path read has no malformed escape, and a GET no foreign origin to refuse). Anything else
 * returns false having set nothing, and goes through Express as before: Express cost a hit about a third
 * of its CPU (decision 056).
 */
export function feedHitBeforeExpress(deps: AppDeps, reader: FeedRequestReader, startRequest: (req: IncomingMessage, res: ServerResponse) => void) {
  const cache = feedCacheOf(deps.bus);
  /** The hit to answer, or null: nothing is set on the response here. */
  const heldHit = (req: IncomingMessage) => {
    if (!isFeedGet(req)) return null;
    const read = reader.kept(req.url!);
    if (!read) return null;
    const started = performance.now();
    const token = deps.sessions.readToken(req.headers.cookie);
    const validated = token ? deps.sessions.peekId(sha256Hex(token)) : undefined;
    // A session to refresh, or one the cache cannot answer now, is read through Express.
    if (!validated || validated.session.fresh || accessRefusal(validated.user, 'approved')) return null;
    const entry = cache.get(feedKeyOf(deps, read.input), deps.clock.now().getTime());
    return entry ? { read, user: validated.user, entry, started } : null;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    let hit: ReturnType<typeof heldHit>;
    try {
      hit = heldHit(req);
    } catch {
      // What a check could not read (a cookie with a malformed escape, say): Express answers it, as before.
      return false;
    }
    if (!hit) return false;
    try {
      startRequest(req, res);
      (res as ServerResponse & { locals?: Record<string, unknown> }).locals = { userId: hit.user.id };
      sendEntry(deps, req, res, hit.entry, hit.read.envelope, hit.user);
      observeFeed(hit.started);
    } catch (error) {
      // As the app's last handler answers what failed.
      answerFailure(deps.logger, error, req, res);
    }
    return true;
  };
}

/** The context a fast-path request already built, handed to tRPC when the request falls through (one session check per request). */
export function contextBuiltForFeed(res: { locals: Record<string, unknown> }): Context | undefined {
  return res.locals.feedContext as Context | undefined;
}

/**
 * The browser's GET of `listings.list` (batched or not) answered before the /trpc mount
 * and tRPC's HTTP adapter. A page of the public feed this instance holds is the cached
 * text, serialised once per page (decision 014). Any other valid request (a search, or a
 * page not cached) calls the procedure's service with the input parsed here, once: what
 * the procedure's middleware checks is checked here the same way (the session and
 * accessRefusal 'approved', no control characters, the input schema) and its duration is
 * observed under the same label; no tRPC caller, middleware chain or second input parse
 * per request, nor the adapter's web Request, Response and streams (decisions 018, 027).
 * The answer is tRPC's own envelope around the superjson text (tests compare the bytes).
 * Anything else (a refusal, an input that does not parse, an error) goes on to tRPC with
 * the context already built, which answers it in its own words.
 */
export function feedFastPath(deps: AppDeps, reader: FeedRequestReader): RequestHandler {
  const cache = feedCacheOf(deps.bus);
  return async (req, res, next) => {
    if (!isFeedGet(req)) return next();
    const started = performance.now();
    // Express parses the query string again on every read of req.query: read only for a URL not kept.
    const read = reader.read(req.url, () => req.query);
    // Not the feed's input, or refused by its checks: tRPC answers it in its own words.
    if (!read) return next();
    const { input, envelope } = read;
    const key = input.search ? null : feedKeyOf(deps, input);
    let ctx: Context;
    try {
      ctx = await createContext(deps, req, (header) => res.append('Set-Cookie', header), 'http');
      res.locals.feedContext = ctx;
      res.locals.userId = ctx.user?.id;
      if (accessRefusal(ctx.user, 'approved') || !ctx.session) return next();
      // Looked up again after the session was read: the page may have been dropped meanwhile.
      const entry = key === null ? undefined : cache.get(key, deps.clock.now().getTime());
      if (entry) {
        sendEntry(deps, req, res, entry, envelope, ctx.user!);
        observeFeed(started);
        return;
      }
      if (key !== null) res.setHeader(FEED_CACHE_HEADER, 'miss');
    } catch (error) {
      return next(error);
    }
    let page: unknown;
    try {
      page = await list(deps, ctx.user!, input);
    } catch {
      // A read: tRPC runs it again and answers the error as it answers every other one.
      return next();
    }
    sendAnswer(req, res, inEnvelope(envelope, superjsonText(page)));
    observeFeed(started);
  };
}
