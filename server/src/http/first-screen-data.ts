import type { Request, RequestHandler, Response } from 'express';
import superjson from 'superjson';
import { FEED_PAGE_SIZE, type ListingType } from '@vizinhanca/shared/listings/listing.constants';
import { accessRefusal } from '../auth/access.ts';
import { createContext, type AppDeps } from '../context.ts';
import { appRouter } from '../router.ts';
import { createCallerFactory } from '../trpc.ts';
import type { ScreenRenderer } from './first-screen-render.ts';
import { escapeAttribute } from './html-attribute.ts';
import { startScriptsAfterPaint } from './start-after-paint.ts';

const createCaller = createCallerFactory(appRouter);
type Caller = ReturnType<typeof createCaller>;

/** One query of the first screen: the procedure, its input and its answer, as the client's cache keeps it. */
export interface FirstScreenQuery {
  path:
    | 'auth.me'
    | 'notifications.unreadCount'
    | 'messages.unread'
    | 'activity.recent'
    | 'listings.countsByType'
    | 'listings.list'
    | 'listings.byId'
    | 'reviews.forUser'
    | 'help.contacts'
    | 'users.me'
    | 'notifications.preferences'
    | 'pix.myKey';
  input?: unknown;
  data: unknown;
  /** A page of an infinite query (the feed): the client stores it as the first page. */
  infinite?: true;
}

export interface FirstScreen {
  queries: FirstScreenQuery[];
  /** The photo that will be the largest paint (the first card's, the gallery's first), exactly as the <img> asks for it. */
  lcpImage: string | null;
  /**
   * Every answer the page's guards and loader ask for is here, so the server can draw the screen
   * from them (fifth pass): the signed-out sign-in page, and a data page whose screen answered.
   */
  complete?: true;
}

const FEED_TYPES: Record<string, ListingType> = { alugueis: 'rental', comidas: 'food', servicos: 'service' };
const DETAIL_PATH = /^\/(?:item|food|service)\/([^/]+)\/?$/;
const FEED_PATH = /^\/(alugueis|comidas|servicos)\/?$/;
const HELP_PATH = /^\/ajuda\/?$/;
const SETTINGS_PATH = /^\/configuracoes\/?$/;

/** The queries a page's route loader would ask first (client/src/routes), or null for a page without any. */
function plan(requestPath: string, hasSearch: boolean): ((caller: Caller) => Promise<FirstScreen>) | null {
  if (requestPath === '/') {
    return async (caller) => {
      // The loader's three, and the 'Mensagens' link's count (tenth pass): without it the browser asked for it
      // after the app started and drew the link again, while the screen was still being adopted.
      const [unread, recent, counts, unreadMessages] = await Promise.all([
        caller.notifications.unreadCount(),
        caller.activity.recent(),
        caller.listings.countsByType(),
        caller.messages.unread(),
      ]);
      return {
        queries: [
          { path: 'notifications.unreadCount', data: unread },
          { path: 'activity.recent', data: recent },
          { path: 'listings.countsByType', data: counts },
          { path: 'messages.unread', data: unreadMessages },
        ],
        lcpImage: null,
      };
    };
  }
  const feed = FEED_PATH.exec(requestPath);
  // A search, chip or order in the address is the client's to parse (features/listings/browse-search.ts): only the plain feed.
  if (feed && !hasSearch) {
    return async (caller) => {
      // The input the client's listingFeedInput builds for an address without a search (its undefined search left out).
      const input = { type: FEED_TYPES[feed[1]!]!, filter: 'all', sort: 'newest', limit: FEED_PAGE_SIZE } as const;
      const page = await caller.listings.list(input);
      return { queries: [{ path: 'listings.list', input, data: page, infinite: true }], lcpImage: page.items[0]?.imageCardUrl ?? null };
    };
  }
  const detail = DETAIL_PATH.exec(requestPath);
  if (detail) {
    return async (caller) => {
      const input = { id: decodeURIComponent(detail[1]!) };
      const listing = await caller.listings.byId(input);
      const queries: FirstScreenQuery[] = [{ path: 'listings.byId', input, data: listing }];
      // The route loader asks a rental's lister reviews alongside the screen.
      if (listing.type === 'rental') {
        const reviewsInput = { userId: listing.owner.id };
        queries.push({ path: 'reviews.forUser', input: reviewsInput, data: await caller.reviews.forUser(reviewsInput) });
      }
      return { queries, lcpImage: listing.photos[0]?.detailUrl ?? null };
    };
  }
  // The text pages (ninth pass): what their loaders ask, so the server can draw them too.
  if (HELP_PATH.test(requestPath)) {
    return async (caller) => ({ queries: [{ path: 'help.contacts', data: await caller.help.contacts() }], lcpImage: null });
  }
  if (SETTINGS_PATH.test(requestPath)) {
    return async (caller) => {
      const [profile, preferences, pixKey] = await Promise.all([caller.users.me(), caller.notifications.preferences(), caller.pix.myKey()]);
      return {
        queries: [
          { path: 'users.me', data: profile },
          { path: 'notifications.preferences', data: preferences },
          { path: 'pix.myKey', data: pixKey },
        ],
        lcpImage: null,
      };
    };
  }
  return null;
}

