import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { EventBus } from './realtime/event-bus.ts';
import type { SocketRegistry } from './realtime/socket-registry.ts';
import type { FileStorage } from './storage/file-storage.ts';
import type { AuthSession, AuthUser, SessionManager } from './auth/sessions.ts';
import { readDeviceToken } from './auth/device-cookie.ts';

/** Long-lived parts of the app, built once at start. */
export interface AppDeps {
  config: Config;
  /** "Now" and the condominium's "today": read time only through this. */
  clock: Clock;
  db: Db;
  /** The public feed's pages without a search: a pool whose sessions plan each of them once (db/database.ts). */
  feedDb: Db;
  /** The database's connection string: a backup reads every table over a connection of its own (COPY). */
  databaseUrl: string;
  logger: Logger;
  sessions: SessionManager;
  mailer: Mailer;
  bus: EventBus;
  sockets: SocketRegistry;
  storage: FileStorage;
  /** Postgres-backed jobs: e-mails, pushes and the scheduled jobs. */
  queue: JobQueue;
}

/**
 * What the app may ask of the job queue (jobs/job-queue.ts implements it). Declared here,
 * beside AppDeps, because a job runs with the deps that hold the queue: two files would import each other.
 */
export interface JobQueue {
  /** Enqueues in the caller's transaction: the job exists exactly when the change that caused it is committed. */
  enqueue<T extends object>(db: Db, job: OneOffJob<T>, data: T, options: EnqueueOptions): Promise<void>;
  /** Many jobs of one kind with one statement, each keyed like `enqueue`'s (a key already used enqueues nothing). */
  enqueueMany<T extends object>(db: Db, job: OneOffJob<T>, items: readonly { data: T; key: string }[]): Promise<void>;
}

/** A piece of work enqueued once (an e-mail, a push): retried with backoff until it succeeds. */
export interface OneOffJob<T extends object> {
  name: string;
  run(deps: AppDeps, data: T): Promise<void>;
  /** Seconds before the first retry (doubling after each failure); 15 unless said. */
  retryDelaySeconds?: number;
}

export interface EnqueueOptions {
  /** The same key twice enqueues one job: a retry of the caller cannot double the effect. */
  key: string;
  startAfter?: Date;
  /**
   * Seconds to wait, on the queue's (the database's) clock: a grace period such as
   * "e-mail the message if it is still unread in a while", not a domain date.
   */
  delaySeconds?: number;
}

export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
  /** Origin for links in e-mails: PUBLIC_URL, or the address the server printed at start; never a request header. */
  baseUrl: string;
  /** Behind HTTPS: cookies get the Secure flag. */
  secure: boolean;
  /** The device cookie of a browser that signed in before (see auth/device-cookie.ts). */
  deviceToken?: string | null;
}

export interface Context {
  deps: AppDeps;
  user: AuthUser | null;
  session: AuthSession | null;
  meta: RequestMeta;
  /** Adds a Set-Cookie header to the HTTP response (no-op on a websocket). */
  setCookie(header: string): void;
  /** 'ws': one context for a whole connection, so every call re-checks the session (see trpc.ts). */
  transport?: 'http' | 'ws';
  /** The websocket this context belongs to. */
  connection?: LiveConnection;
}

/** What a procedure may do to the websocket it runs on. */
export interface LiveConnection {
  /** Closes it with the "session changed" code: the tab reconnects with its current rights. */
  close(): void;
  /** Subscriptions open on it now (capped per socket). */
  subscriptions: number;
}

/**
 * Links in e-mails never follow the request's Host (anyone can write it): they use
 * PUBLIC_URL, or, when it is unset, the address `npm start` prints.
 */
export function publicBaseUrl(config: AppDeps['config'], localPort: number | undefined): string {
  return config.PUBLIC_URL ? config.PUBLIC_URL.replace(/\/$/, '') : `http://localhost:${localPort || config.PORT}`;
}

export function requestMeta(deps: AppDeps, req: IncomingMessage & { ip?: string; protocol?: string }): RequestMeta {
  // Express sets req.protocol from X-Forwarded-Proto only when the proxy in front is trusted.
  const protocol = req.protocol ?? 'http';
  const baseUrl = publicBaseUrl(deps.config, req.socket.localPort);
  const userAgent = req.headers['user-agent'] ?? null;
  const secure = baseUrl.startsWith('https://') || protocol === 'https';
  // Read now: a socket that closed no longer tells its peer, unless it was asked before.
  const peer = req.socket.remoteAddress ?? null;
  // A websocket's slim request carries its address as it is: a connection's context keeps no request.
  if (!('ip' in req)) return { ip: peer, userAgent, baseUrl, secure, deviceToken: readDeviceToken(req.headers.cookie) };
  // Express reads the address through the trusted proxies' headers on every read of req.ip, and only
  // signing in reads the device cookie: both only when first asked (a feed page asks neither).
  const cookie = req.headers.cookie;
  let ip: string | null | undefined;
  let deviceToken: string | null | undefined;
  return {
    get ip() {
      if (ip === undefined) ip = req.ip ?? peer;
      return ip;
    },
    userAgent,
    baseUrl,
    secure,
    get deviceToken() {
      if (deviceToken === undefined) deviceToken = readDeviceToken(cookie);
      return deviceToken;
    },
  };
}

/** Reads the session cookie; a sliding session that was extended gets a fresh cookie. */
export async function createContext(
  deps: AppDeps,
  req: IncomingMessage & { ip?: string; protocol?: string },
  setCookie: (header: string) => void,
  transport: 'http' | 'ws' = 'http',
): Promise<Context> {
  const meta = requestMeta(deps, req);
  const token = deps.sessions.readToken(req.headers.cookie);
  const validated = token ? await deps.sessions.validate(token) : null;
  if (token && !validated) setCookie(deps.sessions.blankCookie(meta.secure));
  if (token && validated?.session.fresh) setCookie(deps.sessions.sessionCookie(token, meta.secure));
  return { deps, user: validated?.user ?? null, session: validated?.session ?? null, meta, setCookie, transport };
}
