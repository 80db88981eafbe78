import { performance } from 'node:perf_hooks';
import superjson from 'superjson';
import { superjsonText } from '../../server/src/http/superjson-text.ts';

/**
 * superjson's text against superjsonText's for the same pages, back to back: rounds alternate
 * which goes first, so a busy machine slows both alike. Microseconds of wall time per page,
 * and whether every text was the same.
 */
export function alternateSerialisers(pages: readonly unknown[], rounds: number): { superjsonUs: number; superjsonTextUs: number; same: boolean } {
  const times = { superjson: 0, text: 0 };
  const same = pages.every((page) => superjsonText(page) === JSON.stringify(superjson.serialize(page)));
  const runs = {
    superjson: () => {
      for (const page of pages) JSON.stringify(superjson.serialize(page));
    },
    text: () => {
      for (const page of pages) superjsonText(page);
    },
  };
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['superjson', 'text'] as const) : (['text', 'superjson'] as const);
    for (const name of order) {
      const started = performance.now();
      runs[name]();
      times[name] += performance.now() - started;
    }
  }
  const perPage = (ms: number) => (ms * 1000) / (rounds * pages.length);
  return { superjsonUs: perPage(times.superjson), superjsonTextUs: perPage(times.text), same };
}
