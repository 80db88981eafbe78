import { useSyncExternalStore } from 'react';

const neverChanges = () => () => undefined;

/**
 * False on the server and while a drawn page is being hydrated, true once the browser renders on its own:
 * what only the browser knows (its address, its share sheet) is drawn from then, so both sides first agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
