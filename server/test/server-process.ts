import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/paths.ts';

const START_SCRIPT = path.join(PROJECT_ROOT, 'scripts/start.ts');
const KILL_AFTER_MS = 15_000;

/** `scripts/start.ts` in a child process of its own, its output collected. */
export type ServerProcess = {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the output once it matches; rejects if the process exits first. */
  waitFor: (pattern: RegExp) => Promise<string>;
  /** SIGTERM, then SIGKILL if it has not exited in 15 s: a test never leaves a server behind. */
  stop: () => Promise<void>;
};

/**
 * One node process running the server through tsx's loader. Not the `tsx` binary: that is a
 * wrapper with the server as its own child, and a wrapper killed or orphaned under load left the
 * server running, which kept the test runner from exiting.
 */
export function spawnServer(env: NodeJS.ProcessEnv): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', START_SCRIPT], { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => output,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const timer = setInterval(() => {
          if (!pattern.test(output)) return;
          clearInterval(timer);
          resolve(output);
        }, 100);
        child.once('exit', (code, signal) => {
          clearInterval(timer);
          reject(new Error(`the server exited (${signal ?? code}):\n${output}`));
        });
      }),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      await exited;
      clearTimeout(killer);
    },
  };
}
