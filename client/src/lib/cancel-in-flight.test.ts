import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cancelInFlight } from './cancel-in-flight.ts';

/** A list whose first answer for a key is in flight when a change is made, refreshed as the admin hooks do. */
async function refreshWhileFirstFetchInFlight(cancelFirst: boolean) {
  const client = new QueryClient();
  const queryKey = ['pending', { search: 'bolo' }];
  let changed = false;
  const answers: ((value: string) => void)[] = [];
  const observer = new QueryObserver(client, {
    queryKey,
    // Each fetch reads the state when it starts, and answers when the test lets it.
    queryFn: () => {
      const read = changed ? 'after the change' : 'before the change';
      return new Promise<string>((resolve) => answers.push(() => resolve(read)));
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  await Promise.resolve();
  expect(answers).toHaveLength(1);

  changed = true; // The decision is made while the first fetch is in flight.
  if (cancelFirst) await cancelInFlight({ cancel: () => client.cancelQueries({ queryKey }) });
  const refreshed = client.invalidateQueries({ queryKey });
  for (const answer of answers.splice(0)) answer('');
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const answer of answers.splice(0)) answer('');
  await refreshed;
  const data = client.getQueryData<string>(queryKey);
  unsubscribe();
  client.clear();
  return data;
}

describe('cancelInFlight', () => {
  it('makes the refresh after a change read after it, even when the first answer for the key was still in flight', async () => {
    expect(await refreshWhileFirstFetchInFlight(true)).toBe('after the change');
  });

  it('is needed: without it, the invalidation joins the fetch that started before the change', async () => {
    expect(await refreshWhileFirstFetchInFlight(false)).toBe('before the change');
  });
});
