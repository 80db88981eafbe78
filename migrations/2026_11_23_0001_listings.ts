import { type Kysely, sql } from 'kysely';

// Listings: rentals, food and services published by residents and moderated by
// the administration. Frozen in time: never import app code here (the limits
// below are copied from shared/src/listings/listing.schema.ts as they were today).
export async function up(db: Kysely<any>): Promise<void> {
  // Trigram indexes serve the case-insensitive substring search (ILIKE '%term%').
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await db.schema
    .createTable('listings')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // No cascade: a person with listings (and, later, orders) is never deleted by accident.
    .addColumn('user_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('price_cents', 'integer', (col) => col.notNull())
    // rental: per day; food: per unit; service: per hour or per service (decisions.md).
    .addColumn('price_unit', 'text', (col) => col.notNull())
    // Keys produced by the server's storage module (card size and detail size); never client paths.
    // An image re-encoded by the server (its files are derived from the id).
    .addColumn('image_id', 'uuid', (col) => col.references('images.id').onDelete('set null'))
    .addColumn('tags', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('delivery_options', sql`text[]`, (col) => col.notNull().defaultTo(sql`'{pickup}'::text[]`))
    .addColumn('requires_advance_order', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('minimum_notice_hours', 'integer')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    // Who paused it: the owner ('inactive'), or the administration or billing ('paused').
    // An owner may reactivate only what they paused themselves.
    .addColumn('paused_by', 'text')
    .addColumn('rejection_reason', 'text')
    .addColumn('published_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Soft delete: orders keep pointing at the row; every screen filters it out.
    .addColumn('deleted_at', 'timestamptz')
    .addCheckConstraint('listings_type_check', sql`type IN ('rental', 'food', 'service')`)
    .addCheckConstraint('listings_title_check', sql`length(btrim(title)) BETWEEN 1 AND 100`)
    .addCheckConstraint('listings_description_check', sql`length(btrim(description)) BETWEEN 1 AND 2000`)
    .addCheckConstraint('listings_price_check', sql`price_cents > 0 AND price_cents <= 10000000`)
    .addCheckConstraint(
      'listings_price_unit_check',
      sql`(type = 'rental' AND price_unit = 'day') OR (type = 'food' AND price_unit = 'unit')
        OR (type = 'service' AND price_unit IN ('hour', 'service'))`,
    )
    .addCheckConstraint('listings_tags_check', sql`cardinality(tags) <= 5`)
    .addCheckConstraint(
      'listings_delivery_options_check',
      sql`cardinality(delivery_options) >= 1 AND delivery_options <@ ARRAY['pickup', 'delivery', 'scheduled']::text[]`,
    )
    // Advance order is a food thing; when required it has a notice of at least one hour (up to 30 days).
    .addCheckConstraint('listings_advance_order_food_check', sql`type = 'food' OR NOT requires_advance_order`)
    .addCheckConstraint(
      'listings_minimum_notice_check',
      sql`(requires_advance_order AND minimum_notice_hours BETWEEN 1 AND 720)
        OR (NOT requires_advance_order AND minimum_notice_hours IS NULL)`,
    )
    .addCheckConstraint('listings_status_check', sql`status IN ('pending', 'active', 'paused', 'inactive', 'rejected')`)
    .addCheckConstraint(
      'listings_paused_by_check',
      sql`(status = 'inactive' AND paused_by = 'owner')
        OR (status = 'paused' AND paused_by IN ('admin', 'billing'))
        OR (status NOT IN ('inactive', 'paused') AND paused_by IS NULL)`,
    )
    // Anything that was approved once has its publication and expiry dates.
    .addCheckConstraint(
      'listings_published_check',
      sql`status NOT IN ('active', 'inactive', 'paused') OR (published_at IS NOT NULL AND expires_at IS NOT NULL)`,
    )
    .addCheckConstraint('listings_rejection_reason_check', sql`length(rejection_reason) <= 500`)
    .execute();

  // The public feed: active listings newest first, paged by (published_at, id).
  await sql`CREATE INDEX listings_feed_idx ON listings (status, published_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX listings_title_trgm_idx ON listings USING gin (title gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX listings_description_trgm_idx ON listings USING gin (description gin_trgm_ops)`.execute(db);
  // "My listings" and the owner's counters.
  await db.schema.createIndex('listings_user_idx').on('listings').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('listings').ifExists().execute();
  await sql`DROP EXTENSION IF EXISTS pg_trgm`.execute(db);
}
