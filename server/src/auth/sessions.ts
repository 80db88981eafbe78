import { type Adapter, type DatabaseSession, type DatabaseUser, Lucia, TimeSpan } from 'lucia';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ApprovalStatus, Role } from '@vizinhanca/shared/users/user.types';
import { generateToken, sha256Hex } from './crypto.ts';

// The only module that knows about lucia (v3 is no longer developed upstream):
// replacing it touches this file alone.

export const SESSION_COOKIE_NAME = 'vz_session';
/** Sliding inactivity window: a session unused for this long ends. */
export const SESSION_IDLE_DAYS = 7;
/** Absolute lifetime: even an active session ends after this, and the user signs in again. */
export const SESSION_ABSOLUTE_DAYS = 30;

export interface AuthUser {
  id: string;
  email: string;
  fullName: string;
  approvalStatus: ApprovalStatus;
  isSuspended: boolean;
  roles: Role[];
}

export interface AuthSession {
  id: string;
  userId: string;
  expiresAt: Date;
  createdAt: Date;
  fresh: boolean;
}

interface SessionAttributes {
  created_at: Date;
  ip: string | null;
  user_agent: string | null;
}
type UserAttributes = Omit<AuthUser, 'id'>;

declare module 'lucia' {
  interface Register {
    Lucia: Lucia<SessionAttributes, UserAttributes>;
    DatabaseSessionAttributes: SessionAttributes;
    DatabaseUserAttributes: UserAttributes;
  }
}

class KyselySessionAdapter implements Adapter {
  constructor(private readonly db: Db) {}

  async getSessionAndUser(sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> {
    const row = await this.db
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
      ])
      .where('sessions.id', '=', sessionId)
      .executeTakeFirst();
    if (!row) return [null, null];
    return [
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
        },
      },
    ];
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
    const attributes = session.attributes;
    await this.db
      .insertInto('sessions')
      .values({
        id: session.id,
        user_id: session.userId,
        expires_at: session.expiresAt,
        created_at: attributes.created_at,
        ip: attributes.ip,
        user_agent: attributes.user_agent,
      })
      .execute();
  }

  async updateSessionExpiration(sessionId: string, expiresAt: Date): Promise<void> {
    await this.db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
  }

  async deleteSession(sessionId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', sessionId).execute();
  }

  async deleteUserSessions(userId: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  }

  async deleteExpiredSessions(): Promise<void> {
    await this.db.deleteFrom('sessions').where('expires_at', '<=', new Date()).execute();
  }
}

export type SessionManager = ReturnType<typeof createSessionManager>;

export function createSessionManager(db: Db) {
  const lucia = new Lucia<SessionAttributes, UserAttributes>(new KyselySessionAdapter(db), {
    sessionExpiresIn: new TimeSpan(SESSION_IDLE_DAYS, 'd'),
    sessionCookie: { name: SESSION_COOKIE_NAME, expires: true, attributes: { sameSite: 'lax', path: '/' } },
    getSessionAttributes: (attributes) => attributes,
    getUserAttributes: (attributes) => attributes,
  });

  function cookieHeader(value: string | null, secure: boolean): string {
    const cookie = value === null ? lucia.createBlankSessionCookie() : lucia.createSessionCookie(value);
    cookie.attributes.secure = secure;
    cookie.attributes.httpOnly = true;
    return cookie.serialize();
  }

  /** The session and user for a session id; a websocket re-checks its session on every message this way. */
  async function validateId(sessionId: string): Promise<{ session: AuthSession; user: AuthUser } | null> {
    const result = await lucia.validateSession(sessionId);
    if (!result.session) return null;
    const createdAt = new Date(result.session.created_at);
    if (Date.now() - createdAt.getTime() > SESSION_ABSOLUTE_DAYS * 24 * 3600 * 1000) {
      await lucia.invalidateSession(sessionId);
      return null;
    }
    const { user } = result;
    return {
      session: {
        id: result.session.id,
        userId: result.session.userId,
        expiresAt: result.session.expiresAt,
        createdAt,
        fresh: result.session.fresh,
      },
      user: {
        id: user.id,
        email: user.email,
        fullName: user.fullName,
        approvalStatus: user.approvalStatus,
        isSuspended: user.isSuspended,
        roles: user.roles,
      },
    };
  }

  return {
    /** A new token for a new session; the database keeps only its SHA-256 as the session id. */
    async create(userId: string, meta: { ip: string | null; userAgent: string | null }) {
      const token = generateToken();
      const session = await lucia.createSession(
        userId,
        { created_at: new Date(), ip: meta.ip, user_agent: meta.userAgent?.slice(0, 300) ?? null },
        { sessionId: sha256Hex(token) },
      );
      return { token, sessionId: session.id };
    },

    /** The session and user for a cookie token, or null when missing, expired or past its absolute lifetime. */
    validate: (token: string) => validateId(sha256Hex(token)),

    validateId,

    invalidate: (sessionId: string) => lucia.invalidateSession(sessionId),

    /** Ends every session of the user, or all but one (the one that changed the password). */
    async invalidateUserSessions(userId: string, exceptSessionId?: string) {
      let query = db.deleteFrom('sessions').where('user_id', '=', userId);
      if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
      await query.execute();
    },

    /** Ends every session of the user inside the caller's transaction (suspension, anonymisation): it happens with the change or not at all. */
    async revokeAllInTransaction(trx: Db, userId: string) {
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
    },

    deleteExpired: () => lucia.deleteExpiredSessions(),

    readToken: (cookieHeaderValue: string | undefined) => (cookieHeaderValue ? lucia.readSessionCookie(cookieHeaderValue) : null),
    sessionCookie: (token: string, secure: boolean) => cookieHeader(token, secure),
    blankCookie: (secure: boolean) => cookieHeader(null, secure),
  };
}
