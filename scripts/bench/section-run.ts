import os from 'node:os';
import { otherWorkMeter } from './cpu.ts';
import type { BenchSection } from './report.ts';

/** The load average now, as the report prints it. */
export const loadAverage = () => os.loadavg().map((value) => value.toFixed(1)).join(' / ');

export type SectionRun = {
  section: BenchSection;
  /** False when the section could not measure (it threw): the run exits non-zero for that alone, never for an unmet target. */
  measured: boolean;
  /** Cores other processes took on average while it ran (cpu.ts otherWorkMeter). */
  otherCores: number;
};

/**
 * Runs one section of `npm run bench`: its result with the load average before and after and the
 * other work on the machine meanwhile in its first note; a section that throws becomes a section
 * saying it could not measure, with the error, instead of ending the run.
 */
export async function runSection(name: string, run: () => Promise<BenchSection>): Promise<SectionRun> {
  const loadBefore = loadAverage();
  const otherWork = otherWorkMeter(process.pid);
  let section: BenchSection;
  let measured = true;
  try {
    section = await run();
  } catch (error) {
    measured = false;
    section = { title: `${name}: could not measure`, lines: [], notes: [error instanceof Error ? (error.stack ?? error.message) : String(error)] };
  }
  const otherCores = otherWork().cores;
  const machine = `Load average (1 / 5 / 15 min) before this section: ${loadBefore}; after: ${loadAverage()} (${os.cpus().length} cores; the bench's own loads count in it). Other work on the machine (processes this bench did not start): ${otherCores.toFixed(1)} cores on average during the section.`;
  return { section: { ...section, notes: [machine, ...(section.notes ?? [])] }, measured, otherCores };
}
