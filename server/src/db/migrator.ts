import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pathToFileURL } from 'node:url';
import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator } from 'kysely';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/**
 * Reads migrations/*.ts. The import runs here (not inside kysely) so whichever
 * loader runs the app (tsx, vitest) also compiles the migration files.
 */
class TypeScriptMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((file) => /^\d{4}_\d{2}_\d{2}_\d{4}_[\w-]+\.ts$/.test(file)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const module = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as Migration;
      migrations[file.replace(/\.ts$/, '')] = { up: module.up, down: module.down };
    }
    return migrations;
  }
}

export function createMigrator(db: Kysely<any>): Migrator {
  return new Migrator({ db, provider: new TypeScriptMigrationProvider() });
}

export class MigrationError extends Error {}

function check(result: MigrationResultSet): MigrationResultSet {
  if (result.error) {
    const failed = result.results?.find((item) => item.status === 'Error');
    throw new MigrationError(`Migração falhou${failed ? ` em ${failed.migrationName}` : ''}: ${String(result.error)}`);
  }
  return result;
}

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  return check(await createMigrator(db).migrateToLatest());
}

export async function migrateDown(db: Kysely<any>): Promise<MigrationResultSet> {
  return check(await createMigrator(db).migrateDown());
}
