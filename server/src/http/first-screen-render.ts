import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { TRPCError } from '@trpc/server';
import type { FirstScreen, ProcedureCall, RenderFirstScreen } from '@vizinhanca/shared/first-screen/first-screen.types';
import type { AppDeps, Context } from '../context.ts';
import { PROJECT_ROOT } from '../paths.ts';
import { appRouter } from '../router.ts';
import { createCallerFactory } from '../trpc.ts';

/**
 * The first screen of a page (its route loaders' answers and markup, or where it redirects), or null when
 * it is not drawn on the server (docs/decisions/013-first-screen.md).
 */
export type ScreenRenderer = (url: string, call: ProcedureCall, now: Date) => Promise<FirstScreen | null>;

/** What client/src/server-render.tsx exports (built by `npm run build` into dist/ssr). */
export interface ServerRenderModule {
  renderFirstScreen: RenderFirstScreen;
}

export const SERVER_RENDER_MODULE = path.join(PROJECT_ROOT, 'dist/ssr/server-render.js');

/**
 * Past this, the page goes without its first screen (the shell, as the app draws it) rather than wait for a
 * loader that hangs: the first screen is a head start, not the page.
 */
export const RENDER_BUDGET_MS = 3000;

const createCaller = createCallerFactory(appRouter);
/** Every procedure by its dotted path ('listings.byId'). */
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } } | undefined>;

/**
 * The page's loaders ask the app router directly, as the request's own caller: the same middleware, access
 * checks, input and output schemas as their HTTP requests. Queries only: a page being made changes nothing.
 */
export function callerFor(ctx: Context): ProcedureCall {
  const caller = createCaller(ctx, {
    onError: ({ error, path: procedure }) => {
      if (error.code === 'INTERNAL_SERVER_ERROR') ctx.deps.logger.error({ err: error.cause ?? error, procedure }, 'first screen query failed');
    },
  });
  return async (procedurePath, input) => {
    if (procedures[procedurePath]?._def.type !== 'query') throw new TRPCError({ code: 'NOT_FOUND', message: `Sem consulta ${procedurePath}` });
    const procedure = procedurePath.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
    return (procedure as (input: unknown) => Promise<unknown>)(input);
  };
}

/** The renderer over a loaded server-render module: the condominium's time zone, a time budget, errors logged. */
export function screenRenderer(deps: AppDeps, module: ServerRenderModule, budgetMs = RENDER_BUDGET_MS): ScreenRenderer {
  return (url, call, now) =>
    module.renderFirstScreen(url, {
      call,
      timeZone: deps.config.CONDO_TIMEZONE,
      now,
      budgetMs,
      onError: (err) => deps.logger.warn({ err, url }, 'first screen render failed'),
    });
}

/** The sign-in page for nobody signed in: the warm-up render needs no database. */
const signedOut: ProcedureCall = (procedurePath) =>
  procedurePath === 'auth.me' ? Promise.resolve(null) : Promise.reject(new TRPCError({ code: 'UNAUTHORIZED' }));

/**
 * The built renderer, if the build made one: loaded once, and warmed with the sign-in page (its first
 * render imports the screen's chunks, ~0.4 s) before it answers a request. Without it, pages go as before.
 */
export function loadScreenRenderer(deps: AppDeps, file = SERVER_RENDER_MODULE): Promise<ScreenRenderer | null> {
  if (!existsSync(file)) return Promise.resolve(null);
  return import(pathToFileURL(file).href).then(
    async (module: ServerRenderModule) => {
      const render = screenRenderer(deps, module);
      await render('/auth', signedOut, deps.clock.now()).catch(() => null);
      return render;
    },
    (err: unknown) => {
      deps.logger.error({ err, file }, 'first screen renderer failed to load');
      return null;
    },
  );
}
