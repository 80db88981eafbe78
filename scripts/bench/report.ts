// The one shape every `npm run bench` section returns, and the Markdown it
// becomes. A line compares a figure with a baseline measured in the same run
// (the machine is noisy: the ratio means something, an absolute time does not).

export type BenchLine = {
  /** What was measured, e.g. "listings.list, 50 connections". */
  what: string;
  /** The app's figure, formatted with its unit, e.g. "3,100 req/s, p99 31 ms". */
  figure: string;
  /** The baseline measured in the same run, formatted, or "" when none applies. */
  baseline: string;
  /** figure / baseline in the direction of the target ("1.05x"), or "" when none. */
  ratio: string;
  /** The goal in words, e.g. "≥ 1.0x pgbench -M prepared, p99 ≤ 50 ms". */
  target: string;
  /** Whether the target was met in this run; null for a line shown for reference only (no target). */
  met: boolean | null;
  /**
   * Whether a cache answered what the line measured: the feed cache's hits and misses counted from
   * the app's answers, or that no cache stands in the path. Without it the section's `cache` is printed.
   */
  cache?: string;
};

export type BenchSection = {
  title: string;
  lines: BenchLine[];
  notes?: string[];
  /** Whether a cache answered, for every line of the section that does not say it itself. */
  cache?: string;
};

/** What the report prints for a line that says nothing about caches: visible, never a blank that reads as "none". */
export const CACHE_NOT_SAID = '**not said**';

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/** A line's target ratio as its target text writes it ('0.6x', '1.0x'). */
export function formatTargetRatio(ratio: number): string {
  return `${ratio.toFixed(1)}x`;
}

export function formatRatio(value: number): string {
  return Number.isFinite(value) ? `${value.toFixed(2)}x` : '—';
}

export function renderReport(sections: BenchSection[], header: string[] = []): string {
  const out: string[] = ['# npm run bench', '', ...header, ''];
  for (const section of sections) {
    out.push(`## ${section.title}`, '', '| what | figure | cache answered? | baseline (same run) | ratio | target | met |', '|---|---|---|---|---|---|---|');
    for (const line of section.lines) {
      const cache = line.cache ?? section.cache ?? CACHE_NOT_SAID;
      out.push(`| ${[line.what, line.figure, cache, line.baseline, line.ratio, line.target, line.met === null ? '—' : line.met ? 'yes' : '**no**'].map(escapeCell).join(' | ')} |`);
    }
    for (const note of section.notes ?? []) out.push('', note);
    out.push('');
  }
  const all = sections.flatMap((section) => section.lines).filter((line) => line.met !== null);
  out.push(`Targets met: ${all.filter((line) => line.met).length} of ${all.length}.`, '');
  return out.join('\n');
}
