import { describe, expect, it } from 'vitest';
import { median } from './stats.ts';
import { describeSocketMemory, heldOutsideYoung, readingOf, residentOf, socketMemory, socketMemoryMet } from './socket-memory.ts';

const MiB = 1024 * 1024;
const KiB = 1024;
// A reading whose held-outside-young is `heldMiB`: rss with no V8 pages, all of the heap used outside the young generation counted once.
const reading = (rssMiB: number, youngUsedMiB = 0, v8PagesMiB = 0, heapUsedMiB = youngUsedMiB) => ({ rss: rssMiB * MiB, v8Pages: v8PagesMiB * MiB, heapUsed: heapUsedMiB * MiB, youngUsed: youngUsedMiB * MiB });

const SMAPS = [
  '55c3d1010000-55c3d1012000 r--p 00000000 fe:00 260386                     /usr/bin/node',
  'Size:                  8 kB',
  'Rss:                   8 kB',
  'Pss:                   8 kB',
  // One V8 page (256 KiB), anonymous read-write.
  '3c1a00040000-3c1a00080000 rw-p 00000000 00:00 0 ',
  'Rss:                 200 kB',
  // Two V8 pages merged into one mapping (512 KiB).
  '3c1b00040000-3c1b000c0000 rw-p 00000000 00:00 0 ',
  'Rss:                 512 kB',
  // The brk heap (malloc) and a malloc arena's read-write part (on a 64 MiB boundary, 27 x 256 KiB): native.
  '1a39d000-1a39e000 rw-p 00000000 00:00 0                                  [heap]',
  'Rss:                   4 kB',
  '7fe7f4000000-7fe7f46c0000 rw-p 00000000 00:00 0 ',
  'Rss:                1736 kB',
  // A read-only anonymous mapping of 256 KiB is not V8's heap.
  '7fe800000000-7fe800040000 r--p 00000000 00:00 0 ',
  'Rss:                  64 kB',
].join('\n');

describe('residentOf', () => {
  it("sums every mapping's resident pages, and apart V8's: anonymous read-write mappings a multiple of 256 KiB, not malloc's arenas", () => {
    expect(residentOf(SMAPS)).toEqual({ rss: (8 + 200 + 512 + 4 + 1736 + 64) * KiB, v8Pages: (200 + 512) * KiB });
  });
});

describe('readingOf', () => {
  const metrics = [
    '# HELP vizinhanca_nodejs_heap_size_used_bytes Process heap size used from Node.js in bytes.',
    'vizinhanca_nodejs_heap_size_used_bytes 37616432',
    'vizinhanca_nodejs_heap_space_size_used_bytes{space="new_large_object"} 0',
    'vizinhanca_nodejs_heap_space_size_used_bytes{space="new"} 850816',
    'vizinhanca_nodejs_heap_space_size_used_bytes{space="old"} 30275320',
  ].join('\n');

  it("reads V8's used bytes, all and the young generation's (not its large objects'), and the mappings", () => {
    expect(readingOf(metrics, SMAPS)).toEqual({ rss: 2524 * KiB, v8Pages: 712 * KiB, heapUsed: 37616432, youngUsed: 850816 });
  });

  it('refuses a text without them (another prefix, or metrics off)', () => {
    expect(() => readingOf(metrics, SMAPS, 'other_')).toThrow(/other_nodejs_heap_size_used_bytes/);
    expect(() => readingOf('', SMAPS)).toThrow(/no vizinhanca_/);
  });
});

describe('heldOutsideYoung', () => {
  it("is rss without V8's pages, plus V8's used bytes outside the young generation", () => {
    expect(heldOutsideYoung(reading(300, 40, 200, 100))).toBe((300 - 200 + (100 - 40)) * MiB);
  });
});

describe('median', () => {
  it('takes the middle reading, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });
});

describe('socketMemory', () => {
  it('divides the growth held outside the young generation by the sockets opened', () => {
    // Held outside young: 100 -> 150 MiB; V8's resident pages grew from 50 to 150 MiB meanwhile (the young generation's, traffic not sockets).
    const before = [reading(150, 4, 50, 4), reading(151, 4, 50, 4), reading(150, 4, 50, 4)];
    const after = [reading(300, 10, 150, 10), reading(300, 10, 150, 10), reading(300, 10, 150, 10)];
    const figure = socketMemory(before, after, 5_000);
    expect(figure.perSocket).toBeCloseTo(((150 - 100) * MiB) / 5_000);
    expect(figure.plainRss).toBeCloseTo(((300 - 150) * MiB) / 5_000);
    expect(figure.upperBound).toBeCloseTo(((150 - 100 + 10) * MiB) / 5_000);
    expect(figure.noise).toBeCloseTo((1 * MiB) / 5_000);
  });

  it('uses the median of each side, so one reading taken mid-collection does not move it', () => {
    const before = [reading(100), reading(100), reading(300)];
    const after = [reading(110), reading(10), reading(110)];
    expect(socketMemory(before, after, 1_000).perSocket).toBeCloseTo((10 * MiB) / 1_000);
  });

  it('refuses a step that opened no socket', () => {
    expect(() => socketMemory([reading(1)], [reading(1)], 0)).toThrow();
  });
});

describe('describeSocketMemory and socketMemoryMet', () => {
  const figure = (perSocketKiB: number, noiseKiB = 0, upperKiB = perSocketKiB) => ({ sockets: 5_000, perSocket: perSocketKiB * KiB, noise: noiseKiB * KiB, upperBound: upperKiB * KiB, plainRss: perSocketKiB * KiB });

  it('says a fall as such, never as a figure, and never met', () => {
    expect(describeSocketMemory(figure(-2))).toMatch(/^no figure: the memory held outside the young generation fell/);
    expect(socketMemoryMet(figure(-2), 15 * KiB)).toBe(false);
    expect(socketMemoryMet(figure(0), 15 * KiB)).toBe(false);
  });

  it('prints the figure with its noise, its upper bound and the plain rss', () => {
    expect(describeSocketMemory(figure(9.25, 1, 11))).toBe('9.3 KiB (readings ±1.0 KiB; counting the young generation\'s used bytes too 11.0 KiB; plain rss 9.3 KiB)');
  });

  it('is met only when the figure plus its noise and the upper bound are within the target', () => {
    expect(socketMemoryMet(figure(9, 1, 11), 15 * KiB)).toBe(true);
    expect(socketMemoryMet(figure(14, 2, 14), 15 * KiB)).toBe(false);
    expect(socketMemoryMet(figure(9, 1, 16), 15 * KiB)).toBe(false);
    expect(socketMemoryMet(figure(15, 0, 15), 15 * KiB)).toBe(true);
  });
});
