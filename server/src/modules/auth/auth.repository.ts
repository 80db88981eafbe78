import type { Db } from '../../db/database.ts';

export function recordLoginAttempt(db: Db, attempt: { email: string; ip: string; succeeded: boolean; now: Date }) {
  const { now, ...values } = attempt;
  return db.insertInto('login_attempts').values({ ...values, created_at: now }).execute();
}

export function deleteOldLoginAttempts(db: Db, before: Date) {
  return db.deleteFrom('login_attempts').where('created_at', '<', before).execute();
}

export function insertPasswordResetToken(db: Db, token: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }) {
  return db
    .insertInto('password_reset_tokens')
    .values({ token_hash: token.tokenHash, user_id: token.userId, expires_at: token.expiresAt, created_at: token.createdAt })
    .execute();
}

/** Marks reset tokens not used yet as used now (the caller says which). */
function useUpResetTokens(db: Db, now: Date) {
  return db.updateTable('password_reset_tokens').set({ used_at: now }).where('used_at', 'is', null);
}

/** Marks a valid reset token used, once: two concurrent uses cannot both succeed. */
export function consumePasswordResetToken(db: Db, tokenHash: string, now: Date) {
  return useUpResetTokens(db, now).where('token_hash', '=', tokenHash).where('expires_at', '>', now).returning(['user_id']).executeTakeFirst();
}

export function invalidateUserResetTokens(db: Db, userId: string, now: Date) {
  return useUpResetTokens(db, now).where('user_id', '=', userId).execute();
}

/** The device (a browser that signed in before) with this token, if it belongs to the account with this e-mail. */
export function findDeviceForEmail(db: Db, tokenHash: string, email: string) {
  return db
    .selectFrom('login_devices')
    .innerJoin('users', 'users.id', 'login_devices.user_id')
    .select(['login_devices.token_hash', 'login_devices.user_id'])
    .where('login_devices.token_hash', '=', tokenHash)
    .where('users.email', '=', email)
    .executeTakeFirst();
}

export function insertDevice(db: Db, device: { tokenHash: string; userId: string; now: Date }) {
  return db
    .insertInto('login_devices')
    .values({ token_hash: device.tokenHash, user_id: device.userId, created_at: device.now, last_used_at: device.now })
    .execute();
}

export function touchDevice(db: Db, tokenHash: string, now: Date) {
  return db.updateTable('login_devices').set({ last_used_at: now }).where('token_hash', '=', tokenHash).execute();
}

/** A password change or reset forgets the account's devices: a stolen cookie stops passing the lock. */
export function deleteUserDevices(db: Db, userId: string) {
  return db.deleteFrom('login_devices').where('user_id', '=', userId).execute();
}
