import { promises as fs } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { MIGRATION_EXTENSION, MIGRATIONS_DIR } from '../paths.ts';
import { type Kysely, type Migration, type MigrationProvider, type MigrationResultSet, Migrator, sql } from 'kysely';

export { MIGRATIONS_DIR };

/**
 * Reads migrations/*.ts (or their compiled .js beside the compiled server). The
 * import runs here (not inside kysely) so whichever loader runs the app (tsx,
 * vitest) also compiles the migration files.
 */
class TypeScriptMigrationProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(MIGRATIONS_DIR)).filter((file) => /^\d{4}_\d{2}_\d{2}_\d{4}_[\w-]+\.(ts|js)$/.test(file) && file.endsWith(MIGRATION_EXTENSION)).sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const module = (await import(pathToFileURL(path.join(MIGRATIONS_DIR, file)).href)) as Migration;
      migrations[file.slice(0, -MIGRATION_EXTENSION.length)] = { up: module.up, down: module.down };
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

export interface MigrationState {
  name: string;
  /** applied: ran here; pending: known to this code, not yet run; unknown: ran here, but this code has no such file. */
  state: 'applied' | 'pending' | 'unknown';
  executedAt: Date | null;
}

/** Every migration this code knows and every one the database ran, in name order. */
export async function migrationStatus(db: Kysely<any>): Promise<MigrationState[]> {
  const known = (await createMigrator(db).getMigrations()).map((migration) => migration.name);
  const table = await sql<{ exists: boolean }>`SELECT to_regclass('kysely_migration') IS NOT NULL AS exists`.execute(db);
  const executed = table.rows[0]?.exists
    ? await sql<{ name: string; timestamp: string }>`SELECT name, timestamp FROM kysely_migration`.execute(db).then((result) => result.rows)
    : [];
  const executedAt = new Map(executed.map((row) => [row.name, new Date(row.timestamp)]));
  const names = [...new Set([...known, ...executedAt.keys()])].sort();
  const knownSet = new Set(known);
  return names.map((name) => ({
    name,
    state: !knownSet.has(name) ? 'unknown' : executedAt.has(name) ? 'applied' : 'pending',
    executedAt: executedAt.get(name) ?? null,
  }));
}

/** A database migrated by a newer deployment must not be touched by older code. */
export async function assertNoUnknownMigrations(db: Kysely<any>): Promise<void> {
  const unknown = (await migrationStatus(db)).filter((migration) => migration.state === 'unknown');
  if (unknown.length) {
    throw new MigrationError(
      `O banco tem migrações que este código não conhece: ${unknown.map((migration) => migration.name).join(', ')}. ` +
        'Uma versão mais nova do app já rodou neste banco; atualize o código antes de iniciar (ou restaure um backup feito por esta versão).',
    );
  }
}

export async function migrateToLatest(db: Kysely<any>): Promise<MigrationResultSet> {
  await assertNoUnknownMigrations(db);
  return check(await createMigrator(db).migrateToLatest());
}

/** Up (or down) to exactly this migration: a restore brings the schema to the backup's version. */
export async function migrateTo(db: Kysely<any>, name: string): Promise<MigrationResultSet> {
  await assertNoUnknownMigrations(db);
  return check(await createMigrator(db).migrateTo(name));
}

export async function migrateDown(db: Kysely<any>): Promise<MigrationResultSet> {
  return check(await createMigrator(db).migrateDown());
}
