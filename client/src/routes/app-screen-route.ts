import { createRoute, type RouteComponent } from '@tanstack/react-router';
import type { QueryUtils } from '../lib/trpc.ts';
import { appLayoutRoute } from './app-layout.tsx';

/**
 * A screen under the app layout whose loader only warms its queries, all at once, so the
 * screen opens with its data (its chunk loads alongside, see lib/lazy-screen.ts).
 */
export function appScreenRoute<const Path extends string>(path: Path, component: RouteComponent, prefetch: (utils: QueryUtils) => Promise<unknown>[]) {
  return createRoute({
    getParentRoute: () => appLayoutRoute,
    path,
    loader: ({ context }) => Promise.all(prefetch(context.queryUtils)),
    component,
  });
}
