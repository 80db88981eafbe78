import { sql } from 'kysely';
import type { ReportReason, ReportStatus } from '@vizinhanca/shared/reports/report.reasons';
import type { ReportTargetType } from '@vizinhanca/shared/reports/report.schema';
import { countRows } from '../../db/count.ts';
import type { Db } from '../../db/database.ts';
import type { Role } from '@vizinhanca/shared/users/user.types';

export interface NewReport {
  reporterId: string;
  targetType: ReportTargetType;
  personId: string;
  listingId: string | null;
  messageId: string | null;
  requestId: string | null;
  reason: ReportReason;
  details: string | null;
  createdAt: Date;
}

/** The database refuses a second open report of the same thing by the same reporter, and a second report of a message (unique indexes). */
export async function insertReport(db: Db, report: NewReport) {
  const row = await db
    .insertInto('reports')
    .values({
      reporter_id: report.reporterId,
      target_type: report.targetType,
      person_id: report.personId,
      listing_id: report.listingId,
      message_id: report.messageId,
      request_id: report.requestId,
      reason: report.reason,
      details: report.details,
      created_at: report.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A person who can be reported: approved once and not anonymised (a pending sign-up has no page to report). */
export function findReportablePerson(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'full_name'])
    .where('id', '=', userId)
    .where('approval_status', '=', 'approved')
    .where('anonymized_at', 'is', null)
    .executeTakeFirst();
}

const rolesOf = sql<Role[]>`coalesce((SELECT array_agg(role) FROM user_roles WHERE user_roles.user_id = p.id), '{}')`;

/** Open reports for /admin, oldest first (the longest waiting on top), with the listing or the message, the person and the reporter. */
export function listOpen(db: Db, limit: number) {
  return db
    .selectFrom('reports as r')
    .innerJoin('users as p', 'p.id', 'r.person_id')
    .innerJoin('users as rp', 'rp.id', 'r.reporter_id')
    .leftJoin('listings as l', 'l.id', 'r.listing_id')
    .leftJoin('order_messages as m', 'm.id', 'r.message_id')
    .leftJoin('orders as o', 'o.id', 'm.order_id')
    .leftJoin('listings as ol', 'ol.id', 'o.listing_id')
    .leftJoin('wanted_requests as w', 'w.id', 'r.request_id')
    .select(['r.id', 'r.target_type', 'r.reason', 'r.details', 'r.created_at', 'r.listing_id', 'l.title as listing_title', 'l.deleted_at as listing_deleted_at'])
    .select(['r.message_id', 'm.body as message_body', 'm.created_at as message_created_at', 'm.order_id as message_order_id', 'ol.title as message_listing_title'])
    .select(['r.request_id', 'w.title as request_title', 'w.deleted_at as request_deleted_at'])
    .select(['p.id as person_id', 'p.full_name as person_full_name', 'p.apartment as person_apartment', 'p.is_suspended as person_is_suspended', rolesOf.as('person_roles')])
    .select(['rp.id as reporter_id', 'rp.full_name as reporter_full_name', 'rp.apartment as reporter_apartment'])
    .where('r.status', '=', 'open')
    .orderBy('r.created_at')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/** Every report about these people, newest first: each open one shows the others about its person (a listing's report is about its owner). */
export function listAboutPeople(db: Db, personIds: string[]) {
  if (personIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('reports as r')
    .leftJoin('listings as l', 'l.id', 'r.listing_id')
    .select(['r.id', 'r.target_type', 'r.person_id', 'r.listing_id', 'r.reason', 'r.status', 'r.created_at', 'l.title as listing_title'])
    .where('r.person_id', 'in', personIds)
    .orderBy('r.created_at', 'desc')
    .execute();
}

export function countOpen(db: Db): Promise<number> {
  return countRows(db.selectFrom('reports').where('status', '=', 'open'));
}

/** The report about to be decided, locked: two staff deciding at once take turns. */
export function lockReport(db: Db, id: string) {
  return db
    .selectFrom('reports')
    .select(['id', 'target_type', 'person_id', 'listing_id', 'request_id', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Closes the open reports about the same thing (the listing, or the person, or the person's messages) with the
 * decision: each reporter is told once. Returns the reports closed and their reporters.
 */
export function closeOpenAbout(
  db: Db,
  target: { targetType: ReportTargetType; personId: string; listingId: string | null; requestId: string | null },
  decision: { status: Exclude<ReportStatus, 'open'>; by: string; at: Date; note: string | null },
) {
  let query = db
    .updateTable('reports')
    .set({ status: decision.status, decided_by: decision.by, decided_at: decision.at, decision_note: decision.note })
    .where('status', '=', 'open')
    .where('target_type', '=', target.targetType);
  if (target.listingId) query = query.where('listing_id', '=', target.listingId);
  else if (target.requestId) query = query.where('request_id', '=', target.requestId);
  else query = query.where('person_id', '=', target.personId);
  return query.returning(['id', 'reporter_id']).execute();
}
