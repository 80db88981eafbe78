import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { isActiveResident } from '../../db/residents.ts';
import { wantsDelivery } from '../../db/notification-preferences.ts';

/** Announcements listed on /comunicados at most (the newest). */
export const ANNOUNCEMENT_LIST_LIMIT = 50;

export interface NewAnnouncement {
  authorId: string;
  title: string;
  body: string;
  imageId: string | null;
  pinnedUntil: string | null;
  at: Date;
}

export function insertAnnouncement(db: Db, announcement: NewAnnouncement) {
  return db
    .insertInto('announcements')
    .values({
      author_id: announcement.authorId,
      title: announcement.title,
      body: announcement.body,
      image_id: announcement.imageId,
      pinned_until: announcement.pinnedUntil,
      created_at: announcement.at,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
}

/**
 * The fan-out, in one statement: every active resident but the author becomes a recipient,
 * and each recipient gets the notification and the live event (one payload for all). One
 * statement sees one snapshot, so the three sets are the same people; inside the caller's
 * transaction, all of them or none commit. Answers how many received it.
 */
export async function fanOut(
  db: Db,
  options: { announcementId: string; authorId: string; notification: { title: string; message: string }; at: Date; event: { kind: string; payloadText: string } },
): Promise<number> {
  const { rows } = await sql<{ recipients: string }>`
    WITH recipients AS (
      INSERT INTO announcement_recipients (announcement_id, user_id)
      SELECT ${options.announcementId}::uuid, u.id FROM users u
       WHERE u.approval_status = 'approved' AND NOT u.is_suspended AND u.id <> ${options.authorId}
      RETURNING user_id
    ), notified AS (
      INSERT INTO notifications (user_id, type, title, message, related_id, created_at)
      SELECT user_id, 'announcement', ${options.notification.title}, ${options.notification.message}, ${options.announcementId}::uuid, ${options.at}
        FROM recipients
    ), published AS (
      INSERT INTO events (user_id, kind, payload)
      SELECT user_id, ${options.event.kind}, ${options.event.payloadText}::jsonb FROM recipients
    )
    SELECT count(*) AS recipients FROM recipients`.execute(db);
  return Number(rows[0]!.recipients);
}

/** The same live event for every active resident (an edit or removal: banners and lists reload). */
export async function publishToActiveResidents(db: Db, event: { kind: string; payloadText: string }) {
  await sql`
    INSERT INTO events (user_id, kind, payload)
    SELECT u.id, ${event.kind}, ${event.payloadText}::jsonb FROM users u
     WHERE u.approval_status = 'approved' AND NOT u.is_suspended`.execute(db);
}

/** The announcement, locked for an edit or removal. */
export function lockAnnouncement(db: Db, id: string) {
  return db
    .selectFrom('announcements')
    .select(['id', 'title', 'body', 'image_id', 'pinned_until', 'removed_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export function updateAnnouncement(db: Db, id: string, fields: { title: string; body: string; imageId: string | null; pinnedUntil: string | null; at: Date }) {
  return db
    .updateTable('announcements')
    .set({ title: fields.title, body: fields.body, image_id: fields.imageId, pinned_until: fields.pinnedUntil, edited_at: fields.at })
    .where('id', '=', id)
    .execute();
}

export function markRemoved(db: Db, id: string, at: Date) {
  return db.updateTable('announcements').set({ removed_at: at }).where('id', '=', id).execute();
}

/** Whether this upload is the user's own announcement photo. */
export async function isOwnAnnouncementPhoto(db: Db, imageId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('images')
    .select('id')
    .where('id', '=', imageId)
    .where('user_id', '=', userId)
    .where('purpose', '=', 'announcement')
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Newest first, those not removed: each with its author, whether this reader got it and
 * has not read it, and (`withReads`: administrators) how many of its recipients read it.
 */
export function listAnnouncements(db: Db, readerId: string, withReads: boolean) {
  return db
    .selectFrom('announcements as a')
    .innerJoin('users as author', 'author.id', 'a.author_id')
    .leftJoin('announcement_recipients as mine', (join) => join.onRef('mine.announcement_id', '=', 'a.id').on('mine.user_id', '=', readerId))
    .select([
      'a.id',
      'a.title',
      'a.body',
      'a.image_id',
      'a.pinned_until',
      'a.created_at',
      'a.edited_at',
      'author.full_name as author_name',
      sql<boolean>`(mine.user_id IS NOT NULL AND mine.read_at IS NULL)`.as('unread'),
    ])
    .$if(withReads, (query) =>
      query.select([
        sql<string>`(SELECT count(*) FROM announcement_recipients r WHERE r.announcement_id = a.id AND r.read_at IS NOT NULL)`.as('read_count'),
        sql<string>`(SELECT count(*) FROM announcement_recipients r WHERE r.announcement_id = a.id)`.as('recipient_count'),
      ]),
    )
    .where('a.removed_at', 'is', null)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(ANNOUNCEMENT_LIST_LIMIT)
    .execute();
}

/** The newest announcement pinned until `today` or later (not removed), for the top of home. */
export function findPinned(db: Db, today: string) {
  return db
    .selectFrom('announcements')
    .select(['id', 'title', 'pinned_until'])
    .where('removed_at', 'is', null)
    .where('pinned_until', '>=', today)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Marks every announcement this reader got as read; the ids of those that were unread. */
export async function markAllRead(db: Db, userId: string, at: Date): Promise<string[]> {
  const rows = await db
    .updateTable('announcement_recipients')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .returning('announcement_id')
    .execute();
  return rows.map((row) => row.announcement_id);
}

/** The notifications of these announcements to this reader, marked read with them (the centre's badge follows). */
export async function markNotificationsRead(db: Db, userId: string, announcementIds: string[]): Promise<number> {
  if (!announcementIds.length) return 0;
  const rows = await db
    .updateTable('notifications')
    .set({ read: true })
    .where('user_id', '=', userId)
    .where('type', '=', 'announcement')
    .where('related_id', 'in', announcementIds)
    .where('read', '=', false)
    .returning('id')
    .execute();
  return rows.length;
}

/** What the delivery job needs of the announcement: nothing once it was removed. */
export function findForDelivery(db: Db, id: string) {
  return db.selectFrom('announcements').select(['id', 'title', 'body', 'removed_at']).where('id', '=', id).executeTakeFirst();
}

/**
 * The recipients still active, with their address and switches (no row of preferences:
 * all on), a page at a time by user id.
 */
export function listDeliveryRecipients(db: Db, announcementId: string, afterUserId: string | null, limit: number) {
  return db
    .selectFrom('announcement_recipients as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('notification_preferences as p', 'p.user_id', 'r.user_id')
    .select([
      'u.id',
      'u.email',
      'u.full_name',
      wantsDelivery('email', 'announcements').as('wants_email'),
      wantsDelivery('push', 'announcements').as('wants_push'),
    ])
    .where('r.announcement_id', '=', announcementId)
    .where(isActiveResident)
    .$if(afterUserId !== null, (query) => query.where('u.id', '>', afterUserId!))
    .orderBy('u.id')
    .limit(limit)
    .execute();
}
