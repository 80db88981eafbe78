import { type Kysely, sql } from 'kysely';

// Up to 5 photos per listing, in order. Each photo is an uploaded image
// at a position 0-4, so a sixth one has nowhere to go, and one image appears once
// per listing. listings.image_id stays as the cover (the photo at the lowest
// position), kept by a trigger for every write path: cards, orders and exports
// read it without looking at the photos. The existing photo becomes position 0.
// Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('listing_photos')
    .addColumn('listing_id', 'uuid', (col) => col.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('position', 'smallint', (col) => col.notNull())
    .addColumn('image_id', 'uuid', (col) => col.notNull().references('images.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('listing_photos_pkey', ['listing_id', 'position'])
    .addUniqueConstraint('listing_photos_image_unique', ['listing_id', 'image_id'])
    .addCheckConstraint('listing_photos_position_check', sql`position BETWEEN 0 AND 4`)
    .execute();
  // Who may see an image: the listings showing it (image access, orphan cleanup).
  await db.schema.createIndex('listing_photos_image_idx').on('listing_photos').column('image_id').execute();

  await sql`INSERT INTO listing_photos (listing_id, position, image_id) SELECT id, 0, image_id FROM listings WHERE image_id IS NOT NULL`.execute(db);

  await sql`
    CREATE FUNCTION listing_photos_cover() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      target uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.listing_id ELSE NEW.listing_id END;
    BEGIN
      UPDATE listings
      SET image_id = (SELECT p.image_id FROM listing_photos p WHERE p.listing_id = target ORDER BY p.position LIMIT 1)
      WHERE id = target;
      IF TG_OP = 'UPDATE' AND OLD.listing_id <> NEW.listing_id THEN
        UPDATE listings
        SET image_id = (SELECT p.image_id FROM listing_photos p WHERE p.listing_id = OLD.listing_id ORDER BY p.position LIMIT 1)
        WHERE id = OLD.listing_id;
      END IF;
      RETURN NULL;
    END
    $$
  `.execute(db);
  await sql`
    CREATE TRIGGER listing_photos_cover AFTER INSERT OR UPDATE OR DELETE ON listing_photos
    FOR EACH ROW EXECUTE FUNCTION listing_photos_cover()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS listing_photos_cover ON listing_photos`.execute(db);
  await sql`DROP FUNCTION IF EXISTS listing_photos_cover()`.execute(db);
  // listings.image_id already holds each listing's cover: the single photo of before.
  await db.schema.dropTable('listing_photos').ifExists().execute();
}
