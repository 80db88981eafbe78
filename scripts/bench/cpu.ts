import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { formatRatio } from './report.ts';

// CPU time of the bench's processes, read from /proc, so the report can say
// where a ratio's ceiling is: on a machine whose cores the app, Postgres and the
// load generator share, throughput is bounded by the CPU each request costs all
// of them together (docs/decisions/018-search.md).

/** Linux's USER_HZ: /proc's times are in these ticks on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;

export type ProcessTimes = { self: number; children: number };

/** One /proc/<pid>/stat line's CPU times in ms: its own (utime + stime) and its reaped children's (cutime + cstime). */
export function parseProcStat(stat: string): ProcessTimes & { ppid: number } {
  // The command name may hold spaces and parentheses: the fields start after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state(3) ppid(4) ... utime(14) stime(15) cutime(16) cstime(17), counted from 1 with pid and comm.
  const at = (field: number) => Number(fields[field - 3]);
  const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;
  return { ppid: at(4), self: ms(at(14) + at(15)), children: ms(at(16) + at(17)) };
}

function readStat(pid: number): (ProcessTimes & { ppid: number }) | null {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null; // gone meanwhile
  }
}

/** CPU ms one process has used, its own threads only (worker threads included). */
export function processCpuMs(pid: number): number {
  return readStat(pid)?.self ?? Number.NaN;
}

/** CPU ms a process's reaped children have used (a finished pgbench, for the bench's own process). */
export function reapedChildrenCpuMs(pid: number): number {
  return readStat(pid)?.children ?? Number.NaN;
}

/**
 * CPU ms of a process tree: the root, its reaped children and every live child (one level: Postgres's
 * backends and background workers under the postmaster, whose ended backends are in its reaped time).
 * A child reaped between reading the root and reading the children would be in neither (the backends of
 * a pgbench that just ended are): the root is read again after them, and the whole read retried when
 * its reaped time moved meanwhile.
 */
export function treeCpuMs(rootPid: number): number {
  // The root's own time is read once, first, as a reader of the root alone would read it at this moment.
  const first = readStat(rootPid);
  if (!first) return Number.NaN;
  let root = first;
  for (let attempt = 0; ; attempt++) {
    let total = root.children;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const child = readStat(Number(entry));
      if (child?.ppid === rootPid) total += child.self + child.children;
    }
    const again = readStat(rootPid);
    if (!again) return Number.NaN;
    if (again.children === root.children || attempt === 20) return first.self + total;
    root = again;
  }
}

/** Runs `measure` and returns its result with the CPU ms each named reader counted meanwhile. */
export async function withCpu<T, K extends string>(readers: Record<K, () => number>, measure: () => Promise<T>): Promise<{ result: T; cpuMs: Record<K, number> }> {
  const names = Object.keys(readers) as K[];
  const before = names.map((name) => readers[name]());
  const result = await measure();
  const cpuMs = Object.fromEntries(names.map((name, i) => [name, readers[name]() - before[i]!])) as Record<K, number>;
  return { result, cpuMs };
}

/** CPU ms the whole machine was busy, every core added (user, nice, system, irq, softirq, steal), from /proc/stat's first line. */
export function parseMachineCpu(procStat: string): number {
  const line = procStat.split('\n', 1)[0]!;
  if (!line.startsWith('cpu ')) throw new Error(`not /proc/stat: ${line.slice(0, 40)}`);
  // cpu user nice system idle iowait irq softirq steal guest guest_nice (guest time is already in user and nice).
  const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
  return (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) / TICKS_PER_SECOND;
}

export function machineCpuMs(): number {
  return parseMachineCpu(readFileSync('/proc/stat', 'utf8'));
}

/**
 * CPU ms of a process and every process under it at any depth (live ones with what they reaped,
 * ended ones through their parent's reaped time): all the work a bench run started.
 */
export function descendantsCpuMs(rootPid: number): number {
  const stats = new Map<number, ProcessTimes & { ppid: number }>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(Number(entry));
    if (stat) stats.set(Number(entry), stat);
  }
  const children = new Map<number, number[]>();
  for (const [pid, stat] of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), pid]);
  let total = 0;
  const visit = (pid: number) => {
    const stat = stats.get(pid);
    if (stat) total += stat.self + stat.children;
    for (const child of children.get(pid) ?? []) visit(child);
  };
  visit(rootPid);
  return total;
}

/**
 * How much of the machine other work took while `since` ran: the machine's busy CPU less that of
 * this bench's process tree, in cores on average. A load average cannot tell them apart (the bench's
 * own 50 connections make it), so a busy machine is judged by this.
 */
