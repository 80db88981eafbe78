import { sql } from 'kysely';
import type { ProblemKind } from '@vizinhanca/shared/orders/order-problem.schema';
import { countRows } from '../../db/count.ts';
import type { Db } from '../../db/database.ts';
import { BOTH_PEOPLE_COLUMNS, ordersWithListing, ordersWithPeople } from '../../db/order-reads.ts';

/** The order a problem is about; `lock` to open one (two opened at once take turns, and the partial unique index keeps one). */
export function findOrder(db: Db, orderId: string, options: { lock: boolean }) {
  const query = ordersWithListing(db)
    .select(['o.id', 'o.owner_id', 'o.renter_id', 'o.status', 'o.delivered_at', 'o.completed_at', 'o.cancelled_at', 'l.title as listing_title'])
    .where('o.id', '=', orderId);
  return (options.lock ? query.forUpdate('o') : query).executeTakeFirst();
}

/** The order's open problem, if it has one. */
export async function findOpenId(db: Db, orderId: string): Promise<string | null> {
  const row = await db.selectFrom('order_problems').select('id').where('order_id', '=', orderId).where('status', '=', 'open').executeTakeFirst();
  return row?.id ?? null;
}

/** The database refuses a second open problem on the order (order_problems_one_open_key). */
export async function insertProblem(db: Db, problem: { orderId: string; openedBy: string; kind: ProblemKind; details: string; createdAt: Date }) {
  const row = await db
    .insertInto('order_problems')
    .values({ order_id: problem.orderId, opened_by: problem.openedBy, kind: problem.kind, details: problem.details, created_at: problem.createdAt })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The photos in the order they were chosen, after the `first` positions already taken. */
export async function insertPhotos(db: Db, problemId: string, imageIds: string[], first = 0) {
  if (imageIds.length === 0) return;
  await db
    .insertInto('order_problem_photos')
    .values(imageIds.map((imageId, index) => ({ problem_id: problemId, position: first + index, image_id: imageId })))
    .execute();
}

/** The position after the problem's last photo (a removed photo leaves its position taken). */
export async function nextPhotoPosition(db: Db, problemId: string): Promise<number> {
  const row = await db
    .selectFrom('order_problem_photos')
    .select(sql<number>`coalesce(max(position) + 1, 0)::int`.as('next'))
    .where('problem_id', '=', problemId)
    .executeTakeFirstOrThrow();
  return row.next;
}

/** The photos of these problems, in their order. */
export function listPhotos(db: Db, problemIds: string[]) {
  if (problemIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('order_problem_photos')
    .select(['problem_id', 'image_id'])
    .where('problem_id', 'in', problemIds)
    .orderBy('problem_id')
    .orderBy('position')
    .execute();
}

/** Every problem of an order, newest first, with who opened it. */
export function listForOrder(db: Db, orderId: string) {
  return db
    .selectFrom('order_problems as p')
    .innerJoin('users as u', 'u.id', 'p.opened_by')
    .select(['p.id', 'p.kind', 'p.details', 'p.opened_by', 'u.full_name as opener_full_name', 'p.created_at', 'p.status', 'p.decision', 'p.resolved_at'])
    .where('p.order_id', '=', orderId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id')
    .execute();
}

/** Open problems for /admin, oldest first, with the order, its listing and both people. */
export function listOpen(db: Db, limit: number) {
  return ordersWithPeople(db)
    .innerJoin('order_problems as p', 'p.order_id', 'o.id')
    .select(['p.id', 'p.kind', 'p.details', 'p.created_at', 'p.opened_by', 'o.id as order_id', 'o.status as order_status', 'o.renter_id', 'o.owner_id'])
    .select(['o.total_cents', 'o.start_date', 'o.end_date', 'o.deposit_cents', 'l.title as listing_title', 'l.type as listing_type'])
    .select(BOTH_PEOPLE_COLUMNS)
    .where('p.status', '=', 'open')
    .orderBy('p.created_at')
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

export function countOpen(db: Db): Promise<number> {
  return countRows(db.selectFrom('order_problems').where('status', '=', 'open'));
}

/** A problem with its order's two people and listing; `lock` when it is about to change (two staff closing at once take turns). */
export function findProblem(db: Db, id: string, options: { lock: boolean }) {
  const query = ordersWithListing(db)
    .innerJoin('order_problems as p', 'p.order_id', 'o.id')
    .select(['p.id', 'p.status', 'p.order_id', 'o.renter_id', 'o.owner_id', 'l.title as listing_title'])
    .where('p.id', '=', id);
  return (options.lock ? query.forUpdate('p') : query).executeTakeFirst();
}

export function resolve(db: Db, id: string, decision: { by: string; at: Date; text: string }) {
  return db
    .updateTable('order_problems')
    .set({ status: 'resolved', resolved_by: decision.by, resolved_at: decision.at, decision: decision.text })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .execute();
}
