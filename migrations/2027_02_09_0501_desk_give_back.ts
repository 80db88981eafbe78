import { type Kysely, sql } from 'kysely';

// An order cancelled while its item is at the portaria: the desk gives the item back to
// its owner ('Devolvido ao dono'), and the leg ends as 'given_back' with that moment.
// Frozen in time: never import app code here.

const STEPS = sql`(status = 'waiting' AND received_at IS NULL AND handed_at IS NULL)
  OR (status = 'at_desk' AND received_at IS NOT NULL AND received_by IS NOT NULL AND handed_at IS NULL)
  OR (status = 'done' AND received_at IS NOT NULL AND handed_at IS NOT NULL AND handed_by IS NOT NULL)
  OR (status = 'cancelled' AND cancelled_at IS NOT NULL)`;

async function setChecks(db: Kysely<any>, statuses: string[], steps: ReturnType<typeof sql>) {
  await sql`ALTER TABLE desk_handovers DROP CONSTRAINT desk_handovers_status_check`.execute(db);
  await sql`ALTER TABLE desk_handovers ADD CONSTRAINT desk_handovers_status_check CHECK (status IN (${sql.join(statuses.map((status) => sql.lit(status)))}))`.execute(db);
  await sql`ALTER TABLE desk_handovers DROP CONSTRAINT desk_handovers_steps_check`.execute(db);
  await sql`ALTER TABLE desk_handovers ADD CONSTRAINT desk_handovers_steps_check CHECK (${steps})`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await setChecks(
    db,
    ['waiting', 'at_desk', 'done', 'cancelled', 'given_back'],
    sql`${STEPS} OR (status = 'given_back' AND received_at IS NOT NULL AND handed_at IS NOT NULL AND handed_by IS NOT NULL)`,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  // A given-back leg was, before, a leg the order's end cancelled.
  await sql`UPDATE desk_handovers SET status = 'cancelled', cancelled_at = handed_at, handed_at = NULL, handed_by = NULL WHERE status = 'given_back'`.execute(db);
  await setChecks(db, ['waiting', 'at_desk', 'done', 'cancelled'], STEPS);
}
