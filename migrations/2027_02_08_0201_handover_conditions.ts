import { type Kysely, sql } from 'kysely';

// Hand-over condition of a rental: when the owner hands the item out ('delivery') and
// when they take it back ('return'), a note and up to 5 photos of its state, and the
// moment the requester confirmed it ('Confirmo o estado'). The photos are uploads of
// their own purpose ('handover'), each used once; a photo row goes with its image.
// Frozen in time: never import app code here.

const IMAGE_PURPOSE_CHECK = 'images_purpose_check';

/** The purposes the images check allows now (other migrations of these days widen it too). */
async function allowedPurposes(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = ${IMAGE_PURPOSE_CHECK} AND conrelid = 'images'::regclass`.execute(db);
  return [...(rows[0]?.definition ?? '').matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);
}

async function setAllowedPurposes(db: Kysely<any>, purposes: string[]) {
  await sql`ALTER TABLE images DROP CONSTRAINT ${sql.ref(IMAGE_PURPOSE_CHECK)}`.execute(db);
  await sql`ALTER TABLE images ADD CONSTRAINT ${sql.ref(IMAGE_PURPOSE_CHECK)} CHECK (purpose IN (${sql.join(purposes.map((purpose) => sql.lit(purpose)))}))`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await setAllowedPurposes(db, [...(await allowedPurposes(db)).filter((purpose) => purpose !== 'handover'), 'handover']);

  await db.schema
    .createTable('order_handover_conditions')
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('stage', 'text', (col) => col.notNull())
    .addColumn('note', 'text')
    .addColumn('recorded_by', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('recorded_at', 'timestamptz', (col) => col.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addPrimaryKeyConstraint('order_handover_conditions_pkey', ['order_id', 'stage'])
    .addCheckConstraint('order_handover_conditions_stage_check', sql`stage IN ('delivery', 'return')`)
    .addCheckConstraint('order_handover_conditions_note_check', sql`char_length(note) BETWEEN 1 AND 500`)
    .addCheckConstraint('order_handover_conditions_confirmed_check', sql`confirmed_at IS NULL OR confirmed_at >= recorded_at`)
    .execute();

  await db.schema
    .createTable('order_handover_photos')
    .addColumn('order_id', 'uuid', (col) => col.notNull())
    .addColumn('stage', 'text', (col) => col.notNull())
    // 1 to 5: at most five photos per order and stage, whoever races.
    .addColumn('position', 'smallint', (col) => col.notNull())
    .addColumn('image_id', 'uuid', (col) => col.notNull().unique().references('images.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('order_handover_photos_pkey', ['order_id', 'stage', 'position'])
    .addForeignKeyConstraint('order_handover_photos_condition_fkey', ['order_id', 'stage'], 'order_handover_conditions', ['order_id', 'stage'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addCheckConstraint('order_handover_photos_position_check', sql`position BETWEEN 1 AND 5`)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_handover_photos').ifExists().execute();
  await db.schema.dropTable('order_handover_conditions').ifExists().execute();
  await sql`DELETE FROM images WHERE purpose = 'handover'`.execute(db);
  await setAllowedPurposes(db, (await allowedPurposes(db)).filter((purpose) => purpose !== 'handover'));
}
