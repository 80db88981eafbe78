import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Role } from '@vizinhanca/shared/users/user.types';

/** The person about to be blocked, with what decides whether they may be: not anonymised, their roles. */
export function findTarget(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'anonymized_at', sql<Role[]>`coalesce((SELECT array_agg(role) FROM user_roles WHERE user_roles.user_id = users.id), '{}')`.as('roles')])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Blocks once: blocking the same person again changes nothing. */
export function insertBlock(db: Db, blockerId: string, blockedId: string, at: Date) {
  return db
    .insertInto('user_blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
}

export function deleteBlock(db: Db, blockerId: string, blockedId: string) {
  return db.deleteFrom('user_blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

/** 'Pessoas bloqueadas': whom this person blocked, newest first. */
export function listBlocked(db: Db, blockerId: string) {
  return db
    .selectFrom('user_blocks as b')
    .innerJoin('users as u', 'u.id', 'b.blocked_id')
    .select(['u.id', 'u.full_name', 'u.apartment', 'u.avatar_url', 'b.created_at'])
    .where('b.blocker_id', '=', blockerId)
    .orderBy('b.created_at', 'desc')
    .execute();
}
