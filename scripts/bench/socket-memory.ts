import { median } from './stats.ts';
// Memory per idle socket on the production process, from what that process shows: its mappings'
// resident pages (/proc/<pid>/smaps) and V8's own account of its heap, read from the app's /metrics
// (prom-client's default metrics, what an operator scrapes). No extra node flag; the bench runs a
// full collection before each state's readings (collect-garbage.ts), so garbage of the loads before
// does not count, nor its collection pull the figure down.
//
// Why not plain rss: with --max-semi-space-size=64 the resident pages of V8's young generation
// swing by up to 128 MiB with the last seconds' allocation (a 5 s feed load took an idle app with
// no socket from 180 to 298 MiB), and V8 gives them back only when it chooses; from outside, its
// committed size says nothing of how much of it is resident (64 -> 128 MiB committed while rss
// grew 57). So V8's pages are counted by what they hold outside the young generation (its used
// bytes, garbage included), and everything else resident (malloc'd native memory: sockets'
// handles and buffers, code, stacks) as it is. The young generation's used bytes are added for
// an upper bound: the figure counting all of them as the sockets'.

/** One reading of the process. Bytes. */
export interface MemoryReading {
  /** VmRSS (the sum of every mapping's resident pages). */
  rss: number;
  /**
   * Resident pages of V8's heap: anonymous read-write mappings a multiple of its 256 KiB page in
   * size, except those starting on a 64 MiB boundary (glibc's malloc arenas, which may be such a
   * multiple too; a V8 page there by chance counts as native, against the sockets).
   */
  v8Pages: number;
  /** V8's used bytes in every space. */
  heapUsed: number;
  /** V8's used bytes in the young generation (new space: live objects not yet promoted, and garbage). */
  youngUsed: number;
}

const V8_PAGE = 256 * 1024;
const MALLOC_ARENA_ALIGNMENT = 64n * 1024n * 1024n;

/** rss and the resident pages of V8's heap, from a /proc/<pid>/smaps text. */
export function residentOf(smapsText: string): { rss: number; v8Pages: number } {
  let rss = 0;
  let v8Pages = 0;
  let heapMapping = false;
  for (const line of smapsText.split('\n')) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const start = BigInt(`0x${mapping[1]!}`);
      const size = Number(BigInt(`0x${mapping[2]!}`) - start);
      heapMapping = mapping[3] === 'rw-p' && mapping[4] === '' && size % V8_PAGE === 0 && start % MALLOC_ARENA_ALIGNMENT !== 0n;
      continue;
    }
    const resident = /^Rss:\s+(\d+) kB$/.exec(line);
    if (!resident) continue;
    const bytes = Number(resident[1]) * 1024;
    rss += bytes;
    if (heapMapping) v8Pages += bytes;
  }
  return { rss, v8Pages };
}

/** A reading from a /metrics text (prom-client's default metrics under `prefix`) and the process's smaps text. */
export function readingOf(metricsText: string, smapsText: string, prefix = 'vizinhanca_'): MemoryReading {
  const value = (name: string) => {
    const line = metricsText.split('\n').find((candidate) => candidate.startsWith(`${prefix}${name} `));
    const parsed = line === undefined ? Number.NaN : Number(line.slice(line.lastIndexOf(' ') + 1));
    if (!Number.isFinite(parsed)) throw new Error(`/metrics has no ${prefix}${name}`);
    return parsed;
  };
  return { ...residentOf(smapsText), heapUsed: value('nodejs_heap_size_used_bytes'), youngUsed: value('nodejs_heap_space_size_used_bytes{space="new"}') };
}


/** What the process holds outside V8's young generation: resident memory besides V8's pages, plus V8's used bytes outside the young generation. */
export const heldOutsideYoung = (reading: MemoryReading) => reading.rss - reading.v8Pages + (reading.heapUsed - reading.youngUsed);
const range = (values: number[]) => Math.max(...values) - Math.min(...values);

/** Bytes per socket between two sets of readings (the same process, before and after `sockets` more opened). */
export interface SocketMemory {
  sockets: number;
  /** Median held outside the young generation, after minus before, per socket. */
  perSocket: number;
  /** The same, counting every used byte of the young generation after as the sockets' (and none before). */
  upperBound: number;
  /** How far the readings of each side moved among themselves, per socket (both sides added). */
  noise: number;
  /** Median plain rss, after minus before, per socket (V8's resident pages as they are). */
  plainRss: number;
}

export function socketMemory(before: MemoryReading[], after: MemoryReading[], sockets: number): SocketMemory {
  if (sockets <= 0) throw new Error('no sockets opened');
  const grown = median(after.map(heldOutsideYoung)) - median(before.map(heldOutsideYoung));
  return {
    sockets,
    perSocket: grown / sockets,
    upperBound: (grown + median(after.map((reading) => reading.youngUsed))) / sockets,
    noise: (range(before.map(heldOutsideYoung)) + range(after.map(heldOutsideYoung))) / sockets,
    plainRss: (median(after.map((reading) => reading.rss)) - median(before.map((reading) => reading.rss))) / sockets,
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The figure as the report prints it; a fall is said as such, never as a figure. */
export function describeSocketMemory(figure: SocketMemory): string {
  const detail = `readings ±${kib(figure.noise)}; counting the young generation's used bytes too ${kib(figure.upperBound)}; plain rss ${kib(figure.plainRss)}`;
  if (figure.perSocket <= 0) return `no figure: the memory held outside the young generation fell while the sockets opened (${detail})`;
  return `${kib(figure.perSocket)} (${detail})`;
}

/**
 * Met only when the figure stands clear of the readings' own noise and of the young generation:
 * the figure plus its noise, and the upper bound, are both within the target. A fall is not met.
 */
export function socketMemoryMet(figure: SocketMemory, targetBytes: number): boolean {
  return figure.perSocket > 0 && figure.perSocket + figure.noise <= targetBytes && figure.upperBound <= targetBytes;
}
