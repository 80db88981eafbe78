import { describe, expect, it } from 'vitest';
import { alternateSerialisers } from './serialise-ab.ts';

describe('the serialisers A/B', () => {
  it('times both over the same pages and says whether their texts agree', () => {
    const page = { items: [{ id: 'a', publishedAt: new Date(0), tags: ['x'] }], nextCursor: null };
    const result = alternateSerialisers([page, page], 3);
    expect(result.same).toBe(true);
    expect(result.superjsonUs).toBeGreaterThan(0);
    expect(result.superjsonTextUs).toBeGreaterThan(0);
    // A page superjson writes with a back-reference (the same Date twice) is still the same text (superjsonText hands it over).
    const shared = new Date(1);
    expect(alternateSerialisers([{ a: shared, b: shared }], 1).same).toBe(true);
  });
});
