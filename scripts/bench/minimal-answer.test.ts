import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { bareFeedAnswer } from './minimal-answer.ts';

describe("the bare endpoint's answer", () => {
  // Rows as pg returns the feed's: text, numbers, nulls, arrays and timestamps as Dates.
  const rows = Array.from({ length: 4 }, (_, i) => ({
    id: `00000000-0000-4000-8000-00000000000${i}`,
    title: `Furadeira "${i}"`,
    price_cents: 1500 + i,
    rating: i % 2 ? null : 4.5,
    tags: ['bench', String(i)],
    published_at: new Date(Date.UTC(2026, 10, 28, 12, i)),
    expires_at: new Date(Date.UTC(2026, 11, 28, 12, i)),
  }));

  it('is the text superjson writes for the page, in the batch envelope, written by the app\'s writer', () => {
    const page = { items: rows.slice(0, 3), nextCursor: rows[2]!.id };
    expect(bareFeedAnswer(rows, 3)).toBe(`[{"result":{"data":${JSON.stringify(superjson.serialize(page))}}}]`);
    const parsed = JSON.parse(bareFeedAnswer(rows, 3)) as [{ result: { data: Parameters<typeof superjson.deserialize>[0] } }];
    expect(superjson.deserialize(parsed[0].result.data)).toEqual(page);
  });

  it('has no next cursor when it read no row past the page', () => {
    const parsed = JSON.parse(bareFeedAnswer(rows, 4)) as [{ result: { data: Parameters<typeof superjson.deserialize>[0] } }];
    expect(superjson.deserialize(parsed[0].result.data)).toEqual({ items: rows, nextCursor: null });
  });
});
