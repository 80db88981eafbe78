import type { RequestHandler } from 'express';
import { todayInTimeZone } from '@vizinhanca/shared/format/format';
import { accessRefusal } from '../auth/access.ts';
import { COMPRESSION_THRESHOLD_BYTES, encodeText, preferredEncoding, type ContentEncoding } from './content-encoding.ts';
import { createContext, type AppDeps, type Context } from '../context.ts';
import { procedureDuration } from '../observability/metrics.ts';
import { superjsonText } from './superjson-text.ts';
import { feedRequestReader } from './feed-input.ts';
import { feedCacheOf, feedKey, inEnvelope } from '../modules/listings/feed-cache.ts';
import { list, visiblePage } from '../modules/listings/listings.service.ts';

/** Says whether the feed cache answered a page (`hit`) or Postgres did (`miss`): the bench counts it, a person can see it in the browser's tools. */
export const FEED_CACHE_HEADER = 'X-Feed-Cache';

/** The one procedure's path, batched or not (the app's feed sends it alone). */
const FEED_PATH = '/trpc/listings.list';

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
export function feedFastPath(deps: AppDeps): RequestHandler {
  const cache = feedCacheOf(deps.bus);
  /** Feed inputs kept by URL, and parsed ones by their text: a page asked again, or another page of a shape asked before, skips the query's parse, JSON, superjson and Zod. */
  const readRequest = feedRequestReader();
  return async (req, res, next) => {
    // A plain GET (no body: the /trpc mount's limits have nothing to check) of this one procedure.
    if (req.method !== 'GET' || !req.url.startsWith(FEED_PATH) || req.path !== FEED_PATH || req.headers['content-length'] || req.headers['transfer-encoding']) return next();
    const started = performance.now();
    // Express parses the query string again on every read of req.query: read only for a URL not kept.
    const read = readRequest(req.url, () => req.query);
    // Not the feed's input, or refused by its checks: tRPC answers it in its own words.
    if (!read) return next();
    const { input, envelope } = read;
    const key = input.search ? null : feedKey(input, input.filter === 'available' ? todayInTimeZone(deps.config.CONDO_TIMEZONE, deps.clock.now()) : '');
    /**
     * Sends `answer` with the headers tRPC sends (Express's send would add a charset),
     * compressed here as the browser accepts, in one synchronous call: the compression
     * middleware's stream cost ~1.6 ms of CPU for a 12 KB answer against ~0.1 ms for this
     * (decision 018); /trpc is mounted before the middleware, so the fast path says its
     * `Vary: Accept-Encoding` itself. A cached page passes its answer's size and `encode`, made once per entry.
     */
    const send = (answer: string, bytes = Buffer.byteLength(answer), encode: (encoding: ContentEncoding) => Buffer = (encoding) => encodeText(answer, encoding)) => {
      res.statusCode = 200;
      // As the /trpc mount's noStore says of every API answer: it carries personal data.
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Vary', 'trpc-accept, accept, Accept-Encoding');
      res.setHeader('Content-Type', 'application/json');
      const encoding = bytes >= COMPRESSION_THRESHOLD_BYTES ? preferredEncoding(req.headers['accept-encoding']) : null;
      if (!encoding) return res.end(answer);
      res.setHeader('Content-Encoding', encoding);
      res.end(encode(encoding));
    };
    /** As the procedure's `observed` middleware times a call that succeeded. */
    const observe = () => procedureDuration.observe({ procedure: 'listings.list', type: 'query', code: 'OK' }, (performance.now() - started) / 1000);
    let ctx: Context;
    try {
      ctx = await createContext(deps, req, (header) => res.append('Set-Cookie', header), 'http');
      res.locals.feedContext = ctx;
      res.locals.userId = ctx.user?.id;
      if (accessRefusal(ctx.user, 'approved') || !ctx.session) return next();
      // Looked up again after the session was read: the page may have been dropped meanwhile.
      const entry = key === null ? undefined : cache.get(key, deps.clock.now().getTime());
      if (key !== null) res.setHeader(FEED_CACHE_HEADER, entry ? 'hit' : 'miss');
      if (entry) {
        const visible = visiblePage(ctx.user!, entry.page);
        if (visible === entry.page) {
          const answer = cache.answer(entry, envelope);
          send(answer.text, answer.bytes, (encoding) => cache.encoded(entry, envelope, answer.text, encoding));
        } else {
          // A viewer with blocks: the page without those people's listings, serialised for them alone.
          send(inEnvelope(envelope, superjsonText(visible)));
        }
        observe();
        return;
      }
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
    send(inEnvelope(envelope, superjsonText(page)));
    observe();
  };
}
