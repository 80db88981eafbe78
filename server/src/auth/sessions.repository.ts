import { sql } from 'kysely';
import type { Adapter, DatabaseSession, DatabaseUser } from 'lucia';
import type { Role } from '@vizinhanca/shared/users/user.types';
import type { Db } from '../db/database.ts';

// Every write to the sessions table is one of these, on the executor given
// (the pool, or the caller's transaction).
export function insertSession(db: Db, row: { id: string; userId: string; expiresAt: Date; createdAt: Date; ip: string | null; userAgent: string | null }) {
  return db
    .insertInto('sessions')
    .values({ id: row.id, user_id: row.userId, expires_at: row.expiresAt, created_at: row.createdAt, ip: row.ip, user_agent: row.userAgent })
    .execute();
}

/** One session ({ sessionId }), or every session of a user but maybe one ({ userId, exceptSessionId }). */
export function deleteSessions(db: Db, which: { sessionId: string } | { userId: string; exceptSessionId?: string }) {
  if ('sessionId' in which) return db.deleteFrom('sessions').where('id', '=', which.sessionId).execute();
  let query = db.deleteFrom('sessions').where('user_id', '=', which.userId);
  if (which.exceptSessionId) query = query.where('id', '!=', which.exceptSessionId);
  return query.execute();
}

/** lucia's storage of sessions, on the sessions and users tables (lucia's types, as sessions.ts registers them). */
export class KyselySessionAdapter implements Adapter {
  constructor(private readonly db: Db) {}

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    return (await this.getSessionsAndUsers([sessionId])).get(sessionId) ?? [null, null];
  }

  /** Several sessions with their people in one query (see SessionReader). */
  async getSessionsAndUsers(sessionIds: string[]): Promise<Map<string, [DatabaseSession, DatabaseUser]>> {
    const rows = await this.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select([
        'sessions.id as session_id',
        'sessions.expires_at',
        'sessions.created_at',
        'sessions.ip',
        'sessions.user_agent',
        'users.id as user_id',
        'users.email',
        'users.full_name',
        'users.approval_status',
        'users.is_suspended',
        sql<Role[]>`coalesce((SELECT array_agg(role ORDER BY role) FROM user_roles WHERE user_roles.user_id = users.id), '{}')`.as('roles'),
        sql<string[]>`coalesce((SELECT array_agg(blocked_id) FROM user_blocks WHERE blocker_id = users.id), '{}')`.as('blocked_ids'),
        sql<string[]>`coalesce((SELECT array_agg(blocker_id) FROM user_blocks WHERE blocked_id = users.id), '{}')`.as('blocked_by_ids'),
      ])
      .where('sessions.id', 'in', sessionIds)
      .execute();
    const found = new Map<string, [DatabaseSession, DatabaseUser]>();
    for (const row of rows) {
      found.set(row.session_id, [
        {
          id: row.session_id,
          userId: row.user_id,
          expiresAt: row.expires_at,
          attributes: { created_at: row.created_at, ip: row.ip, user_agent: row.user_agent },
        },
        {
          id: row.user_id,
          attributes: {
            email: row.email,
            fullName: row.full_name,
            approvalStatus: row.approval_status,
            isSuspended: row.is_suspended,
            roles: row.roles,
            blockedIds: row.blocked_ids,
            blockedByIds: row.blocked_by_ids,
          },
        },
      ]);
    }
    return found;
  }

  async getUserSessions(userId: string): Promise<DatabaseSession[]> {
    const rows = await this.db
      .selectFrom('sessions')
      .select(['id', 'user_id', 'expires_at', 'created_at', 'ip', 'user_agent'])
      .where('user_id', '=', userId)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      userId: row.user_id,
      expiresAt: row.expires_at,
      attributes: { created_at: row.created_at, ip: row.ip, user_agent: row.user_agent },
    }));
  }

  async setSession(session: DatabaseSession): Promise<void> {
    const { attributes } = session;
    await insertSession(this.db, { id: session.id, userId: session.userId, expiresAt: session.expiresAt, createdAt: attributes.created_at, ip: attributes.ip, userAgent: attributes.user_agent });
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
  }

  async deleteSession(sessionId: string): Promise<void> {
    await deleteSessions(this.db, { sessionId });
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await deleteSessions(this.db, { userId });
  }

  /** Lucia's own housekeeping (unused: ours passes the app's clock to deleteExpiredAt). */
  async deleteExpiredSessions(): Promise<void> {
    await this.deleteExpiredAt(new Date());
  }

  async deleteExpiredAt(now: Date): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
  }
}
