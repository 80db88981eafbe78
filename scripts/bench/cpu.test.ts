import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseProcStat, processCpuMs, reapedChildrenCpuMs, treeCpuMs, withCpu } from './cpu.ts';

describe('the bench CPU accounting', () => {
  it('reads the times after the command name, even one with spaces and parentheses', () => {
    // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    const stat = '4242 (postgres: a (b) c) S 17 4242 4242 0 -1 4194560 100 0 0 0 250 50 700 30 20 0 1 0 123 456 789';
    expect(parseProcStat(stat)).toEqual({ ppid: 17, self: 3_000, children: 7_300 });
  });

  it('counts a finished child in its parent, and a busy process in itself', async () => {
    const parentBefore = reapedChildrenCpuMs(process.pid);
    // A child that burns 300 ms of CPU (CPU time, not wall time: the machine may be busy), reaped by this process.
    spawnSync(process.execPath, ['-e', 'const start = process.cpuUsage(); while (process.cpuUsage(start).user < 300_000);']);
    expect(reapedChildrenCpuMs(process.pid) - parentBefore).toBeGreaterThanOrEqual(250);

    const { cpuMs } = await withCpu({ self: () => processCpuMs(process.pid), tree: () => treeCpuMs(process.pid) }, async () => {
      const start = process.cpuUsage();
      while (process.cpuUsage(start).user < 200_000);
    });
    expect(cpuMs.self).toBeGreaterThanOrEqual(150);
    expect(cpuMs.tree).toBeGreaterThanOrEqual(cpuMs.self);
  });
});