export function otherWorkMeter(rootPid: number) {
  const start = { machine: machineCpuMs(), bench: descendantsCpuMs(rootPid), at: performance.now() };
  return () => {
    const wallMs = performance.now() - start.at;
    const others = machineCpuMs() - start.machine - (descendantsCpuMs(rootPid) - start.bench);
    return { cores: wallMs > 0 ? Math.max(0, others) / wallMs : 0, wallMs };
  };
}

/** Other work above this many cores on average during a section makes the run's absolute figures the machine's. */
export const BUSY_OTHER_CORES = 0.5;

/**
 * The header's word on the machine: busy when the load average before the bench started passed the
 * cores, or when other processes took more than BUSY_OTHER_CORES during any section. Never judged
 * by the load average after a section, which the bench's own loads make.
 */
export function machineVerdict(options: { cores: number; loadAtStart: number; otherCores: readonly number[] }): string {
  const most = Math.max(0, ...options.otherCores);
  const measured = options.otherCores.length
    ? `Other work on the machine (processes this bench did not start): at most ${most.toFixed(1)} of ${options.cores} cores on average in a section.`
    : 'No section ran, so no other work was measured.';
  const reasons = [
    ...(options.loadAtStart > options.cores ? [`load average ${options.loadAtStart.toFixed(1)} before the bench started`] : []),
    ...(most > BUSY_OTHER_CORES ? [`other work took ${most.toFixed(1)} cores in a section`] : []),
  ];
  if (reasons.length === 0) return `${measured} The machine was quiet.`;
  return `${measured} **The machine was busy** (${reasons.join('; ')}): the absolute figures are low; the ratios measured side by side are what this run tells.`;
}

/** One measured round of a load on one process: the CPU it spent and the requests it answered. */
export type CpuRound = { cpuMs: number; served: number };

/**
 * CPU per request over rounds: all their CPU over all their requests, each round's own figure and the
 * rounds' median (on a shared machine a burst of other work falls on one round, and alternating two
 * sides round by round spreads such bursts over both).
 */
export function cpuOverRounds(rounds: readonly CpuRound[]): { perRequest: number; each: number[]; median: number } {
  const each = rounds.map((round) => round.cpuMs / round.served);
  const sorted = [...each].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  const median = sorted.length === 0 ? Number.NaN : sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  const total = rounds.reduce((sum, round) => ({ cpuMs: sum.cpuMs + round.cpuMs, served: sum.served + round.served }), { cpuMs: 0, served: 0 });
  return { perRequest: total.cpuMs / total.served, each, median };
}

/** CPU ms per unit of work of each side, as the report's notes give them. */
export type CpuPerUnit = { app?: number; postgres: number; client: number };

/**
 * Where the ratio's ceiling is: with every process CPU-bound on shared cores, throughput is the cores
 * over the CPU one unit of work costs all processes, so the app's rate over pgbench's cannot pass
 * pgbench's CPU per transaction over the app's per request (less when the app waits instead).
 * Given the line's target ratio, it also says how much CPU the app could spend per request to reach
 * it, Postgres and the load generator costing what they did: the budget a change has to fit in.
 */
export function cpuNote(what: string, app: CpuPerUnit, pgbenchRun: { cpu: CpuPerUnit; clients: number }, target?: number): string {
  const pgbench = pgbenchRun.cpu;
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const appTotal = (app.app ?? 0) + app.postgres + app.client;
  const pgTotal = pgbench.postgres + pgbench.client;
  const ceiling = `${what}, CPU per request: app ${ms(app.app ?? 0)}, Postgres ${ms(app.postgres)}, load generator ${ms(app.client)} (${ms(appTotal)}); per pgbench transaction at ${pgbenchRun.clients} clients (the faster run): Postgres ${ms(pgbench.postgres)}, pgbench ${ms(pgbench.client)} (${ms(pgTotal)}). On ${os.cpus().length} shared cores the ratio's ceiling is about ${formatRatio(pgTotal / appTotal)}.`;
  if (target === undefined) return ceiling;
  const budget = appCpuBudget(app, pgbench, target);
  return budget > 0
    ? `${ceiling} For ${formatRatio(target)}, the app could spend at most ${ms(budget)} per request, Postgres and the load generator costing what they did here.`
    : `${ceiling} With Postgres and the load generator costing what they did here, ${formatRatio(target)} is out of reach even with no app CPU at all.`;
}

/** The app's CPU per request (ms) at which the ratio's ceiling is `target`, the other processes' CPU per request unchanged (zero or less: none reaches it). */
export function appCpuBudget(app: CpuPerUnit, pgbench: CpuPerUnit, target: number): number {
  return (pgbench.postgres + pgbench.client) / target - app.postgres - app.client;
}
