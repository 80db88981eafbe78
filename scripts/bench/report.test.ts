import { describe, expect, it } from 'vitest';
import { formatRatio, renderReport } from './report.ts';

describe('bench report', () => {
  it('renders one table per section and counts only lines with a target', () => {
    const markdown = renderReport(
      [
        {
          title: 'Feed',
          lines: [
            { what: 'listings.list', figure: '900 req/s', baseline: '1,000 tps', ratio: formatRatio(0.9), target: '≥ 1.0x', met: false },
            { what: 'minimal | endpoint', figure: '1,200 req/s', baseline: '', ratio: '', target: '', met: null },
          ],
          notes: ['Captured SQL: 2 statements.'],
        },
      ],
      ['Run on 2 cores.'],
    );
    expect(markdown).toContain('| listings.list | 900 req/s | 1,000 tps | 0.90x | ≥ 1.0x | **no** |');
    expect(markdown).toContain('| minimal \\| endpoint | 1,200 req/s |  |  |  | — |');
    expect(markdown).toContain('Captured SQL: 2 statements.');
    expect(markdown).toContain('Targets met: 0 of 1.');
    expect(formatRatio(Number.NaN)).toBe('—');
  });
});
