import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AppDeps } from '../context.ts';
import { PROJECT_ROOT } from '../paths.ts';
import type { FirstScreenQuery } from './first-screen-data.ts';

/**
 * The first screen's markup for a page and the answers it carries, or null when it is not drawn on
 * the server (docs/decisions/013-first-screen.md, fifth pass).
 */
export type ScreenRenderer = (requestPath: string, queries: readonly FirstScreenQuery[], now: Date) => Promise<string | null>;

/** What client/src/server-render.tsx exports (built by `npm run build` into dist/ssr). */
export interface ServerRenderModule {
  renderFirstScreen(
    path: string,
    answers: readonly FirstScreenQuery[],
    options: { timeZone: string; now: Date; signal?: AbortSignal; onError?: (error: unknown) => void },
  ): Promise<string | null>;
}

export const SERVER_RENDER_MODULE = path.join(PROJECT_ROOT, 'dist/ssr/server-render.js');

/** Past this, the page goes without markup (as before) rather than wait: the markup is a head start, not the page. */
const RENDER_TIMEOUT_MS = 1500;

/** The renderer over a loaded server-render module: the condominium's time zone, a time limit, errors logged. */
export function screenRenderer(deps: AppDeps, module: ServerRenderModule): ScreenRenderer {
  return (requestPath, queries, now) =>
    module.renderFirstScreen(requestPath, queries, {
      timeZone: deps.config.CONDO_TIMEZONE,
      now,
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      onError: (err) => deps.logger.warn({ err, path: requestPath }, 'first screen render failed'),
    });
}

/**
 * The built renderer, if the build made one: loaded once, and warmed with the sign-in page (its first
 * render imports the screen's chunks, ~0.4 s) before it answers a request. Without it, pages go as before.
 */
export function loadScreenRenderer(deps: AppDeps, file = SERVER_RENDER_MODULE): Promise<ScreenRenderer | null> {
  if (!existsSync(file)) return Promise.resolve(null);
  return import(pathToFileURL(file).href).then(
    async (module: ServerRenderModule) => {
      const render = screenRenderer(deps, module);
      await render('/auth', [{ path: 'auth.me', data: null }], deps.clock.now()).catch(() => null);
      return render;
    },
    (err: unknown) => {
      deps.logger.error({ err, file }, 'first screen renderer failed to load');
      return null;
    },
  );
}
