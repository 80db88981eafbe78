import { type Kysely, sql } from 'kysely';

// Reviews: after a completed order the requester rates the owner, once per order
// (decisions.md "Reviews and ratings"). Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reviews')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('order_id', 'uuid', (col) => col.notNull().references('orders.id').onDelete('restrict'))
    .addColumn('reviewer_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('reviewee_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('rating', 'smallint', (col) => col.notNull())
    .addColumn('comment', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('reviews_rating_check', sql`rating BETWEEN 1 AND 5`)
    .addCheckConstraint('reviews_comment_check', sql`length(comment) <= 500`)
    .addCheckConstraint('reviews_not_self_check', sql`reviewer_id <> reviewee_id`)
    .execute();
  // One review per order: a second one, even racing the service's check, is refused.
  await db.schema.createIndex('reviews_order_id_key').on('reviews').column('order_id').unique().execute();
  // A lister's rating and reviews (detail screens, cards, profile).
  await db.schema.createIndex('reviews_reviewee_idx').on('reviews').columns(['reviewee_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reviews').ifExists().execute();
}
