import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterChange } from './refresh-after-change.ts';

/** A list whose first answer for a key is in flight when a change is made, then refreshed. */
async function refreshWhileFirstFetchInFlight(refresh: (client: QueryClient, queryKey: unknown[]) => Promise<unknown>) {
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

  changed = true; // The change is made while the first fetch is in flight.
  const refreshed = refresh(client, queryKey);
  for (const answer of answers.splice(0)) answer('');
  await new Promise((resolve) => setTimeout(resolve, 0));
  for (const answer of answers.splice(0)) answer('');
  await refreshed;
  const data = client.getQueryData<string>(queryKey);
  unsubscribe();
  client.clear();
  return data;
}

describe('refreshAfterChange', () => {
  it('reads the list after the change, even when its first answer for the key was still in flight', async () => {
    const data = await refreshWhileFirstFetchInFlight((client, queryKey) =>
      refreshAfterChange([{ cancel: () => client.cancelQueries({ queryKey }), invalidate: () => client.invalidateQueries({ queryKey }) }]),
    );
    expect(data).toBe('after the change');
  });

  it('is needed: a bare invalidation joins the fetch that started before the change', async () => {
    const data = await refreshWhileFirstFetchInFlight((client, queryKey) => client.invalidateQueries({ queryKey }));
    expect(data).toBe('before the change');
  });

  it('invalidates what else the change touched, after the lists were cancelled', async () => {
    const calls: string[] = [];
    const list = (name: string) => ({
      cancel: () => {
        calls.push(`cancel ${name}`);
        return Promise.resolve();
      },
      invalidate: () => {
        calls.push(`invalidate ${name}`);
        return Promise.resolve();
      },
    });
    await refreshAfterChange([list('mine'), list('feed')], () => [calls.push('counts')]);
    expect(calls).toEqual(['cancel mine', 'cancel feed', 'invalidate mine', 'invalidate feed', 'counts']);
  });
});
