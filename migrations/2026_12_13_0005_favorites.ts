import { type Kysely, sql } from 'kysely';

// Favourites ('Salvar'; the profile's 'Salvos'): one row per person and listing.
// Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('listing_id', 'uuid', (col) => col.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('favorites_pkey', ['user_id', 'listing_id'])
    .execute();
  // 'Salvos', newest saved first.
  await db.schema.createIndex('favorites_user_created_idx').on('favorites').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('favorites').ifExists().execute();
}
