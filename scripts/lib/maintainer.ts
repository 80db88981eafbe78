import pino from 'pino';
import { ConfigError, loadConfig, type Config } from '../../server/src/config.ts';
import { createDatabase, type Db } from '../../server/src/db/database.ts';
import { resolvePostgres } from '../../server/src/db/embedded-postgres.ts';

/**
 * Runs a maintainer task against the same database the server uses: DATABASE_URL,
 * the embedded Postgres already running on DATA_DIR, or a fresh one started for the task.
 */
export async function withDatabase(
  task: (db: Db, context: { config: Config; logger: pino.Logger; connectionString: string }) => Promise<void>,
): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
  const postgres = await resolvePostgres(config, logger);
  const database = createDatabase(postgres.connectionString, logger, { max: 2 });
  try {
    await task(database.db, { config, logger, connectionString: postgres.connectionString });
  } finally {
    await database.close();
    await postgres.stop();
  }
}

export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** --name value pairs from argv. */
export function parseFlags(argv: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split(/=(.*)/s);
    if (inline !== undefined) flags[name!] = inline;
    else flags[name!] = argv[++i] ?? '';
  }
  return flags;
}
