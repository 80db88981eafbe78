import { createClock } from '../server/src/clock.ts';
import { migrateToLatest } from '../server/src/db/migrator.ts';
import { demoLogins, seedDemoIfEmpty } from '../server/src/db/seed.ts';
import { createFileStorage } from '../server/src/storage/file-storage.ts';
import { fail, withDatabase } from './lib/maintainer.ts';

// npm run seed: migrates, then adds the demo data when the database has no users.
try {
  await withDatabase(async (db, { logger, config }) => {
    await migrateToLatest(db);
    const storage = createFileStorage(config);
    await storage.init();
    const seeded = await seedDemoIfEmpty({ db, logger, storage, config, clock: createClock(config.CONDO_TIMEZONE, config.CLOCK_START ? new Date(config.CLOCK_START) : undefined) });
    if (!seeded) {
      console.log('O banco já tem usuários: nada foi adicionado.');
      return;
    }
    console.log('Dados de demonstração criados. Logins:');
    for (const login of demoLogins()) console.log(`  ${login.role.padEnd(18)} ${login.email.padEnd(28)} ${login.password}`);
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