/**
 * The first screen's data for the page being served (issue 12; docs/decisions/013-first-screen.md,
 * fourth pass): what the route loader would fetch after the script ran and asked for the session,
 * answered now, so the screen and its first photo need not wait for that chain. Only for the
 * caller's own session, approved and not suspended, through the same procedures (their
 * middleware, input and output checks) as the client's own requests; anything refused or failing
 * is left out and the client asks for it as usual.
 */
export function firstScreenData(deps: AppDeps): (req: Request, res: Response) => Promise<FirstScreen | typeof SEND_TO_SIGN_IN | null> {
  return async (req, res) => {
    if (SIGN_IN_PATH.test(req.path)) return signInScreen(await residentCaller(deps, req, res));
    const queries = plan(req.path, Object.keys(req.query as object).length > 0);
    if (!queries) return null;
    const caller = await residentCaller(deps, req, res);
    // The home with no valid session: its guard would send the visitor to /auth once the app ran.
    if (caller === SIGNED_OUT) return req.path === '/' ? SEND_TO_SIGN_IN : null;
    if (!caller) return null;
    // Side by side: the session's answer does not wait for the screen's.
    // A listing that is gone or hidden, a malformed id: the screen asks for it and shows its own message.
    const [me, screen] = await Promise.all([caller.auth.me(), queries(caller).catch(() => null)]);
    const session: FirstScreenQuery = { path: 'auth.me', data: me };
    return screen ? { queries: [session, ...screen.queries], lcpImage: screen.lcpImage, complete: true } : { queries: [session], lcpImage: null };
  };
}

const SIGN_IN_PATH = /^\/auth\/?$/;
const SIGNED_OUT = 'signed-out';
/**
 * The answer for the home asked for with no valid session (tenth pass): a redirect to /auth, which the
 * server draws, instead of a splash the app would redirect from after downloading and running (FCP 2.4 s).
 * Pending, rejected or suspended accounts still get the page: their screen is the app's to choose.
 */
export const SEND_TO_SIGN_IN = 'send-to-sign-in';

/**
 * The caller's own tRPC caller when signed in, approved and not suspended (the same context and
 * access check as every tRPC request); SIGNED_OUT without a valid session; null for anyone else
 * (pending, rejected, suspended).
 */
async function residentCaller(deps: AppDeps, req: Request, res: Response): Promise<Caller | typeof SIGNED_OUT | null> {
  if (!deps.sessions.readToken(req.headers.cookie)) return SIGNED_OUT;
  const ctx = await createContext(deps, req, (header) => res.append('Set-Cookie', header), 'http');
  if (!ctx.session) return SIGNED_OUT;
  return accessRefusal(ctx.user, 'approved') ? null : createCaller(ctx);
}

/**
 * /auth renders only after its guard knows who is there (auth.me): the answer goes with the page.
 * Nobody signed in: null, which says nothing about anyone. An approved resident: their own session
 * (the guard sends them home at once). Anyone else: nothing, as on every page.
 */
