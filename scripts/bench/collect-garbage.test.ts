import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../server/src/db/embedded-postgres.ts';
import { InspectorSession } from './collect-garbage.ts';

// A process that holds about 60 MiB long enough for V8 to move it to its old generation, then drops
// it: garbage that stays until a full collection (nothing else allocates to start one). It answers
// each line on stdin with its heap's used bytes.
const GARBAGE_MAKER = `
let held = Array.from({ length: 1500 }, () => Array.from({ length: 1000 }, (_, i) => ({ i })));
setTimeout(() => {
  held = null;
  process.stdout.write('ready\\n');
}, 300);
process.stdin.on('data', () => process.stdout.write(process.memoryUsage().heapUsed + '\\n'));
setInterval(() => {}, 1000);
`;

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

async function startGarbageMaker(inspectPort: number) {
  // The inspector's port set for this test only (SIGUSR1 opens it there), so a run never meets another on 9229.
  const started = spawn(process.execPath, [`--inspect-port=${inspectPort}`, '-e', GARBAGE_MAKER], { stdio: ['pipe', 'pipe', 'ignore'] });
  child = started;
  const lines: string[] = [];
  let waiting: ((line: string) => void) | null = null;
  started.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n').filter(Boolean)) {
      if (waiting) {
        const resolve = waiting;
        waiting = null;
        resolve(line);
      } else lines.push(line);
    }
  });
  const nextLine = () => (lines.length ? Promise.resolve(lines.shift()!) : new Promise<string>((resolve) => (waiting = resolve)));
  expect(await nextLine()).toBe('ready');
  return {
    pid: started.pid!,
    heapUsed: async () => {
      started.stdin!.write('\n');
      return Number(await nextLine());
    },
  };
}

const listening = async (port: number) =>
  fetch(`http://127.0.0.1:${port}/json/list`).then(
    () => true,
    () => false,
  );

describe('InspectorSession', () => {
  it("runs a full collection in another process through the inspector SIGUSR1 opens, then closes that inspector", async () => {
    const port = await freePort();
    const maker = await startGarbageMaker(port);
    expect(await listening(port)).toBe(false);
    const session = await InspectorSession.open(maker.pid, port);
    const before = await maker.heapUsed();
    expect(before).toBeGreaterThan(40 * 1024 * 1024);
    await session.collectGarbage();
    // The dropped arrays are gone: what is left is the process's own few MiB.
    expect(await maker.heapUsed()).toBeLessThan(before - 30 * 1024 * 1024);
    await session.close();
    await expect.poll(() => listening(port), { timeout: 5_000 }).toBe(false);
    // The process goes on: SIGUSR1 opened the inspector, it did not end it.
    expect(child!.exitCode).toBeNull();
  }, 30_000);

  it('refuses a process that opens no inspector in time, and one whose port answers for another process', async () => {
    const port = await freePort();
    const maker = await startGarbageMaker(port);
    const session = await InspectorSession.open(maker.pid, port);
    // Another process (this one's shell, here a sleeping child) signalled, but the port answers for the maker.
    const other = spawn(process.execPath, ['-e', 'process.on("SIGUSR1", () => {}); setTimeout(() => {}, 20000)'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(InspectorSession.open(other.pid!, port)).rejects.toThrow(`the inspector on port ${port} is process ${maker.pid}'s, not ${other.pid}'s`);
      await session.close();
      await expect.poll(() => listening(port), { timeout: 5_000 }).toBe(false);
      await expect(InspectorSession.open(other.pid!, port)).rejects.toThrow(`process ${other.pid} opened no inspector on port ${port}`);
    } finally {
      other.kill('SIGKILL');
      await once(other, 'exit');
    }
  }, 30_000);
});
