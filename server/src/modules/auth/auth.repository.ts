import type { Db } from '../../db/database.ts';

export function recordLoginAttempt(db: Db, attempt: { email: string; ip: string; succeeded: boolean; now: Date }) {
  const { now, ...values } = attempt;
  return db.insertInto('login_attempts').values({ ...values, created_at: now }).execute();
}

export function deleteOldLoginAttempts(db: Db, before: Date) {
  return db.deleteFrom('login_attempts').where('created_at', '<', before).execute();
}

/** The tables of e-mailed one-time links (same columns): password resets and sign-in links. */
export type OneTimeLinkTable = 'password_reset_tokens' | 'sign_in_links';

export function insertOneTimeLink(db: Db, table: OneTimeLinkTable, token: { tokenHash: string; userId: string; expiresAt: Date; createdAt: Date }) {
  return db
    .insertInto(table)
    .values({ token_hash: token.tokenHash, user_id: token.userId, expires_at: token.expiresAt, created_at: token.createdAt })
    .execute();
}

/** Marks links not used yet as used now (the caller says which). */
function useUpLinks(db: Db, table: OneTimeLinkTable, now: Date) {
  return db.updateTable(table).set({ used_at: now }).where('used_at', 'is', null);
}

/** Marks a valid link used, once: two concurrent uses cannot both succeed. */
export function consumeOneTimeLink(db: Db, table: OneTimeLinkTable, tokenHash: string, now: Date) {
  return useUpLinks(db, table, now).where('token_hash', '=', tokenHash).where('expires_at', '>', now).returning(['user_id']).executeTakeFirst();
}

/** Every link of the user, of both kinds, stops working (a password was set, or one of them was used). */
export async function invalidateUserLinks(db: Db, userId: string, now: Date) {
  await useUpLinks(db, 'password_reset_tokens', now).where('user_id', '=', userId).execute();
  await useUpLinks(db, 'sign_in_links', now).where('user_id', '=', userId).execute();
}

export function deleteLinksExpiredBefore(db: Db, table: OneTimeLinkTable, before: Date) {
  return db.deleteFrom(table).where('expires_at', '<', before).execute();
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
