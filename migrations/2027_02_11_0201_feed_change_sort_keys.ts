import { type Kysely, sql } from 'kysely';

// A published listing whose order or filtering changed (an approval, a price change, a
// renewal...) made the feed cache drop every page of its type: at 10 approvals a second
// little stayed cached. Now the NOTIFY says where such a listing sits in each of the feed's
// orders: 'listings:<entering>:<ids>', each entering listing as
// '<id>;<type>;<published_at, epoch ms>;<price_cents>;<owner_rating>', so the cache drops only
// the pages whose span of the order it falls in. Listings that leave or change inside their
// card stay in <ids> alone, as before. Frozen in time: never import app code here (the
// channel name is copied from server/src/realtime/notify-channels.ts).
const SHOWN_ONLY = `ARRAY['title', 'description', 'price_unit', 'image_id', 'tags', 'delivery_options', 'minimum_notice_hours', 'max_portions', 'rejection_reason', 'created_at', 'updated_at']`;

/**
 * What a listing that may enter pages says about itself, its columns named with `prefix` ('' or 'n.'):
 * its id, type and sort keys. A published listing always has a publication date (a CHECK); were it
 * missing, 'x' in its place makes the payload unreadable, which the app takes as everything.
 */
const ENTERING = (prefix: string) =>
  `string_agg(${prefix}id::text || ';' || ${prefix}type || ';' || coalesce((extract(epoch FROM ${prefix}published_at) * 1000)::text, 'x') || ';' || ${prefix}price_cents::text || ';' || ${prefix}owner_rating::text, ',')`;

/** Before: the types alone (2027_02_08_0801), every page of the type. */
const TYPES = (prefix: string) => `string_agg(DISTINCT ${prefix}type, ',')`;

/** The trigger function, with `aggregate(prefix)` the payload's middle part for the published listings whose order or filtering changed. */
function feedChangeFunction(aggregate: (prefix: string) => string): string {
  return `CREATE OR REPLACE FUNCTION notify_listing_feed_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
        SELECT count(*), string_agg(id::text, ','), ${aggregate('')} FILTER (WHERE status = 'active')
          INTO changed, ids, types FROM new_rows;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT count(*), string_agg(id::text, ',') INTO changed, ids FROM old_rows;
      ELSE
        SELECT count(*), string_agg(n.id::text, ','),
               ${aggregate('n.')} FILTER (WHERE n.status = 'active' AND (to_jsonb(o) - ${SHOWN_ONLY}) IS DISTINCT FROM (to_jsonb(n) - ${SHOWN_ONLY}))
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
    $$`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql.raw(feedChangeFunction(ENTERING)).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql.raw(feedChangeFunction(TYPES)).execute(db);
}
