import { describe, expect, it } from 'vitest';
import { runSection } from './section-run.ts';

describe('a section of npm run bench', () => {
  it('that measured, met or not, counts as measured, with the machine\'s load before and after in its first note', async () => {
    const run = await runSection('read-path', async () => ({
      title: 'Read path',
      lines: [{ what: 'feed', figure: '10 req/s', baseline: '1,000 tps', ratio: '0.01x', target: '≥ 1.0x', met: false }],
      notes: ['captured'],
    }));
    expect(run.measured).toBe(true);
    expect(run.section.lines).toHaveLength(1);
    expect(run.section.notes).toEqual([expect.stringMatching(/^Load average \(1 \/ 5 \/ 15 min\) before this section: .+; after: .+ Other work on the machine .+ cores on average during the section\.$/), 'captured']);
    expect(run.otherCores).toBeGreaterThanOrEqual(0);
  });

  it('that threw could not measure: it says so with the error, and the run goes on', async () => {
    const run = await runSection('lighthouse', async () => {
      throw new Error('Chromium não encontrado');
    });
    expect(run.measured).toBe(false);
    expect(run.section.title).toBe('lighthouse: could not measure');
    expect(run.section.lines).toEqual([]);
    expect(run.section.notes![1]).toMatch(/^Error: Chromium não encontrado/);
  });
});
