import { createMigrator, migrateDown, migrateToLatest } from '../server/src/db/migrator.ts';
import { fail, withDatabase } from './lib/maintainer.ts';

// npm run migrate -- latest|down|status
const command = process.argv[2] ?? 'latest';
if (!['latest', 'down', 'status'].includes(command)) fail('Uso: npm run migrate -- latest|down|status');

try {
  await withDatabase(async (db) => {
    if (command === 'status') {
      const migrations = await createMigrator(db).getMigrations();
      for (const migration of migrations) {
        console.log(`${migration.executedAt ? `aplicada em ${migration.executedAt.toISOString()}` : 'pendente'.padEnd(34)}  ${migration.name}`);
      }
      return;
    }
    const result = command === 'latest' ? await migrateToLatest(db) : await migrateDown(db);
    const applied = result.results ?? [];
    if (applied.length === 0) console.log('Nada a fazer: o banco já está na versão pedida.');
    for (const item of applied) console.log(`${item.direction === 'Up' ? 'aplicada' : 'revertida'}: ${item.migrationName}`);
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
