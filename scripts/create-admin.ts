import { z } from 'zod';
import { emailSchema, newPasswordSchema } from '../shared/src/auth/auth.schema.ts';
import { hashPassword } from '../server/src/auth/crypto.ts';
import { migrateToLatest } from '../server/src/db/migrator.ts';
import { publishEvent, CLOSE_SOCKETS_KIND } from '../server/src/realtime/event-bus.ts';
import * as users from '../server/src/modules/users/users.repository.ts';
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
      const existing = await users.findUserIdByEmail(trx, args.email);
      if (existing) {
        await users.approveUserById(trx, existing.id);
        await users.grantRole(trx, existing.id, 'admin');
        // Their open tabs keep an old context: close them so they reconnect as admin.
        await publishEvent(trx, { userId: existing.id, kind: CLOSE_SOCKETS_KIND, payload: {} });
        return 'promoted';
      }
      const { id } = await users.insertUser(trx, {
        email: args.email,
        passwordHash: await hashPassword(args.password),
        fullName: args.name,
        cpf: null,
        phone: null,
        block: null,
        apartment: null,
        approvalStatus: 'approved',
      });
      await users.grantRole(trx, id, 'admin');
      return 'created';
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
