import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** A pending charge; one written with a past (the demo seed) may be paid already, at `paidAt`. */
export function insertBilling(db: Db, billing: { userId: string; amountCents: number; dueDate: string; autoRenewal: boolean; at: Date; paidAt?: Date }) {
  return db
    .insertInto('billings')
    .values({
      user_id: billing.userId,
      amount_cents: billing.amountCents,
      due_date: billing.dueDate,
      auto_renewal: billing.autoRenewal,
      status: billing.paidAt ? 'paid' : 'pending',
      paid_at: billing.paidAt ?? null,
      created_at: billing.at,
      updated_at: billing.paidAt ?? billing.at,
    })
    .returning(['id', 'user_id', 'amount_cents', 'status', 'due_date', 'auto_renewal'])
    .executeTakeFirstOrThrow();
}

export function findForUpdate(db: Db, id: string) {
  return db.selectFrom('billings').select(['id', 'user_id', 'amount_cents', 'status', 'due_date']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export function markPaid(db: Db, id: string, at: Date) {
  return db.updateTable('billings').set({ status: 'paid', paid_at: at, updated_at: at }).where('id', '=', id).execute();
}

/** Pending charges whose due date is before today become overdue; returns them. */
export function markOverdue(db: Db, today: string, at: Date) {
  return db
    .updateTable('billings')
    .set({ status: 'overdue', updated_at: at })
    .where('status', '=', 'pending')
    .where('due_date', '<', today)
    .returning(['id', 'user_id', 'amount_cents', 'due_date'])
    .execute();
}

/** Everyone who has at least one overdue charge right now. */
export function usersWithOverdue(db: Db) {
  return db
    .selectFrom('billings')
    .select('user_id')
    .distinct()
    .where('status', '=', 'overdue')
    .execute()
    .then((rows) => rows.map((row) => row.user_id));
}

/** A person's overdue charges, oldest due first (what the notice of an overdue charge names). */
export function overdueOf(db: Db, userId: string) {
  return db
    .selectFrom('billings')
    .select(['amount_cents', 'due_date'])
    .where('user_id', '=', userId)
    .where('status', '=', 'overdue')
    .orderBy('due_date')
    .orderBy('id')
    .execute();
}

export function hasOverdue(db: Db, userId: string) {
  return db
    .selectFrom('billings')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'overdue')
    .limit(1)
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

export function stats(db: Db) {
  return db
    .selectFrom('billings')
    .select((eb) => [
      eb.fn.countAll<string>().filterWhere('status', '=', 'pending').as('pending_count'),
      eb.fn.countAll<string>().filterWhere('status', '=', 'overdue').as('overdue_count'),
      sql<string>`coalesce(sum(amount_cents) FILTER (WHERE status <> 'paid'), 0)`.as('unpaid_cents'),
    ])
    .executeTakeFirstOrThrow();
}

/** The latest charges with the person's name: everyone's (the section's short list), or one person's. */
export function listRecent(db: Db, limit: number, userId: string | null = null) {
  let query = db
    .selectFrom('billings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.id', 'b.user_id', 'u.full_name', 'u.apartment', 'b.amount_cents', 'b.status', 'b.due_date', 'b.auto_renewal', 'b.paid_at', 'b.created_at']);
  if (userId) query = query.where('b.user_id', '=', userId);
  return query.orderBy('b.created_at', 'desc').orderBy('b.id', 'desc').limit(limit).execute();
}
