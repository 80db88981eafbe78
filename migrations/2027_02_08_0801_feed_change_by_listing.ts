import { type Kysely, sql } from 'kysely';

// The feed cache dropped every page on any statement on listings, so a steady trickle of
// writes (10 a second) kept it empty. Now a statement on listings or their photos tells
// which listings it changed, and whether a page that does not show them may change too:
// 'listings:<types>:<ids>' on 'vizinhanca_feed'. A listing that is not published after the
// change (paused, back to review, deleted), or whose change only shows inside its card
// (title, description, tags, photos...), changes only the pages that read it, so <types> is
// empty; one published with a change to what orders or filters pages (status, publication,
// expiry, price, rating, type, chips, owner...) may enter any page of its type: its type is
// listed. More than 50 rows, or a TRUNCATE: 'listings', every page. Every column not named as
// shown-only counts as ordering or filtering, so a new column is safe by default.
// Frozen in time: never import app code here (the channel name is copied from
// server/src/realtime/notify-channels.ts).
const SHOWN_ONLY = `ARRAY['title', 'description', 'price_unit', 'image_id', 'tags', 'delivery_options', 'minimum_notice_hours', 'max_portions', 'rejection_reason', 'created_at', 'updated_at']`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER listings_notify_feed ON listings`.execute(db);
  await sql`DROP TRIGGER listing_photos_notify_feed ON listing_photos`.execute(db);
  await sql
    .raw(
      `CREATE FUNCTION notify_listing_feed_change() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      changed int;
      ids text;
      types text;
    BEGIN
      IF TG_TABLE_NAME = 'listing_photos' THEN
        IF TG_OP = 'DELETE' THEN
          SELECT count(DISTINCT listing_id), string_agg(DISTINCT listing_id::text, ',') INTO changed, ids FROM old_rows;
        ELSE
          SELECT count(DISTINCT listing_id), string_agg(DISTINCT listing_id::text, ',') INTO changed, ids FROM new_rows;
        END IF;
      ELSIF TG_OP = 'INSERT' THEN
        SELECT count(*), string_agg(id::text, ','), string_agg(DISTINCT type, ',') FILTER (WHERE status = 'active')
          INTO changed, ids, types FROM new_rows;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT count(*), string_agg(id::text, ',') INTO changed, ids FROM old_rows;
      ELSE
        SELECT count(*), string_agg(n.id::text, ','),
               string_agg(DISTINCT n.type, ',') FILTER (WHERE n.status = 'active' AND (to_jsonb(o) - ${SHOWN_ONLY}) IS DISTINCT FROM (to_jsonb(n) - ${SHOWN_ONLY}))
          INTO changed, ids, types
          FROM new_rows n JOIN old_rows o ON o.id = n.id;
      END IF;
      IF changed = 0 THEN
        RETURN NULL;
      END IF;
      IF changed > 50 THEN
        PERFORM pg_notify('vizinhanca_feed', 'listings');
      ELSE
        PERFORM pg_notify('vizinhanca_feed', 'listings:' || coalesce(types, '') || ':' || ids);
      END IF;
      RETURN NULL;
    END;
    $$`,
    )
    .execute(db);
  for (const table of ['listings', 'listing_photos']) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_insert_notify_feed AFTER INSERT ON ${table} REFERENCING NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_feed_change()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_update_notify_feed AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
         FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_feed_change()`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_delete_notify_feed AFTER DELETE ON ${table} REFERENCING OLD TABLE AS old_rows
         FOR EACH STATEMENT EXECUTE FUNCTION notify_listing_feed_change()`,
      )
      .execute(db);
    await sql.raw(`CREATE TRIGGER ${table}_truncate_notify_feed AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_change('listings')`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['listings', 'listing_photos']) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) await sql.raw(`DROP TRIGGER ${table}_${event}_notify_feed ON ${table}`).execute(db);
  }
  await sql`DROP FUNCTION notify_listing_feed_change()`.execute(db);
  await sql`
    CREATE TRIGGER listings_notify_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON listings
    FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_change('listings')`.execute(db);
  await sql`
    CREATE TRIGGER listing_photos_notify_feed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON listing_photos
    FOR EACH STATEMENT EXECUTE FUNCTION notify_feed_change('listings')`.execute(db);
}
