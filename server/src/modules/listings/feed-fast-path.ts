import type { RequestHandler } from 'express';
import superjson from 'superjson';
import { listListingsSchema } from '@vizinhanca/shared/listings/listing.schema';
import { todayInTimeZone } from '@vizinhanca/shared/format/format';
import { accessRefusal } from '../../auth/access.ts';
import { createContext, type AppDeps, type Context } from '../../context.ts';
import { procedureDuration } from '../../observability/metrics.ts';
import { feedCacheOf, feedKey } from './feed-cache.ts';

/** The context a fast-path request already built, handed to tRPC when the request falls through (one session check per request). */
export function contextBuiltForFeed(res: { locals: Record<string, unknown> }): Context | undefined {
  return res.locals.feedContext as Context | undefined;
}

/**
 * A cached page of the public feed answered before tRPC (mounted on /trpc): the GET
 * `listings.list` the browser sends (batched or not), without a search, whose page this
 * instance holds. The answer is the cached text, serialised once per page: tRPC's own
 * envelope around the superjson text tRPC would send (a test compares the bytes). The
 * session and the access rule are checked as the procedure does (createContext and
 * accessRefusal 'approved'); anything else (a miss, a refusal, an input that does not
 * parse) goes on to tRPC with the context already built.
 */
export function feedFastPath(deps: AppDeps): RequestHandler {
  const cache = feedCacheOf(deps.bus);
  return async (req, res, next) => {
    if (req.method !== 'GET' || req.path !== '/listings.list' || typeof req.query.input !== 'string') return next();
    const started = performance.now();
    const batched = req.query.batch === '1';
    let key: string;
    try {
      const sent = JSON.parse(req.query.input) as Record<string, unknown>;
      const parsed = listListingsSchema.safeParse(superjson.deserialize((batched ? sent['0'] : sent) as never));
      if (!parsed.success || parsed.data.search || (batched && Object.keys(sent).length !== 1)) return next();
      const now = deps.clock.now();
      key = feedKey(parsed.data, parsed.data.filter === 'available' ? todayInTimeZone(deps.config.CONDO_TIMEZONE, now) : '');
      if (!cache.get(key, now.getTime())) return next();
    } catch {
      return next();
    }
    try {
      const ctx = await createContext(deps, req, (header) => res.append('Set-Cookie', header), 'http');
      res.locals.feedContext = ctx;
      res.locals.userId = ctx.user?.id;
      // Looked up again: the page may have been dropped while the session was read.
      const entry = !accessRefusal(ctx.user, 'approved') && ctx.session ? cache.get(key, deps.clock.now().getTime()) : undefined;
      if (!entry) return next();
      const data = cache.body(entry);
      // The header tRPC sends (Express's send would add a charset).
      res.statusCode = 200;
      res.setHeader('Content-Type', 'application/json');
      res.end(batched ? `[{"result":{"data":${data}}}]` : `{"result":{"data":${data}}}`);
      procedureDuration.observe({ procedure: 'listings.list', type: 'query', code: 'OK' }, (performance.now() - started) / 1000);
    } catch (error) {
      next(error);
    }
  };
}
