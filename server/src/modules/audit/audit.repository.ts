import { type RawBuilder, sql } from 'kysely';
import type { AuditAction, AuditTargetType } from '@vizinhanca/shared/audit/audit.schema';
import { type Db, prepared, writeLater } from '../../db/database.ts';
import { compiledOnce } from '../../db/query-templates.ts';

export interface NewAuditEntry {
  actorId: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  reason?: string | null;
  /** The title the entry keeps, given when the target's row is written after the entry (read from it otherwise). */
  targetLabel?: string;
  at: Date;
}

const json = (value: Record<string, unknown> | null | undefined) => (value ? JSON.stringify(value) : null);

/** The tables that hold the title of an entry's target (the listing's, or the listing's of an order), by target type. */
export const TITLE_SOURCES: Partial<Record<AuditTargetType, (targetId: string) => RawBuilder<string | null>>> = {
  listing: (targetId) => sql<string | null>`(SELECT l.title FROM listings l WHERE l.id = ${targetId})`,
  order: (targetId) => sql<string | null>`(SELECT l.title FROM orders o JOIN listings l ON l.id = o.listing_id WHERE o.id = ${targetId})`,
  announcement: (targetId) => sql<string | null>`(SELECT a.title FROM announcements a WHERE a.id = ${targetId})`,
  request: (targetId) => sql<string | null>`(SELECT w.title FROM wanted_requests w WHERE w.id = ${targetId})`,
};

/** An entry's columns as values, every one given (a value left out would change the statement). */
function entryValues(entry: NewAuditEntry) {
  return {
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: json(entry.before),
    after: json(entry.after),
    reason: entry.reason ?? null,
    at: entry.at,
  };
}
type EntryValues = ReturnType<typeof entryValues>;

/**
 * The entry's statement. Its label: the one given (`label`), or with `titleOf` the title of its listing at the time, read in
 * the entry's own transaction (the entry keeps it, so a later rename does not rewrite history).
 */
export function insertEntryQuery(db: Db, values: EntryValues & { label?: string | null }, titleOf?: (targetId: string) => RawBuilder<string | null>) {
  return db
    .insertInto('audit_log')
    .values({
      actor_id: values.actorId,
      action: values.action,
      target_type: values.targetType,
      target_id: values.targetId,
      before: values.before,
      after: values.after,
      reason: values.reason,
      target_label: titleOf ? titleOf(values.targetId!) : (values.label ?? null),
      created_at: values.at,
    })
    .returning('id');
}

function insertEntryStatement(db: Db, entry: NewAuditEntry) {
  const values = entryValues(entry);
  const titleOf = entry.targetLabel === undefined && entry.targetId ? TITLE_SOURCES[entry.targetType] : undefined;
  // Compiled once per kind of label: every audited change (an order, a decision) writes one.
  return titleOf && entry.targetId
    ? compiledOnce(`audit.insert.title:${entry.targetType}`, { ...values, targetId: entry.targetId }, (templateValues) => insertEntryQuery(db, templateValues, titleOf))
    : compiledOnce('audit.insert', { ...values, label: entry.targetLabel ?? null }, (templateValues) => insertEntryQuery(db, templateValues));
}

/** The new entry's id (its personal values are kept under it). */
export async function insertEntry(db: Db, entry: NewAuditEntry): Promise<string> {
  const [row] = await prepared(db, insertEntryStatement(db, entry));
  return row!.id;
}

/** An entry whose id nobody reads, written with the transaction's next statement (database.ts's writeLater). */
export function insertEntryLater(db: Db, entry: NewAuditEntry): Promise<void> {
  return writeLater(db, insertEntryStatement(db, entry));
}

/** One entry's personal values, kept beside the log so they can be forgotten (LGPD). */
export function insertPersonalValues(db: Db, values: { auditId: string; userId: string; before: Record<string, unknown>; after: Record<string, unknown> }) {
  return db
    .insertInto('audit_personal_values')
    .values({ audit_id: values.auditId, user_id: values.userId, before: JSON.stringify(values.before), after: JSON.stringify(values.after) })
    .execute();
}

/** Anonymisation: every personal value recorded about this person goes; the entries stay. */
export function deletePersonalValuesOf(db: Db, userId: string) {
  return db.deleteFrom('audit_personal_values').where('user_id', '=', userId).execute();
}

/**
 * The entries about a person, their listings and their orders, with the values an anonymisation
 * may blank, and whether the title kept then is of the person's own listing (not another owner's).
 */
