import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, useEffect } from 'react';
import { PageNowContext } from './hooks/use-now.ts';
import { trpc } from './lib/trpc.ts';
import { replayHeldBeforeStart } from './lib/typed-before-hydration.ts';
import type { AppRouter } from './router.tsx';

type TrpcClient = ReturnType<typeof trpc.createClient>;

/**
 * The app's tree (pageNow: the instant the server drew the page, hooks/use-now.ts), the same in the browser (main.tsx) and on the server (server-render.tsx):
 * hydration needs both sides to render exactly this (docs/decisions/013-first-screen.md).
 */
export function App({ router, queryClient, trpcClient, pageNow = null }: { router: AppRouter; queryClient: QueryClient; trpcClient: TrpcClient; pageNow?: Date | null }) {
  useEffect(() => {
    // A task later: the typed values are in the screens' state by then (lib/typed-before-hydration.ts).
    const timer = setTimeout(replayHeldBeforeStart, 0);
    return () => clearTimeout(timer);
  }, []);
  return (
    <StrictMode>
      <PageNowContext value={pageNow}>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </trpc.Provider>
      </PageNowContext>
    </StrictMode>
  );
}
