import { describe, expect, it } from 'vitest';
import { CACHE_NOT_SAID, formatRatio, formatTargetRatio, renderReport } from './report.ts';

describe('bench report', () => {
  it('renders one table per section and counts only lines with a target', () => {
    const markdown = renderReport(
      [
        {
          title: 'Feed',
          lines: [
            { what: 'listings.list', figure: '900 req/s', cache: 'feed cache: 100% hits', baseline: '1,000 tps', ratio: formatRatio(0.9), target: '≥ 1.0x', met: false },
            { what: 'minimal | endpoint', figure: '1,200 req/s', baseline: '', ratio: '', target: '', met: null },
          ],
          notes: ['Captured SQL: 2 statements.'],
          cache: 'no cache in the path',
        },
      ],
      ['Run on 2 cores.'],
    );
    expect(markdown).toContain('| what | figure | cache answered? | baseline (same run) | ratio | target | met |');
    expect(markdown).toContain('| listings.list | 900 req/s | feed cache: 100% hits | 1,000 tps | 0.90x | ≥ 1.0x | **no** |');
    // A line that does not say takes its section's word.
    expect(markdown).toContain('| minimal \\| endpoint | 1,200 req/s | no cache in the path |  |  |  | — |');
    expect(markdown).toContain('Captured SQL: 2 statements.');
    expect(markdown).toContain('Targets met: 0 of 1.');
    expect(formatRatio(Number.NaN)).toBe('—');
    // Targets keep the one decimal the issue writes them with.
    expect([formatTargetRatio(0.6), formatTargetRatio(1)]).toEqual(['0.6x', '1.0x']);
  });

  it('says so where neither the line nor its section says whether a cache answered', () => {
    const markdown = renderReport([{ title: 'Sizes', lines: [{ what: 'bundle', figure: '130 KB', baseline: '', ratio: '', target: '', met: null }] }]);
    expect(markdown).toContain(`| bundle | 130 KB | ${CACHE_NOT_SAID} |  |  |  | — |`);
  });
});
