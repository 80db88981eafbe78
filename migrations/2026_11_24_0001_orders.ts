import { type Kysely, sql } from 'kysely';

// Orders: a resident requests a listing, the owner approves, hands it over and
// completes it (decisions.md "Orders"). Frozen in time: never import app code here
// (the limits below are copied from shared/src/orders as they were today).
export async function up(db: Kysely<any>): Promise<void> {
  // GiST operator classes for plain equality (listing_id WITH =) in the exclusion constraint.
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);

  await db.schema
    .createTable('orders')
    .addColumn('id', 'uuid', (col) => col.primaryKey().defaultTo(sql`gen_random_uuid()`))
    // Listings are deleted softly, so an order always points at its row (title and type stay readable).
    .addColumn('listing_id', 'uuid', (col) => col.notNull().references('listings.id').onDelete('restrict'))
    .addColumn('owner_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('restrict'))
    // The requester (spec: renter_id, whatever the listing type).
    .addColumn('renter_id', 'uuid', (col) => col.notNull().references('users.id').onDelete('restrict'))
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('pending'))
    // Computed by the server: days x daily price for rentals, the unit price otherwise.
    .addColumn('total_cents', 'integer', (col) => col.notNull())
    // Rentals only: calendar days in the condominium, both ends included.
    .addColumn('start_date', 'date')
    .addColumn('end_date', 'date')
    .addColumn('delivery_method', 'text', (col) => col.notNull().defaultTo('pickup'))
    .addColumn('delivery_address', 'text')
    .addColumn('scheduled_at', 'timestamptz')
    .addColumn('message', 'text')
    .addColumn('rejection_reason', 'text')
    .addColumn('cancellation_reason', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('approved_at', 'timestamptz')
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('rejected_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint(
      'orders_status_check',
      sql`status IN ('pending', 'approved', 'in_progress', 'completed', 'rejected', 'cancelled')`,
    )
    .addCheckConstraint('orders_not_own_listing_check', sql`renter_id <> owner_id`)
    .addCheckConstraint('orders_total_check', sql`total_cents > 0`)
    .addCheckConstraint('orders_period_pair_check', sql`(start_date IS NULL) = (end_date IS NULL)`)
    // 1 to 30 days, both ends included.
    .addCheckConstraint('orders_period_check', sql`end_date >= start_date AND end_date - start_date <= 29`)
    .addCheckConstraint('orders_delivery_method_check', sql`delivery_method IN ('pickup', 'delivery', 'scheduled')`)
    .addCheckConstraint('orders_delivery_address_check', sql`length(delivery_address) <= 200`)
    // Delivery needs an address; the scheduled method needs a date and time.
    .addCheckConstraint('orders_delivery_needs_address_check', sql`delivery_method <> 'delivery' OR coalesce(length(btrim(delivery_address)), 0) > 0`)
    .addCheckConstraint('orders_scheduled_check', sql`delivery_method <> 'scheduled' OR scheduled_at IS NOT NULL`)
    .addCheckConstraint('orders_message_check', sql`length(message) <= 500`)
    .addCheckConstraint('orders_rejection_reason_check', sql`length(rejection_reason) <= 500`)
    .addCheckConstraint('orders_cancellation_reason_check', sql`length(cancellation_reason) <= 500`)
    // Each status carries the moments that led to it.
    .addCheckConstraint(
      'orders_status_dates_check',
      sql`(status NOT IN ('approved', 'in_progress', 'completed') OR approved_at IS NOT NULL)
        AND (status NOT IN ('in_progress', 'completed') OR delivered_at IS NOT NULL)
        AND (status <> 'completed' OR completed_at IS NOT NULL)
        AND (status <> 'rejected' OR rejected_at IS NOT NULL)
        AND (status <> 'cancelled' OR cancelled_at IS NOT NULL)`,
    )
    .execute();

  // Two orders can never hold the same rental day (decisions.md): whatever races
  // past the service's check, the database refuses the overlapping one (23P01).
  await sql`
    ALTER TABLE orders ADD CONSTRAINT orders_rental_overlap_excl
    EXCLUDE USING gist (listing_id WITH =, daterange(start_date, end_date, '[]') WITH &&)
    WHERE (status IN ('pending', 'approved', 'in_progress') AND start_date IS NOT NULL)
  `.execute(db);

  // /meus-pedidos, /gerenciar-pedidos and the home activity, newest first.
  await db.schema.createIndex('orders_renter_idx').on('orders').columns(['renter_id', 'created_at']).execute();
  await db.schema.createIndex('orders_owner_idx').on('orders').columns(['owner_id', 'created_at']).execute();
  // The rental calendar and the 'Disponível' chip.
  await db.schema.createIndex('orders_listing_idx').on('orders').columns(['listing_id', 'status']).execute();
  // The admin orders section, newest first, by status.
  await db.schema.createIndex('orders_status_idx').on('orders').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('orders_created_idx').on('orders').column('created_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('orders').ifExists().execute();
  await sql`DROP EXTENSION IF EXISTS btree_gist`.execute(db);
}
