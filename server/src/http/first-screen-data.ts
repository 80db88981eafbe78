import type { RequestHandler } from 'express';
import type { FirstScreen } from '@vizinhanca/shared/first-screen/first-screen.types';
import superjson from 'superjson';
import { createContext, type AppDeps } from '../context.ts';
import { callerFor, type ScreenRenderer } from './first-screen-render.ts';
import { escapeAttribute } from './html-attribute.ts';
import { startScriptsAfterPaint } from './start-after-paint.ts';

/** index.html's #root, the splash inside it, up to the marker after it (client/index.html). */
const ROOT_ELEMENT = /<div id="root">[\s\S]*?<\/div><!--\/root-->/;

/** The first photo the screen asks for at high priority (the first card's, the gallery's first): the largest paint. */
const LCP_IMAGE = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i;

function lcpImage(markup: string): string | null {
  const tag = LCP_IMAGE.exec(markup)?.[0];
  return tag ? (/\bsrc="([^"]*)"/.exec(tag)?.[1] ?? null) : null;
}

/** A page's answers and the markup drawn from them (see FirstScreen). */
export type PageScreen = Exclude<FirstScreen, { redirect: string }>;

/**
 * The page with its first screen: the answers as a JSON block (not a script: the CSP allows none inline)
 * that client/src/lib/first-screen-data.ts reads into the query cache before the first render, and, when
 * the server drew it, the markup in #root (`data-vz-rendered` tells client/src/main.tsx to hydrate it, for
 * that path only) with its largest photo preloaded at high priority in the head, exactly as the <img> asks
 * for it, and the server's clock it was drawn at (the browser's hydration renders "now" as that:
 * client/src/hooks/use-now.ts).
 */
export function pageWithFirstScreen(html: string, screen: PageScreen | null, requestPath: string, now: Date): string {
  if (!screen) return html;
  const markup = screen.markup !== null && ROOT_ELEMENT.test(html) ? screen.markup : null;
  let preload = '';
  if (markup !== null) {
    const root = `<div id="root" data-vz-rendered="${escapeAttribute(requestPath)}">${markup}</div>`;
    // The drawn screen paints on its own: the app's script starts after it (start-after-paint.ts).
    html = startScriptsAfterPaint(html.replace(ROOT_ELEMENT, () => root));
    // Already escaped as an attribute by React.
    const photo = lcpImage(markup);
    if (photo) preload = `<link rel="preload" as="image" fetchpriority="high" href="${photo}">`;
  }
  // '<' escaped, so no text in the data can close the element or open a comment.
  const data = JSON.stringify(superjson.serialize(markup !== null ? { answers: screen.answers, now } : { answers: screen.answers })).replace(/</g, '\\u003c');
  // Replacement functions: a '$' in the data ('R$ 15,00', "$'") must stay text, not a replacement pattern.
  return html
    .replace('</head>', () => `${preload}</head>`)
    .replace('</body>', () => `<script type="application/json" id="vz-first-screen">${data}</script></body>`);
}

/**
 * The client's page for any path the client router owns: index.html for that path (with its screen
 * preloads), and, when a renderer is given (the built one: first-screen-render.ts), what the page's own
 * route loaders and guards make of it on the server with the caller's session: a redirect where the app
 * would send the browser elsewhere, or the page with its answers and drawn screen. Anything failing or
 * slower than the renderer's budget: the page as before, which the app draws itself.
 */
export function servePage(deps: AppDeps, page: (requestPath: string) => string, renderer?: Promise<ScreenRenderer | null>): RequestHandler {
  return async (req, res) => {
    const now = deps.clock.now();
    let screen: FirstScreen | null = null;
    try {
      const render = renderer ? await renderer : null;
      if (render) {
        const ctx = await createContext(deps, req, (header) => res.append('Set-Cookie', header), 'http');
        screen = await render(req.originalUrl, callerFor(ctx), now);
      }
    } catch (err) {
      // Without it the page is the page as before: the client draws it.
      deps.logger.warn({ err, path: req.path }, 'first screen render failed');
    }
    // The same address back would be a loop: the app's to sort out.
    if (screen && 'redirect' in screen && screen.redirect === req.originalUrl) screen = null;
    if (screen && 'redirect' in screen) {
      // It depends on the cookie: never stored. The service worker passes a redirect through, it keeps only pages.
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, screen.redirect);
      return;
    }
    // A page carrying someone's data or a drawn screen is never stored (nor kept by the service worker as the offline shell).
    res.setHeader('Cache-Control', screen ? 'private, no-store' : 'no-cache');
    res.type('html').send(pageWithFirstScreen(page(req.path), screen, req.path, now));
  };
}
