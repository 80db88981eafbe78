// The first screen's markup, rendered by the server (issue 12; docs/decisions/013-first-screen.md,
// fifth pass). Built apart from the app (`vite build --ssr`, into dist/ssr) and loaded by the
// compiled server (server/src/http/first-screen-render.ts); main.tsx hydrates what it returns.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import { setCondoTimeZone } from '@vizinhanca/shared/format/format';
import { prerender } from 'react-dom/static';
import type { AppRouter as ServerRouter } from '../../server/src/router.ts';
import { App } from './app.tsx';
import { seedAnswers, type FirstScreenAnswer } from './lib/first-screen-data.ts';
import { trpc } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';

/** The server knows only what the page carries: every request the screen would make fails at once, nothing leaves the process. */
const noRequests: TRPCLink<ServerRouter> = () => () =>
  observable((observer) => observer.error(new TRPCClientError('Sem rede ao desenhar a página no servidor')));

/**
 * A query cache that never fetches: a guard or loader finds the page's answers (fresh or not: the
 * browser revalidates them), and anything else fails at once instead of being asked for here.
 */
function pageQueryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.fetchQuery = ((options: { queryKey: readonly unknown[] }) => {
    const data = client.getQueryData(options.queryKey);
    return data === undefined ? Promise.reject(new Error('Resposta ausente da página')) : Promise.resolve(data);
  }) as QueryClient['fetchQuery'];
  return client;
}

export interface RenderOptions {
  /** The condominium's time zone (CONDO_TIMEZONE), as the page's meta tag tells the browser. */
  timeZone: string;
  /** The server's clock when it made the page, sent with it: "now" for this render and the browser's hydration. */
  now: Date;
  /** Gives up (null) when it fires. */
  signal?: AbortSignal;
  /** Errors React met while rendering (the page is then served without markup). */
  onError?: (error: unknown) => void;
}

/**
 * The markup of the app at `path` (no query string) as the browser's first render will draw it from
 * the same answers, or null when that page would not be drawn as is: a redirect, a loader or guard
 * that needed something the page does not carry, an error while rendering.
 */
export async function renderFirstScreen(path: string, answers: readonly FirstScreenAnswer[], options: RenderOptions): Promise<string | null> {
  setCondoTimeZone(options.timeZone);
  const queryClient = pageQueryClient();
  const trpcClient = trpc.createClient({ links: [noRequests] });
  const queryUtils = createTRPCQueryUtils<ServerRouter>({ client: trpcClient, queryClient });
  seedAnswers(queryUtils, answers);
  const router = createAppRouter({ queryClient, queryUtils }, { history: createMemoryHistory({ initialEntries: [path] }), isServer: true });
  try {
    await router.load();
    const result = router._serverResult;
    if (result?.type !== 'render' || result.status !== 200 || router.state.location.pathname !== path) return null;
    if (!router.state.matches.every((match) => match.status === 'success')) return null;

    let failed = false;
    // prerender waits for every lazy piece (the screen, the root layout's banners), so the markup is whole.
    const { prelude } = await prerender(<App router={router} queryClient={queryClient} trpcClient={trpcClient} pageNow={options.now} />, {
      signal: options.signal,
      onError: (error) => {
        failed = true;
        options.onError?.(error);
      },
    });
    const html = await new Response(prelude).text();
    // The CSP allows no inline script: markup carrying one is not this app's first screen.
    return failed || options.signal?.aborted || html.includes('<script') ? null : html;
  } finally {
    queryClient.clear();
  }
}
