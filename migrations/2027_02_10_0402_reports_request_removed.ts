import { type Kysely, sql } from 'kysely';

// Staff may remove a reported 'Procura-se' request ('Remover pedido'): its reports end as
// 'request_removed'. The statuses are copied from shared/src/reports/report.reasons.ts as they
// are today. Frozen in time: never import app code here.
const BEFORE = ['open', 'archived', 'listing_removed', 'warned', 'suspended'];
const AFTER = [...BEFORE, 'request_removed'];

const list = (values: string[]) => sql.join(values.map((value) => sql.lit(value)));

async function allowStatuses(db: Kysely<any>, statuses: string[]) {
  await sql`ALTER TABLE reports DROP CONSTRAINT reports_status_check`.execute(db);
  await sql`ALTER TABLE reports ADD CONSTRAINT reports_status_check CHECK (status IN (${list(statuses)}))`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await allowStatuses(db, AFTER);
}

export async function down(db: Kysely<any>): Promise<void> {
  // With reports already decided this way, this step refuses and nothing is undone.
  await allowStatuses(db, BEFORE);
}
