import type { Db } from '../../db/database.ts';

export function recordLoginAttempt(db: Db, attempt: { email: string; ip: string; succeeded: boolean }) {
  return db.insertInto('login_attempts').values({ ...attempt, created_at: new Date() }).execute();
}

/**
 * Failed attempts in the window, counted since the last success for that key,
 * and when the newest of them happened.
 */
export async function recentFailures(db: Db, key: { column: 'email' | 'ip'; value: string }, since: Date) {
  const lastSuccess = await db
    .selectFrom('login_attempts')
    .select('created_at')
    .where(key.column, '=', key.value)
    .where('succeeded', '=', true)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const row = await db
    .selectFrom('login_attempts')
    .select((eb) => [eb.fn.countAll<string>().as('count'), eb.fn.max('created_at').as('latest')])
    .where(key.column, '=', key.value)
    .where('succeeded', '=', false)
    .where('created_at', '>', lastSuccess?.created_at ?? since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), latest: row.latest ? new Date(row.latest) : null };
}

export function deleteOldLoginAttempts(db: Db, before: Date) {
  return db.deleteFrom('login_attempts').where('created_at', '<', before).execute();
}

export function insertPasswordResetToken(db: Db, token: { tokenHash: string; userId: string; expiresAt: Date }) {
  return db
    .insertInto('password_reset_tokens')
    .values({ token_hash: token.tokenHash, user_id: token.userId, expires_at: token.expiresAt })
    .execute();
}

/** Marks a valid reset token used, once: two concurrent uses cannot both succeed. */
export function consumePasswordResetToken(db: Db, tokenHash: string) {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['user_id'])
    .executeTakeFirst();
}

export function invalidateUserResetTokens(db: Db, userId: string) {
  return db
    .updateTable('password_reset_tokens')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
}
