import { type Kysely, sql } from 'kysely';

// Migrations of the same days widen the same `column IN (...)` checks (notification types,
// audit targets, image purposes): each reads the check rather than restating its list, so
// what the others added stays whichever runs first. Not a migration itself: the migrator
// reads only the dated files beside this folder, and the build bundles this into each.

export interface InCheck {
  table: string;
  constraint: string;
  column: string;
}

/** The values the check allows now. */
export async function allowedValues(db: Kysely<any>, check: InCheck): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = ${check.constraint} AND conrelid = ${check.table}::regclass`.execute(db);
  return [...(rows[0]?.definition ?? '').matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);
}

/** The check rewritten to allow exactly `values`. */
export async function setAllowedValues(db: Kysely<any>, check: InCheck, values: string[]) {
  await sql`ALTER TABLE ${sql.table(check.table)} DROP CONSTRAINT ${sql.ref(check.constraint)}`.execute(db);
  await sql`ALTER TABLE ${sql.table(check.table)} ADD CONSTRAINT ${sql.ref(check.constraint)} CHECK (${sql.ref(check.column)} IN (${sql.join(values.map((item) => sql.lit(item)))}))`.execute(db);
}

/** The check with `value` added (`widen`) or taken out. */
export async function changeAllowed(db: Kysely<any>, check: InCheck, value: string, widen: boolean) {
  const current = await allowedValues(db, check);
  await setAllowedValues(db, check, widen ? [...current.filter((item) => item !== value), value] : current.filter((item) => item !== value));
}
