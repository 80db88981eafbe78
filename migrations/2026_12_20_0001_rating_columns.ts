import { type Kysely, sql } from 'kysely';

// A person's rating kept as columns instead of two correlated sub-selects
// per feed row. A review counts once it is revealed (both sides reviewed, or the
// 14-day window ended: the reviews.reveal job flips it); the sums and counts on
// `users` and the mean on `listings.owner_rating` (the 'best rated' sort) are
// recounted by the database in the transaction that changes what counts, so no
// code path can forget them. Frozen in time: never import app code here.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE reviews ADD COLUMN revealed boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE reviews SET revealed = true WHERE visible_at <= now()`.execute(db);
  // The reveal job's look-up: only the few reviews still hidden.
  await sql`CREATE INDEX reviews_hidden_idx ON reviews (visible_at) WHERE NOT revealed`.execute(db);

  await sql`
    ALTER TABLE users
      ADD COLUMN rating_sum integer NOT NULL DEFAULT 0,
      ADD COLUMN rating_count integer NOT NULL DEFAULT 0,
      ADD COLUMN renter_rating_sum integer NOT NULL DEFAULT 0,
      ADD COLUMN renter_rating_count integer NOT NULL DEFAULT 0`.execute(db);
  // The owner's exact mean as lender, 0 while unrated (unrated owners sort last).
  await sql`ALTER TABLE listings ADD COLUMN owner_rating double precision NOT NULL DEFAULT 0`.execute(db);
  await sql`CREATE INDEX listings_rating_idx ON listings (status, type, owner_rating DESC, published_at DESC, id DESC)`.execute(db);

  // Recounts these people's columns from their revealed reviews. Their users rows are
  // locked first, in id order: a concurrent review of the same person waits, and the
  // statements after the lock (a fresh snapshot each, READ COMMITTED) see what it committed.
  await sql`
    CREATE FUNCTION recount_ratings(people uuid[]) RETURNS void LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM 1 FROM users WHERE id = ANY(people) ORDER BY id FOR NO KEY UPDATE;
      UPDATE users u SET
        rating_sum = t.rating_sum, rating_count = t.rating_count,
        renter_rating_sum = t.renter_rating_sum, renter_rating_count = t.renter_rating_count
      FROM (
        SELECT p.id,
               coalesce(sum(r.rating) FILTER (WHERE r.reviewee_role = 'owner'), 0)::int AS rating_sum,
               count(r.id) FILTER (WHERE r.reviewee_role = 'owner')::int AS rating_count,
               coalesce(sum(r.rating) FILTER (WHERE r.reviewee_role = 'requester'), 0)::int AS renter_rating_sum,
               count(r.id) FILTER (WHERE r.reviewee_role = 'requester')::int AS renter_rating_count
        FROM unnest(people) AS p(id)
        LEFT JOIN reviews r ON r.reviewee_id = p.id AND r.revealed
        GROUP BY p.id
      ) t
      WHERE u.id = t.id
        AND (u.rating_sum, u.rating_count, u.renter_rating_sum, u.renter_rating_count)
            IS DISTINCT FROM (t.rating_sum, t.rating_count, t.renter_rating_sum, t.renter_rating_count);
      UPDATE listings l SET owner_rating = CASE WHEN u.rating_count > 0 THEN u.rating_sum::float8 / u.rating_count ELSE 0 END
      FROM users u
      WHERE u.id = ANY(people) AND l.user_id = u.id
        AND l.owner_rating IS DISTINCT FROM (CASE WHEN u.rating_count > 0 THEN u.rating_sum::float8 / u.rating_count ELSE 0 END);
    END;
    $$`.execute(db);

  // Statement-level, so one statement revealing many reviews (the job, or both sides of
  // an order) locks its people once, in order: no deadlock between two such statements.
  await sql`
    CREATE FUNCTION reviews_recount_ratings() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      people uuid[];
    BEGIN
      IF TG_OP = 'INSERT' THEN
        SELECT array_agg(DISTINCT reviewee_id) INTO people FROM changed_new WHERE revealed;
      ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(DISTINCT reviewee_id) INTO people FROM changed_old WHERE revealed;
      ELSE
        SELECT array_agg(DISTINCT id) INTO people FROM (
          SELECT n.reviewee_id AS id FROM changed_new n JOIN changed_old o ON o.id = n.id
          WHERE (n.revealed OR o.revealed) AND (n.revealed, n.rating, n.reviewee_id, n.reviewee_role) IS DISTINCT FROM (o.revealed, o.rating, o.reviewee_id, o.reviewee_role)
          UNION
          SELECT o.reviewee_id FROM changed_new n JOIN changed_old o ON o.id = n.id
          WHERE o.revealed AND n.reviewee_id <> o.reviewee_id
        ) moved;
      END IF;
      IF people IS NOT NULL THEN
        PERFORM recount_ratings(people);
      END IF;
      RETURN NULL;
    END;
    $$`.execute(db);
  await sql`CREATE TRIGGER reviews_recount_insert AFTER INSERT ON reviews REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION reviews_recount_ratings()`.execute(db);
  await sql`CREATE TRIGGER reviews_recount_update AFTER UPDATE ON reviews REFERENCING NEW TABLE AS changed_new OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION reviews_recount_ratings()`.execute(
    db,
  );
  await sql`CREATE TRIGGER reviews_recount_delete AFTER DELETE ON reviews REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION reviews_recount_ratings()`.execute(db);

  // The reviews already there.
  await sql`SELECT recount_ratings(array_agg(id)) FROM users WHERE id IN (SELECT reviewee_id FROM reviews WHERE revealed)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS reviews_recount_delete ON reviews`.execute(db);
  await sql`DROP TRIGGER IF EXISTS reviews_recount_update ON reviews`.execute(db);
  await sql`DROP TRIGGER IF EXISTS reviews_recount_insert ON reviews`.execute(db);
  await sql`DROP FUNCTION IF EXISTS reviews_recount_ratings()`.execute(db);
  await sql`DROP FUNCTION IF EXISTS recount_ratings(uuid[])`.execute(db);
  await sql`DROP INDEX IF EXISTS listings_rating_idx`.execute(db);
  await sql`ALTER TABLE listings DROP COLUMN owner_rating`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN rating_sum, DROP COLUMN rating_count, DROP COLUMN renter_rating_sum, DROP COLUMN renter_rating_count`.execute(db);
  await sql`DROP INDEX IF EXISTS reviews_hidden_idx`.execute(db);
  await sql`ALTER TABLE reviews DROP COLUMN revealed`.execute(db);
}
