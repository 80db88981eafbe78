import { type Kysely, sql } from 'kysely';

// Every instance keeps answers of the public feed in memory. Whatever changes
// what a feed row shows or whether it shows (a listing, its photos, its owner's name,
// apartment, phone, avatar, rating, approval or suspension; for the 'available' chip,
// an order holding a rental) tells every instance on commit: one NOTIFY on
// 'vizinhanca_feed' with what changed ('listings' or 'orders'). Postgres folds identical
// NOTIFYs of one transaction into one, so a bulk change costs one message.
// Frozen in time: never import app code here (the channel name is copied from
// server/src/realtime/notify-channels.ts).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_feed_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('vizinhanca_feed', TG_ARGV[0]);
      RETURN NULL;
    END;
    $$`.execute(db);
  // Any statement on listings or their photos (once per statement, even for 100,000 rows).
  await sql`
    CREATE TRIGGER listings_notify_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON listings
    FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_change('listings')`.execute(db);
  await sql`
    CREATE TRIGGER listing_photos_notify_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON listing_photos
    FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_change('listings')`.execute(db);
  // A photo's proportions (new images change nothing until a listing points at them).
  await sql`
    CREATE TRIGGER images_notify_feed AFTER UPDATE OR DELETE ON images
    FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_change('listings')`.execute(db);
  // Owners: only the columns a feed row shows or filters on.
  await sql`
    CREATE TRIGGER users_notify_feed AFTER UPDATE ON users
    FOR EACH ROW WHEN ((OLD.full_name, OLD.apartment, OLD.phone, OLD.avatar_url, OLD.rating_sum, OLD.rating_count, OLD.approval_status, OLD.is_suspended)
      IS DISTINCT FROM (NEW.full_name, NEW.apartment, NEW.phone, NEW.avatar_url, NEW.rating_sum, NEW.rating_count, NEW.approval_status, NEW.is_suspended))
    EXECUTE FUNCTION notify_feed_change('listings')`.execute(db);
  await sql`
    CREATE TRIGGER users_delete_notify_feed AFTER DELETE ON users
    FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_change('listings')`.execute(db);
  // The 'available' chip: orders approved or in progress hold a rental (a new pending order changes nothing).
  await sql`
    CREATE TRIGGER orders_insert_notify_feed AFTER INSERT ON orders
    FOR EACH ROW WHEN (NEW.status IN ('approved', 'in_progress'))
    EXECUTE FUNCTION notify_feed_change('orders')`.execute(db);
  await sql`
    CREATE TRIGGER orders_update_notify_feed AFTER UPDATE ON orders
    FOR EACH ROW WHEN ((OLD.status IN ('approved', 'in_progress') OR NEW.status IN ('approved', 'in_progress'))
      AND (OLD.status, OLD.start_date, OLD.end_date, OLD.listing_id) IS DISTINCT FROM (NEW.status, NEW.start_date, NEW.end_date, NEW.listing_id))
    EXECUTE FUNCTION notify_feed_change('orders')`.execute(db);
  await sql`
    CREATE TRIGGER orders_delete_notify_feed AFTER DELETE ON orders
    FOR EACH ROW WHEN (OLD.status IN ('approved', 'in_progress'))
    EXECUTE FUNCTION notify_feed_change('orders')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [trigger, table] of [
    ['orders_delete_notify_feed', 'orders'],
    ['orders_update_notify_feed', 'orders'],
    ['orders_insert_notify_feed', 'orders'],
    ['users_delete_notify_feed', 'users'],
    ['users_notify_feed', 'users'],
    ['images_notify_feed', 'images'],
    ['listing_photos_notify_feed', 'listing_photos'],
    ['listings_notify_feed', 'listings'],
  ] as const) {
    await sql`DROP TRIGGER ${sql.id(trigger)} ON ${sql.id(table)}`.execute(db);
  }
  await sql`DROP FUNCTION notify_feed_change()`.execute(db);
}