async function signInScreen(caller: Caller | typeof SIGNED_OUT | null): Promise<FirstScreen | null> {
  if (caller === SIGNED_OUT) return { queries: [{ path: 'auth.me', data: null }], lcpImage: null, complete: true };
  if (!caller) return null;
  return { queries: [{ path: 'auth.me', data: await caller.auth.me() }], lcpImage: null };
}

/** index.html's #root, the splash inside it, up to the marker after it (client/index.html). */
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div><!--\/root-->/;

/** The server's markup of the first screen (client/src/server-render.tsx) and the path it was drawn for. */
export interface RenderedScreen {
  path: string;
  markup: string;
}

/**
 * The page with its first screen: the photo preloaded at high priority in the head, the data as
 * a JSON block (not a script: the CSP allows none inline) that client/src/lib/first-screen-data.ts
 * reads into the query cache before the first render, and the screen's markup in #root when the
 * server drew it (`data-vz-rendered` tells client/src/main.tsx to hydrate it, for that path only), with
 * the server's clock it was drawn at (the browser's hydration renders "now" as that: client/src/hooks/use-now.ts).
 */
export function pageWithFirstScreen(html: string, screen: FirstScreen | null, rendered: RenderedScreen | null = null, now?: Date): string {
  if (!screen) return html;
  if (rendered && ROOT_ELEMENT.test(html)) {
    const root = `<div id="root" data-vz-rendered="${escapeAttribute(rendered.path)}">${rendered.markup}</div>`;
    // The drawn screen paints on its own: the app's script starts after it (start-after-paint.ts).
    html = startScriptsAfterPaint(html.replace(ROOT_ELEMENT, () => root));
  }
  const preload = screen.lcpImage
    ? `<link rel="preload" as="image" fetchpriority="high" href="${escapeAttribute(screen.lcpImage)}">`
    : '';
  // '<' escaped, so no text in the data can close the element or open a comment.
  const data = JSON.stringify(superjson.serialize(now ? { queries: screen.queries, now } : { queries: screen.queries })).replace(/</g, '\\u003c');
  // Replacement functions: a '$' in the data ('R$ 15,00', "$'") must stay text, not a replacement pattern.
  return html
    .replace('</head>', () => `${preload}</head>`)
    .replace('</body>', () => `<script type="application/json" id="vz-first-screen">${data}</script></body>`);
}

/**
 * The client's page for any path the client router owns: index.html for that path (with its
 * screen preloads), plus the first screen's data and photo when the caller may have them, and
 * the screen drawn from that data when a renderer is given (the built one: first-screen-render.ts).
 */
export function servePage(deps: AppDeps, page: (requestPath: string) => string, renderer?: Promise<ScreenRenderer | null>): RequestHandler {
  const firstScreen = firstScreenData(deps);
  return async (req, res) => {
    let screen: FirstScreen | null = null;
    try {
      const answer = await firstScreen(req, res);
      if (answer === SEND_TO_SIGN_IN) {
        // It depends on the cookie: never stored. The service worker passes a redirect through, it keeps only pages.
        res.setHeader('Cache-Control', 'no-store');
        res.redirect(302, '/auth');
        return;
      }
      screen = answer;
    } catch (err) {
      // The page without its data is the page as before: the client asks for it.
      deps.logger.warn({ err, path: req.path }, 'first screen data failed');
    }
    let rendered: RenderedScreen | null = null;
    const now = deps.clock.now();
    // Only the address itself: a query string is the client's to parse.
    if (screen?.complete && renderer && !req.originalUrl.includes('?')) {
      try {
        const render = await renderer;
        const markup = render ? await render(req.path, screen.queries, now) : null;
        if (markup) rendered = { path: req.path, markup };
      } catch (err) {
        // Without markup the page is the page as before: the client draws it.
        deps.logger.warn({ err, path: req.path }, 'first screen render failed');
      }
    }
    // A page carrying someone's data is never stored (nor kept by the service worker as the offline shell).
    res.setHeader('Cache-Control', screen ? 'private, no-store' : 'no-cache');
    res.type('html').send(pageWithFirstScreen(page(req.path), screen, rendered, rendered ? now : undefined));
  };
}
