// The baseline of the first-screen bundle line in `npm run bench` (scripts/bench/bundle.ts):
// the stack and nothing else. React + React DOM, TanStack Router with one route,
// TanStack Query, the tRPC React client with a batch link and superjson, one query.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { httpBatchLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/src/router.ts';

const trpc = createTRPCReact<AppRouter>();
const queryClient = new QueryClient();
const trpcClient = trpc.createClient({ links: [httpBatchLink({ url: '/trpc', transformer: superjson })] });

function Home() {
  const me = trpc.auth.me.useQuery();
  return createElement('main', null, createElement('h1', null, 'Vizinhança'), createElement('p', null, me.data ? me.data.fullName : 'Entrar'));
}

const rootRoute = createRootRoute();
const router = createRouter({ routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '/', component: Home })]) });

createRoot(document.getElementById('root')!).render(
  createElement(
    StrictMode,
    null,
    createElement(trpc.Provider, {
      client: trpcClient,
      queryClient,
      children: createElement(QueryClientProvider, { client: queryClient }, createElement(RouterProvider, { router })),
    }),
  ),
);
