import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { expect } from './fixtures.ts';

// A walk whose app is its own (the production build, a database of its own): what it does
// cannot reach the walks that share the project's server, nor theirs reach it.

export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  await once(server, 'close');
  return port;
}

export interface RunningApp {
  process: ChildProcess;
  baseURL: string;
}

/** The built app with the demo data on `dataDir`, its clock started at `clockStart`; once /health answers. */
export async function startApp(port: number, dataDir: string, clockStart: string): Promise<RunningApp> {
  const child = spawn(process.execPath, ['dist/server/start.js'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'true', LOG_LEVEL: 'warn', CONDO_TIMEZONE: 'America/Recife', CLOCK_START: clockStart },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}`);
        return fetch(`${baseURL}/health`).then((response) => response.ok, () => false);
      },
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(true);
  return { process: child, baseURL };
}

export async function stopApp(app: RunningApp): Promise<void> {
  const exited = once(app.process, 'exit');
  app.process.kill('SIGTERM');
  await exited;
}
