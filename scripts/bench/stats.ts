// Latency and rate figures for the bench: nearest-rank percentiles over every
// sample (no sampling, no histogram buckets), formatted the same way everywhere.

export type LoadSummary = {
  requests: number;
  errors: number;
  durationMs: number;
  /** Successful requests per second. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
};

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('no readings');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each pair's ratio (`of` / `to`), their median and their spread. */
export function ratiosOfPairs(pairs: readonly { of: number; to: number }[]): { each: number[]; median: number; lowest: number; highest: number } {
  const each = pairs.map((pair) => pair.of / pair.to);
  if (each.length === 0) throw new Error('no pairs');
  return { each, median: median(each), lowest: Math.min(...each), highest: Math.max(...each) };
}

/** `items` cut into `count` consecutive slices of (nearly) equal length, none shared: rounds that must not meet each other's requests. */
export function disjointSlices<T>(items: readonly T[], count: number): T[][] {
  if (count < 1) throw new Error('at least one slice');
  const size = Math.floor(items.length / count);
  return Array.from({ length: count }, (_, i) => items.slice(i * size, i === count - 1 ? items.length : (i + 1) * size));
}

/** Nearest-rank percentile (p in 0-100) of samples already sorted ascending; NaN when there are none. */
export function percentileOfSorted(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Requests per second and p50/p95/p99 of successful requests' latencies (ms). */
export function summarize(latenciesMs: readonly number[], errors: number, durationMs: number): LoadSummary {
  const sorted = Float64Array.from(latenciesMs).sort();
  const values = Array.from(sorted);
  return {
    requests: latenciesMs.length + errors,
    errors,
    durationMs,
    rps: durationMs > 0 ? (latenciesMs.length * 1000) / durationMs : 0,
    p50: percentileOfSorted(values, 50),
    p95: percentileOfSorted(values, 95),
    p99: percentileOfSorted(values, 99),
  };
}

const thousands = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatRate(value: number, unit = 'req/s'): string {
  return `${thousands.format(value)} ${unit}`;
}

export function formatMs(value: number): string {
  if (!Number.isFinite(value)) return '—';
  return value < 10 ? `${value.toFixed(1)} ms` : `${thousands.format(value)} ms`;
}

export function formatMiB(bytes: number): string {
  return `${thousands.format(bytes / 1024 / 1024)} MiB`;
}

/** "1,234 req/s, p50 3.1 ms, p95 9.0 ms, p99 14 ms" */
export function describeRate(summary: LoadSummary): string {
  return `${formatRate(summary.rps)}, p50 ${formatMs(summary.p50)}, p95 ${formatMs(summary.p95)}, p99 ${formatMs(summary.p99)}`;
}

/** "1,234 req/s, p50 3.1 ms, p95 9.0 ms, p99 14 ms, 0 errors" */
export function describeLoad(summary: LoadSummary): string {
  return `${describeRate(summary)}, ${summary.errors} error${summary.errors === 1 ? '' : 's'}`;
}
