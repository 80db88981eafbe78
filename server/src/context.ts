import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { EventBus } from './realtime/event-bus.ts';
import type { SocketRegistry } from './realtime/socket-registry.ts';
import type { FileStorage } from './storage/file-storage.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { AuthSession, AuthUser, SessionManager } from './auth/sessions.ts';

/** Long-lived parts of the app, built once at start. */
export interface AppDeps {
  config: Config;
  /** "Now" and the condominium's "today": read time only through this. */
  clock: Clock;
  db: Db;
  logger: Logger;
  sessions: SessionManager;
  mailer: Mailer;
  bus: EventBus;
  sockets: SocketRegistry;
  storage: FileStorage;
  /** Postgres-backed jobs: e-mails, pushes and the scheduled jobs. */
  queue: JobQueue;
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  /** Origin for links in e-mails: PUBLIC_URL, or the address the request came to. */
  baseUrl: string;
  /** Behind HTTPS: cookies get the Secure flag. */
  secure: boolean;
}

export interface Context {
  deps: AppDeps;
  user: AuthUser | null;
  session: AuthSession | null;
  meta: RequestMeta;
  /** Adds a Set-Cookie header to the HTTP response (no-op on a websocket). */
  setCookie(header: string): void;
}

export function requestMeta(deps: AppDeps, req: IncomingMessage & { ip?: string; protocol?: string }): RequestMeta {
  const forwardedProto = deps.config.TRUST_PROXY ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0]?.trim() : '';
  const protocol = forwardedProto || (req.protocol ?? 'http');
  const host = req.headers.host ?? `localhost:${deps.config.PORT}`;
  const baseUrl = deps.config.PUBLIC_URL ? deps.config.PUBLIC_URL.replace(/\/$/, '') : `${protocol}://${host}`;
  return {
    ip: req.ip ?? req.socket.remoteAddress ?? null,
    userAgent: req.headers['user-agent'] ?? null,
    baseUrl,
    secure: baseUrl.startsWith('https://') || protocol === 'https',
  };
}

/** Reads the session cookie; a sliding session that was extended gets a fresh cookie. */
export async function createContext(
  deps: AppDeps,
  req: IncomingMessage & { ip?: string; protocol?: string },
  setCookie: (header: string) => void,
): Promise<Context> {
  const meta = requestMeta(deps, req);
  const token = deps.sessions.readToken(req.headers.cookie);
  const validated = token ? await deps.sessions.validate(token) : null;
  if (token && !validated) setCookie(deps.sessions.blankCookie(meta.secure));
  if (token && validated?.session.fresh) setCookie(deps.sessions.sessionCookie(token, meta.secure));
  return { deps, user: validated?.user ?? null, session: validated?.session ?? null, meta, setCookie };
}
