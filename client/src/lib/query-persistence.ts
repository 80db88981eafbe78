/**
 * Offline reading (saved-query-cache.ts keeps and restores the answers): what the
 * offline banner and signing out need, small enough for the first screen.
 */
export const STORAGE_KEY = 'vz-query-cache-v1';

let lastSavedAt: number | null = null;
const listeners = new Set<() => void>();

/** When the data on screen was last saved from the server (null before the first save). */
export function lastSyncedAt(): number | null {
  return lastSavedAt;
}

export function subscribeToSync(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setLastSaved(at: number | null) {
  lastSavedAt = at;
  for (const listener of listeners) listener();
}

/** Signing out: nothing of this person stays on the device. */
export function clearPersistedQueryCache(): void {
  localStorage.removeItem(STORAGE_KEY);
  setLastSaved(null);
}
