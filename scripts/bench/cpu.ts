import { readdirSync, readFileSync } from 'node:fs';

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
 */
export function treeCpuMs(rootPid: number): number {
  const root = readStat(rootPid);
  if (!root) return Number.NaN;
  let total = root.self + root.children;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const child = readStat(Number(entry));
    if (child?.ppid === rootPid) total += child.self + child.children;
  }
  return total;
}

/** Runs `measure` and returns its result with the CPU ms each named reader counted meanwhile. */
export async function withCpu<T, K extends string>(readers: Record<K, () => number>, measure: () => Promise<T>): Promise<{ result: T; cpuMs: Record<K, number> }> {
  const names = Object.keys(readers) as K[];
  const before = names.map((name) => readers[name]());
  const result = await measure();
  const cpuMs = Object.fromEntries(names.map((name, i) => [name, readers[name]() - before[i]!])) as Record<K, number>;
  return { result, cpuMs };
}
