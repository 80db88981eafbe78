// The first screen rendered by the server (docs/decisions/013-first-screen.md). Built apart from the
// app (`vite build --ssr`, into dist/ssr) and loaded by the compiled server (server/src/http/first-screen-render.ts);
// main.tsx seeds the answers it returns and hydrates its markup.
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { observable } from '@trpc/server/observable';
import type { FirstScreen, FirstScreenAnswer, ProcedureCall, RenderOptions } from '@vizinhanca/shared/first-screen/first-screen.types';
import { setCondoTimeZone } from '@vizinhanca/shared/format/format';
// The edge build, not Node's: Node's keeps its request in an AsyncLocalStorage, whose first use turns on
// promise hooks for the rest of the process, a tax on every later request the server answers.
import { prerender } from 'react-dom/static.edge';
import type { AppRouter as ServerRouter } from '../../server/src/router.ts';
import { App } from './app.tsx';
import { trpc } from './lib/trpc.ts';
import { createAppRouter } from './router.tsx';

/** Every request of the page's loaders and screens goes to the server's own procedures, in this process. */
function callerLink(call: ProcedureCall): TRPCLink<ServerRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        call(op.path, op.input).then(
          (data) => {
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          },
          (cause: unknown) => observer.error(TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause)))),
        );
      });
}

/** Resolves when no query of the client is fetching: the loaders' prefetches they did not wait for included. */
function fetchesSettled(client: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    const cache = client.getQueryCache();
    const unsubscribe = cache.subscribe(() => {
      if (client.isFetching() > 0) return;
      unsubscribe();
      resolve();
    });
    if (client.isFetching() === 0) {
      unsubscribe();
      resolve();
    }
  });
}

/** The promise, or a rejection once the signal fires (a hung loader cannot hold the page). */
function withinBudget<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(new Error('Tempo esgotado ao desenhar a página no servidor'));
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/** The answers the cache holds, as the browser's cache will take them (lib/first-screen-data.ts). */
function answersOf(client: QueryClient): FirstScreenAnswer[] {
  return client
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.status === 'success')
    .map((query) => ({ queryKey: query.queryKey, data: query.state.data }));
}

/**
 * The app at `url` as the browser's first render will draw it: its route's guards and loaders run here, on a
 * query cache of this page alone whose requests go to the server's procedures (options.call). A redirect is
 * the address the browser would end at; otherwise the answers the cache holds, and, without a query string,
 * the markup. Null when the page is not drawn as is: a loader or guard that failed, an unknown address, an
 * error while rendering, the time budget spent.
 */
export async function renderFirstScreen(url: string, options: RenderOptions): Promise<FirstScreen | null> {
  setCondoTimeZone(options.timeZone);
  const signal = AbortSignal.timeout(options.budgetMs);
  // No retries and nothing refetched while the page is made: one answer per query.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const trpcClient = trpc.createClient({ links: [callerLink(options.call)] });
  const queryUtils = createTRPCQueryUtils<ServerRouter>({ client: trpcClient, queryClient });
  const router = createAppRouter({ queryClient, queryUtils }, { history: createMemoryHistory({ initialEntries: [url] }), isServer: true });
  try {
    await withinBudget(router.load(), signal);
    const result = router._serverResult;
    if (result?.type === 'redirect') {
      const href = result.redirect.options.href;
      return typeof href === 'string' && href.startsWith('/') && !href.startsWith('//') ? { redirect: href } : null;
    }
    if (result?.type !== 'render' || result.status !== 200) return null;
    if (!router.state.matches.every((match) => match.status === 'success')) return null;
    // The root layout reads the session on every page, guarded or not.
    await withinBudget(Promise.all([queryUtils.auth.me.prefetch(), fetchesSettled(queryClient)]), signal);

    let markup: string | null = null;
    if (!url.includes('?')) {
      let failed = false;
      // prerender waits for every lazy piece (the screen, the root layout's banners), so the markup is whole.
      const { prelude } = await prerender(<App router={router} queryClient={queryClient} trpcClient={trpcClient} pageNow={options.now} />, {
        signal,
        // Every boundary inline, however long its content: outlining one needs an inline script the CSP refuses.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        onError: (error) => {
          failed = true;
          options.onError?.(error);
        },
      });
      const html = await new Response(prelude).text();
      // The CSP allows no inline script: markup carrying one is not this app's first screen.
      if (failed || signal.aborted || html.includes('<script')) return null;
      markup = html;
    }
    return { answers: answersOf(queryClient), markup };
  } finally {
    queryClient.clear();
  }
}