export function listEntriesAbout(db: Db, targets: { userId: string; listingIds: string[]; orderIds: string[]; requestIds: string[] }) {
  return db
    .selectFrom('audit_log as a')
    .select(['a.id', 'a.before', 'a.after', 'a.reason', 'a.target_label'])
    .select(
      sql<boolean>`a.target_type IN ('listing', 'request') OR EXISTS (SELECT 1 FROM orders o WHERE o.id = a.target_id AND o.owner_id = ${targets.userId})`.as('labels_own_listing'),
    )
    .where((eb) =>
      eb.or([
        eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', targets.userId)]),
        eb.and([eb('target_type', '=', 'listing'), eb('target_id', 'in', nonEmpty(targets.listingIds))]),
        eb.and([eb('target_type', '=', 'order'), eb('target_id', 'in', nonEmpty(targets.orderIds))]),
        eb.and([eb('target_type', '=', 'request'), eb('target_id', 'in', nonEmpty(targets.requestIds))]),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** `in ()` is not SQL: an empty list matches no id. */
const nonEmpty = (ids: string[]) => (ids.length ? ids : ['00000000-0000-0000-0000-000000000000']);

/**
 * Writes an entry's blanked values. The only update the log allows (its trigger
 * checks it): values of the same keys, the reason and the title kept then, replaced by the marker.
 */
export function writeRedacted(db: Db, id: string, values: { before: unknown; after: unknown; reason: string | null; targetLabel: string | null }) {
  const jsonText = (value: unknown) => (value === null ? null : JSON.stringify(value));
  return sql`UPDATE audit_log
                SET before = ${jsonText(values.before)}::jsonb, after = ${jsonText(values.after)}::jsonb, reason = ${values.reason}, target_label = ${values.targetLabel}
              WHERE id = ${id}`.execute(db);
}

/**
 * A readable name for the record each entry is about: the listing's title as it was then (kept
 * by the entry; entries older than that keep the current title), the person's current name
 * (personal data is not copied into the log: an anonymised person reads 'Ex-morador').
 */
const targetLabel = sql<string | null>`coalesce(a.target_label, CASE a.target_type
  WHEN 'user' THEN (SELECT u.full_name FROM users u WHERE u.id = a.target_id)
  WHEN 'listing' THEN (SELECT l.title FROM listings l WHERE l.id = a.target_id)
  WHEN 'order' THEN (SELECT l.title FROM orders o JOIN listings l ON l.id = o.listing_id WHERE o.id = a.target_id)
  WHEN 'billing' THEN (SELECT u.full_name FROM billings b JOIN users u ON u.id = b.user_id WHERE b.id = a.target_id)
END)`;

function entries(db: Db) {
  return db
    .selectFrom('audit_log as a')
    .leftJoin('users as actor', 'actor.id', 'a.actor_id')
    .leftJoin('audit_personal_values as pv', 'pv.audit_id', 'a.id')
    .select([
      'pv.before as personal_before',
      'pv.after as personal_after',
      sql<boolean>`a.target_type = 'user' AND EXISTS (SELECT 1 FROM users t WHERE t.id = a.target_id AND t.anonymized_at IS NOT NULL)`.as('target_anonymized'),
      'a.id',
      'a.actor_id',
      'actor.full_name as actor_full_name',
      'actor.avatar_url as actor_avatar_url',
      'a.action',
      'a.target_type',
      'a.target_id',
      'a.before',
      'a.after',
      'a.reason',
      'a.created_at',
      targetLabel.as('target_label'),
    ]);
}

/** Newest first, paged by id (the log only grows, so ids follow time). */
export function listPage(db: Db, cursor: string | null, limit: number) {
  let query = entries(db);
  if (cursor) query = query.where('a.id', '<', cursor);
  return query.orderBy('a.id', 'desc').limit(limit + 1).execute();
}

/** How many entries after a moment, and the oldest of them. */
export function countAfter(db: Db, after: Date) {
  return db
    .selectFrom('audit_log')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('created_at', '>', after)
    .executeTakeFirstOrThrow()
    .then((row) => ({ count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null }));
}

/** Every entry, oldest first, as a stream for the CSV export. */
export function streamAll(db: Db) {
  return entries(db).orderBy('a.id', 'asc').stream(500);
}

export type AuditRow = Awaited<ReturnType<typeof listPage>>[number];
