import type { InviteType } from '@vizinhanca/shared/invites/invite.schema';
import type { Db } from '../../db/database.ts';
import { isActiveResident } from '../../db/residents.ts';

const inviteColumns = ['id', 'email', 'apartment', 'type', 'status', 'expires_at', 'created_at'] as const;

export function listByInviter(db: Db, inviterId: string) {
  return db
    .selectFrom('invites')
    .select(inviteColumns)
    .where('inviter_id', '=', inviterId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(200)
    .execute();
}

/** A pending invite; one written with a past (the demo seed) may be accepted already. */
export function insertInvite(
  db: Db,
  invite: { inviterId: string; email: string; apartment: string | null; type: InviteType; now: Date; expiresAt: Date; accepted?: { userId: string; at: Date } },
) {
  return db
    .insertInto('invites')
    .values({
      inviter_id: invite.inviterId,
      email: invite.email,
      apartment: invite.apartment,
      type: invite.type,
      expires_at: invite.expiresAt,
      ...(invite.accepted ? { status: 'accepted' as const, accepted_user_id: invite.accepted.userId, accepted_at: invite.accepted.at } : {}),
      created_at: invite.now,
      updated_at: invite.now,
    })
    .returning(['id', 'code'])
    .executeTakeFirstOrThrow();
}

/** Marks pending invites past their expiry as expired (all of them, or those for one e-mail). */
export function expirePending(db: Db, now: Date, email?: string) {
  let query = db.updateTable('invites').set({ status: 'expired', updated_at: now }).where('status', '=', 'pending').where('expires_at', '<=', now);
  if (email) query = query.where('email', '=', email);
  return query.returning(['id', 'inviter_id']).execute();
}

export function findOwnForUpdate(db: Db, inviteId: string, inviterId: string) {
  return db
    .selectFrom('invites')
    .select(['id', 'email', 'code', 'status', 'expires_at'])
    .where('id', '=', inviteId)
    .where('inviter_id', '=', inviterId)
    .forUpdate()
    .executeTakeFirst();
}

export function updateInvite(db: Db, inviteId: string, changes: { status: 'pending' | 'cancelled'; expiresAt?: Date; now: Date }) {
  return db
    .updateTable('invites')
    .set({ status: changes.status, updated_at: changes.now, ...(changes.expiresAt ? { expires_at: changes.expiresAt } : {}) })
    .where('id', '=', inviteId)
    .execute();
}

function selectByCode(db: Db, code: string) {
  return db
    .selectFrom('invites')
    .innerJoin('users as inviter', 'inviter.id', 'invites.inviter_id')
    .select(['invites.id', 'invites.inviter_id', 'invites.email', 'invites.apartment', 'invites.status', 'invites.expires_at', 'inviter.full_name as inviter_name'])
    .where('invites.code', '=', code);
}

export function findByCode(db: Db, code: string) {
  return selectByCode(db, code).executeTakeFirst();
}

/** The invite locked until the transaction ends (the inviter's row is not): a racing sign-up waits, then reads it as it was left. */
export function findByCodeForUpdate(db: Db, code: string) {
  return selectByCode(db, code).forUpdate('invites').executeTakeFirst();
}

/** A resident's shareable code: only an approved, active resident's link lets people in. */
export function findResidentByShareCode(db: Db, code: string) {
  return db
    .selectFrom('users as u')
    .select(['u.id', 'u.full_name'])
    .where('u.invite_code', '=', code)
    .where(isActiveResident)
    .executeTakeFirst();
}

export async function findShareCode(db: Db, userId: string) {
  const row = await db.selectFrom('users').select(['invite_code', 'full_name']).where('id', '=', userId).executeTakeFirstOrThrow();
  return { code: row.invite_code, fullName: row.full_name };
}

export function findPendingByEmail(db: Db, email: string, now: Date) {
  return db
    .selectFrom('invites')
    .select(['id', 'inviter_id'])
    .where('email', '=', email)
    .where('status', '=', 'pending')
    .where('expires_at', '>', now)
    .forUpdate()
    .executeTakeFirst();
}

export function markAccepted(db: Db, inviteId: string, userId: string, now: Date) {
  return db
    .updateTable('invites')
    .set({ status: 'accepted', accepted_user_id: userId, accepted_at: now, updated_at: now })
    .where('id', '=', inviteId)
    .where('status', '=', 'pending')
    .returning(['inviter_id'])
    .executeTakeFirst();
}

export async function emailBelongsToUser(db: Db, email: string) {
  return Boolean(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst());
}

/** Everything sent by this person, for their data export. */
export function listForExport(db: Db, inviterId: string) {
  return db
    .selectFrom('invites')
    .select(['id', 'email', 'apartment', 'code', 'type', 'status', 'expires_at', 'accepted_at', 'created_at'])
    .where('inviter_id', '=', inviterId)
    .orderBy('created_at', 'asc')
    .execute();
}
