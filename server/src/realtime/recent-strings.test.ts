import { describe, expect, it } from 'vitest';
import { RecentStrings } from './recent-strings.ts';

describe('recent strings', () => {
  it('keeps the last ones added, forgetting the oldest', () => {
    const recent = new RecentStrings(3);
    for (const value of ['a', 'b', 'c', 'd']) recent.add(value);
    expect(recent.values().sort()).toEqual(['b', 'c', 'd']);
    expect(recent.has('a')).toBe(false);
  });

  it('a value forgotten by hand leaves no slot behind that would later forget it again', () => {
    const recent = new RecentStrings(3);
    recent.add('a');
    recent.add('b');
    recent.delete('a');
    recent.delete('missing');
    expect(recent.has('a')).toBe(false);
    expect(recent.size).toBe(1);
    recent.add('a');
    recent.add('c');
    // The ring went round once: its first slot (where 'a' was first) is reused, and the later 'a' stays.
    recent.add('d');
    expect(recent.values().sort()).toEqual(['a', 'c', 'd']);
  });
});
