// A replica installing the job queue on its own, in a process of its own: queue-install-processes.test.ts
// starts two, each waiting until QUEUE_INSTALL_AT (epoch ms) once loaded, so they install at the same moment.
import { sql } from 'kysely';
import pino from 'pino';
import { createDatabase } from '../src/db/database.ts';
import type { OneOffJob } from '../src/context.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';

const logger = pino({ level: 'silent' });
// One connection: the statement after the install meets whatever the install left on it.
const handle = createDatabase(process.env.DATABASE_URL!, logger, { max: 1 });
const queue = createJobQueue(handle.db, logger, 'America/Sao_Paulo');
const job: OneOffJob<object> = { name: 'test.two-processes', async run() {} };
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(process.env.QUEUE_INSTALL_AT) - Date.now())));
try {
  await queue.install({ scheduled: [], oneOff: [job as OneOffJob<never>] });
  await sql`SELECT 1`.execute(handle.db);
  console.log('fila instalada');
} catch (error) {
  console.log(`falhou: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await queue.stop();
  await handle.close();
}
