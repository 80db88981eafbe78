import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { appCpuBudget, cpuNote, cpuOverRounds, descendantsCpuMs, machineVerdict, otherWorkMeter, parseMachineCpu, parseProcStat, processCpuMs, reapedChildrenCpuMs, treeCpuMs, withCpu } from './cpu.ts';

/** Node code that burns `ms` of its own CPU time (not wall time: the machine may be busy), then writes `file`. */
const burn = (ms: number, file: string) => `const start = process.cpuUsage(); while (process.cpuUsage(start).user < ${ms * 1000}); require('node:fs').writeFileSync(${JSON.stringify(file)}, 'done');`;

async function until(file: string) {
  while (!existsSync(file)) await sleep(50);
}

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
    // Each reader reads the process at its own moment, tree after self, at the start and at the end: a 10 ms
    // clock tick that lands between the two reads at the start and not at the end makes the tree's span one tick shorter.
    expect(cpuMs.tree).toBeGreaterThanOrEqual(cpuMs.self - 10);
  });

  it('never loses a child reaped while the tree is read: readings of a parent that keeps reaping busy children never go down', async () => {
    // The parent starts children that each burn 10 ms of CPU, one after another's end, for 4 s: each is reaped by the
    // parent at some moment of the readings below, as a pgbench's backends are by the postmaster when it ends.
    const parent = spawn(process.execPath, ['-e', `const { spawn } = require('node:child_process'); const end = Date.now() + 4000; const next = () => { if (Date.now() < end) spawn(process.execPath, ['-e', 'const s = process.cpuUsage(); while (process.cpuUsage(s).user < 10000);']).on('exit', next); }; for (let i = 0; i < 4; i++) next();`]);
    try {
      await new Promise((resolve) => setTimeout(resolve, 500));
      let last = treeCpuMs(parent.pid!);
      let drops = 0;
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        const reading = treeCpuMs(parent.pid!);
        if (reading < last) drops += 1;
        last = Math.max(last, reading);
        // The reads give the parent's event loop no turn; the parent is another process and reaps meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(drops).toBe(0);
    } finally {
      parent.kill();
    }
  });

  it('adds up the machine\'s busy time from /proc/stat (guest time is inside user and nice)', () => {
    expect(parseMachineCpu('cpu  5784409 863467 965986 1786156 32596 0 35479 83677 7 9\ncpu0 1 2 3 4 5 6 7 8 9 10')).toBe((5784409 + 863467 + 965986 + 35479 + 83677) * 10);
    expect(() => parseMachineCpu('MemTotal: 1 kB')).toThrow(/not \/proc\/stat/);
  });

  it('counts a grandchild in the bench\'s tree, and a process outside the tree as other work', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vz-cpu-test-'));
    try {
      // A grandchild that burns 300 ms of CPU and stays alive: the one-level tree misses it, the descendants count it.
      const inTree = path.join(dir, 'in-tree');
      const before = descendantsCpuMs(process.pid);
      const child = spawn(process.execPath, ['-e', `require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(`${burn(300, inTree)} setTimeout(() => {}, 60000);`)}], { stdio: 'inherit' }); setTimeout(() => {}, 60000);`]);
      await until(inTree);
      expect(descendantsCpuMs(process.pid) - before).toBeGreaterThanOrEqual(250);
      child.kill('SIGKILL');

      // An orphan (its shell parent exits at once, so it is nobody's child here) burning 300 ms: other work, not the bench's.
      const outside = path.join(dir, 'outside');
      const meter = otherWorkMeter(process.pid);
      spawnSync('sh', ['-c', `${JSON.stringify(process.execPath)} -e ${shellQuote(burn(300, outside))} >/dev/null 2>&1 &`]);
      await until(outside);
      await sleep(100);
      const { cores, wallMs } = meter();
      expect(cores * wallMs).toBeGreaterThanOrEqual(250);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the run\'s word on the machine', () => {
  it('is busy by the load before the bench started or by other processes\' CPU, never by the load the bench itself makes', () => {
    // The bench's own loads leave the load average at 6-10 on 2 cores: with nothing else running, the machine was quiet.
    expect(machineVerdict({ cores: 2, loadAtStart: 1.4, otherCores: [0.1, 0.2] })).toBe('Other work on the machine (processes this bench did not start): at most 0.2 of 2 cores on average in a section. The machine was quiet.');
    expect(machineVerdict({ cores: 2, loadAtStart: 3.1, otherCores: [0.1] })).toMatch(/\*\*The machine was busy\*\* \(load average 3\.1 before the bench started\)/);
    expect(machineVerdict({ cores: 2, loadAtStart: 0.5, otherCores: [0.1, 1.3] })).toMatch(/at most 1\.3 of 2 cores.*\*\*The machine was busy\*\* \(other work took 1\.3 cores in a section\)/);
  });
});

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

describe('CPU per request over alternated rounds', () => {
  it('is all the CPU over all the requests, with each round and the median beside it', () => {
    const rounds = [
      { cpuMs: 1200, served: 1000 },
      { cpuMs: 3000, served: 1000 },
      { cpuMs: 1000, served: 1000 },
      { cpuMs: 1100, served: 500 },
    ];
    const figures = cpuOverRounds(rounds);
    expect(figures.perRequest).toBeCloseTo(6300 / 3500, 10);
    expect(figures.each).toEqual([1.2, 3, 1, 2.2]);
    // A round that caught a burst moves the total, not the median.
    expect(figures.median).toBeCloseTo(1.7, 10);
    expect(cpuOverRounds(rounds.slice(0, 3)).median).toBe(1.2);
    expect(cpuOverRounds([]).median).toBeNaN();
  });

  it("gives the app's CPU budget for a line's target, and says when no app CPU reaches it", () => {
    const pgbench = { postgres: 2.2, client: 0.2 };
    // 2.4 ms per pgbench transaction: 0.6x allows 4 ms per request in all, 2.6 of them Postgres's and the generator's.
    expect(appCpuBudget({ app: 2.5, postgres: 2.4, client: 0.2 }, pgbench, 0.6)).toBeCloseTo(1.4, 10);
    const run = { cpu: pgbench, clients: 10 };
    expect(cpuNote('Order', { app: 2.5, postgres: 2.4, client: 0.2 }, run, 0.6)).toContain('For 0.60x, the app could spend at most 1.40 ms per request');
    // The other processes alone already cost more than pgbench's transaction over the target.
    expect(cpuNote('Feed', { app: 1, postgres: 3.5, client: 0.6 }, run, 0.6)).toContain('0.60x is out of reach even with no app CPU at all');
    expect(cpuNote('Feed', { app: 1, postgres: 1, client: 0.2 }, run)).not.toContain('could spend');
  });
});
