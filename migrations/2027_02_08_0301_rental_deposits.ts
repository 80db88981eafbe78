import { type Kysely, sql } from 'kysely';

// The deposit (caução) of a rental: the listing asks for one (R$ 0 to R$ 5.000,00; 0 is none),
// the order keeps the amount asked when it was made, and at the end the owner records it as
// returned or retained (part or all of it, with a reason and up to 5 photos of their own
// purpose); the requester accepts or contests the record. No money passes through the app.
// The settlement names the order's deposit through a foreign key on (order id, amount), so a
// retained amount is checked against the very deposit of its order. Frozen in time: never import app code here.

/**
 * The values a `column IN (...)` check allows now. Other migrations of the same days widen the
 * same check (image purposes): reading it, rather than restating its list, keeps what they added.
 */
async function allowedValues(db: Kysely<any>, table: string, constraint: string): Promise<string[]> {
  const { rows } = await sql<{ definition: string }>`
    SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE conname = ${constraint} AND conrelid = ${table}::regclass`.execute(db);
  return [...(rows[0]?.definition ?? '').matchAll(/'([a-z_]+)'/g)].map((match) => match[1]!);
}

async function changeImagePurposes(db: Kysely<any>, purpose: string, widen: boolean) {
  const current = await allowedValues(db, 'images', 'images_purpose_check');
  const values = widen ? [...current.filter((item) => item !== purpose), purpose] : current.filter((item) => item !== purpose);
  await sql`ALTER TABLE images DROP CONSTRAINT images_purpose_check`.execute(db);
  await sql`ALTER TABLE images ADD CONSTRAINT images_purpose_check CHECK (purpose IN (${sql.join(values.map((item) => sql.lit(item)))}))`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('listings').addColumn('deposit_cents', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await sql`ALTER TABLE listings ADD CONSTRAINT listings_deposit_cents_check CHECK (deposit_cents BETWEEN 0 AND 500000 AND (type = 'rental' OR deposit_cents = 0))`.execute(db);

  await db.schema.alterTable('orders').addColumn('deposit_cents', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_deposit_cents_check CHECK (deposit_cents BETWEEN 0 AND 500000)`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_id_deposit_key UNIQUE (id, deposit_cents)`.execute(db);

  await db.schema
    .createTable('deposit_settlements')
    .addColumn('order_id', 'uuid', (col) => col.primaryKey())
    .addColumn('deposit_cents', 'integer', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull().check(sql`outcome IN ('returned', 'retained')`))
    .addColumn('retained_cents', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reason', 'text')
    .addColumn('settled_by', 'uuid', (col) => col.notNull().references('users.id'))
    .addColumn('settled_at', 'timestamptz', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.check(sql`answer IN ('accepted', 'contested')`))
    .addColumn('answered_at', 'timestamptz')
    .addForeignKeyConstraint('deposit_settlements_order_deposit_fkey', ['order_id', 'deposit_cents'], 'orders', ['id', 'deposit_cents'], (fk) => fk.onDelete('cascade'))
    .addCheckConstraint('deposit_settlements_deposit_check', sql`deposit_cents > 0`)
    .addCheckConstraint(
      'deposit_settlements_retained_check',
      sql`(outcome = 'returned' AND retained_cents = 0)
        OR (outcome = 'retained' AND retained_cents > 0 AND retained_cents <= deposit_cents AND reason IS NOT NULL)`,
    )
    .addCheckConstraint('deposit_settlements_reason_check', sql`reason IS NULL OR length(btrim(reason)) BETWEEN 1 AND 500`)
    .addCheckConstraint('deposit_settlements_answered_check', sql`(answer IS NULL) = (answered_at IS NULL)`)
    .execute();

  await db.schema
    .createTable('deposit_settlement_photos')
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('deposit_settlements.order_id').onDelete('cascade'))
    .addColumn('position', 'smallint', (col) => col.notNull().check(sql`position BETWEEN 0 AND 4`))
    // An anonymised uploader's images are erased: the photo leaves the record with them.
    .addColumn('image_id', 'uuid', (col) => col.notNull().unique().references('images.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('deposit_settlement_photos_pkey', ['order_id', 'position'])
    .execute();

  await changeImagePurposes(db, 'deposit', true);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('deposit_settlement_photos').ifExists().execute();
  await db.schema.dropTable('deposit_settlements').ifExists().execute();
  await sql`DELETE FROM images WHERE purpose = 'deposit'`.execute(db);
  await changeImagePurposes(db, 'deposit', false);
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_id_deposit_key`.execute(db);
  await db.schema.alterTable('orders').dropColumn('deposit_cents').execute();
  await db.schema.alterTable('listings').dropColumn('deposit_cents').execute();
}
