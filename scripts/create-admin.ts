import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '../shared/src/auth/auth.schema.ts';
import { migrateToLatest } from '../server/src/db/migrator.ts';
import { publishEvent } from '../server/src/realtime/published-events.repository.ts';
import { CLOSE_SOCKETS_KIND } from '../server/src/realtime/event-content.ts';
import * as users from '../server/src/modules/users/users.service.ts';
import { fail, parseFlags, withDatabase } from './lib/maintainer.ts';

// npm run user:create-admin -- --email E --password P --name "N"
// Creates an approved admin, or promotes the existing user with that e-mail.
const argsSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  name: z.string().trim().min(1, 'Informe --name "Nome Completo"').max(120),
});

const parsed = argsSchema.safeParse(parseFlags(process.argv.slice(2)));
if (!parsed.success) {
  fail(`${parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n')}\nUso: npm run user:create-admin -- --email E --password P --name "N"`);
}
const args = parsed.data;

try {
  await withDatabase(async (db) => {
    await migrateToLatest(db);
    const outcome = await db.transaction().execute(async (trx) => {
      // A maintainer's command: dated on the real time (the app's CLOCK_START is for the running server).
      const { outcome, userId } = await users.createOrPromoteAdmin(trx, { email: args.email, password: args.password, fullName: args.name }, new Date());
      // Their open tabs keep an old context: close them so they reconnect as admin.
      if (outcome === 'promoted') await publishEvent(trx, { userId, kind: CLOSE_SOCKETS_KIND, payload: {} });
      return outcome;
    });
    console.log(
      outcome === 'created'
        ? `Administrador criado: ${args.email}`
        : `Usuário existente promovido a administrador (senha mantida): ${args.email}`,
    );
  });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
