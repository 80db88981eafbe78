import { sql } from 'kysely';
import { hashPassword } from '../auth/crypto.ts';
import type { AppDeps } from '../context.ts';
import * as users from '../modules/users/users.repository.ts';
import type { Role } from '@vizinhanca/shared/users/user.types';

export interface DemoLogin {
  role: string;
  name: string;
  email: string;
  password: string;
}

export const DEMO_ADMIN_PASSWORD = 'admin-vizinhanca';
export const DEMO_RESIDENT_PASSWORD = 'morador-vizinhanca';

interface DemoUser {
  fullName: string;
  email: string;
  cpf: string;
  phone: string;
  block: string;
  apartment: string;
  status: 'approved' | 'pending';
  roles: Role[];
  password: string;
  label: string;
}

/** The demo people (realistic pt-BR); listings and orders join them in later migrations of the seed. */
export const DEMO_USERS: DemoUser[] = [
  { label: 'Administradora', fullName: 'Carla Mendes', email: 'admin@vizinhanca.app', cpf: '39053344705', phone: '11991234567', block: 'ADM', apartment: '1', status: 'approved', roles: ['admin'], password: DEMO_ADMIN_PASSWORD },
  { label: 'Moderador', fullName: 'Rafael Oliveira', email: 'moderador@vizinhanca.app', cpf: '11144477735', phone: '11992345678', block: 'A', apartment: '12', status: 'approved', roles: ['moderator'], password: DEMO_RESIDENT_PASSWORD },
  { label: 'Moradora', fullName: 'Ana Beatriz Souza', email: 'ana@vizinhanca.app', cpf: '52998224725', phone: '11987654321', block: 'A', apartment: '101', status: 'approved', roles: [], password: DEMO_RESIDENT_PASSWORD },
  { label: 'Morador', fullName: 'Bruno Costa Lima', email: 'bruno@vizinhanca.app', cpf: '86288366757', phone: '11976543210', block: 'B', apartment: '204', status: 'approved', roles: [], password: DEMO_RESIDENT_PASSWORD },
  { label: 'Moradora', fullName: 'Juliana Pereira', email: 'juliana@vizinhanca.app', cpf: '71428793860', phone: '11965432109', block: 'C', apartment: '302', status: 'approved', roles: [], password: DEMO_RESIDENT_PASSWORD },
  { label: 'Cadastro pendente', fullName: 'Pedro Henrique Santos', email: 'pedro@vizinhanca.app', cpf: '24843803480', phone: '11954321098', block: 'D', apartment: '11', status: 'pending', roles: [], password: DEMO_RESIDENT_PASSWORD },
];

export function demoLogins(): DemoLogin[] {
  return DEMO_USERS.map((user) => ({ role: user.label, name: user.fullName, email: user.email, password: user.password }));
}

/** Seeds the demo data only when the database has no users at all. */
export async function seedDemoIfEmpty(deps: Pick<AppDeps, 'db' | 'logger'>): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    // One seeder at a time, even with two replicas starting together.
    await sql`SELECT pg_advisory_xact_lock(827364)`.execute(trx);
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    const hashes = new Map<string, string>();
    for (const user of DEMO_USERS) {
      if (!hashes.has(user.password)) hashes.set(user.password, await hashPassword(user.password));
      const { id } = await users.insertUser(trx, {
        email: user.email,
        passwordHash: hashes.get(user.password)!,
        fullName: user.fullName,
        cpf: user.cpf,
        phone: user.phone,
        block: user.block,
        apartment: `${user.block}-${user.apartment}`,
        approvalStatus: user.status,
      });
      for (const role of user.roles) await users.grantRole(trx, id, role);
    }
    deps.logger.info({ users: DEMO_USERS.length }, 'demo data seeded');
    return true;
  });
}
