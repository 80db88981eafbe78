import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.ts';
import { startServer, type RunningServer } from '../src/server.ts';
import { createTestDatabase } from './harness.ts';

export interface TwoInstances {
  a: RunningServer;
  b: RunningServer;
  close(): Promise<void>;
}

/** Two real app servers on one fresh database: what one commits, the other must see (caches, sockets). */
export async function startTwoInstances(name: string): Promise<TwoInstances> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), `vz-${name}-`));
  const config = loadConfig({ DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1', SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const started: RunningServer[] = [];
  const close = async () => {
    for (const server of started) await server.close({ drainMs: 0 });
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    started.push(await startServer(config));
    started.push(await startServer(config));
  } catch (error) {
    await close();
    throw error;
  }
  return { a: started[0]!, b: started[1]!, close };
}
