import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterChange, refreshAfterLiveEvent, type LiveChangedQuery } from './refresh-after-change.ts';

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

/** One procedure's queries as tRPC's utils reach them (its key prefix, the filters passed through). */
function procedureOf(client: QueryClient, prefix: unknown[]): LiveChangedQuery {
  return { invalidate: (_input, filters) => client.invalidateQueries({ ...filters, queryKey: prefix }) };
}

/**
 * A list whose first answer for a key is in flight when `events` live events announce a change
 * made elsewhere. Answers what it shows once every fetch settled, and how many fetches it made.
 */
async function liveEventsDuring(firstFetchInFlight: boolean, events: number) {
  const client = new QueryClient();
  const queryKey = ['orders', 'mine', { status: 'pending' }];
  let changed = false;
  let fetches = 0;
  const answers: (() => void)[] = [];
  const observer = new QueryObserver(client, {
    queryKey,
    queryFn: () => {
      fetches += 1;
      const read = changed ? 'after the change' : 'before the change';
      return new Promise<string>((resolve) => answers.push(() => resolve(read)));
    },
  });
  const unsubscribe = observer.subscribe(() => undefined);
  await Promise.resolve();
  if (!firstFetchInFlight) {
    for (const answer of answers.splice(0)) answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  changed = true; // Committed elsewhere; its events arrive now.
  for (let i = 0; i < events; i++) refreshAfterLiveEvent(procedureOf(client, ['orders', 'mine']));
  for (let round = 0; round < 5; round++) {
    for (const answer of answers.splice(0)) answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const data = client.getQueryData<string>(queryKey);
  unsubscribe();
  client.clear();
  return { data, fetches };
}

describe('refreshAfterLiveEvent', () => {
  it('reads the list once more after a first answer that was in flight when the event came', async () => {
    expect(await liveEventsDuring(true, 1)).toEqual({ data: 'after the change', fetches: 2 });
  });

  it('fetches once more for a burst of events, not once per event', async () => {
    expect(await liveEventsDuring(true, 5)).toEqual({ data: 'after the change', fetches: 2 });
  });

  it('is a plain refresh when nothing was in flight (one fetch, after the change)', async () => {
    expect(await liveEventsDuring(false, 1)).toEqual({ data: 'after the change', fetches: 2 });
  });
});
