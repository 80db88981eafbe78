import { lazyRouteComponent } from '@tanstack/react-router';

type Preloadable = { preload?: () => Promise<void> | undefined };

/**
 * Screens load in their own chunk (docs/decisions/013-first-screen.md): the first
 * screen downloads only what it shows. The router loads a route's chunk alongside
 * its loader and on a link's hover or touch (preload), through `preload`.
 */
export const lazyScreen = lazyRouteComponent;

/**
 * A route component that renders lazy screens inside (it passes them route params
 * or search): gives it their `preload`, so the router loads their chunks with the route.
 */
export function withScreens<C extends (props: never) => unknown>(component: C, ...screens: Preloadable[]): C & { preload: () => Promise<void> } {
  return Object.assign(component, {
    preload: () => Promise.all(screens.map((screen) => screen.preload?.())).then(() => undefined),
  });
}
