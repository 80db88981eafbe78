import type { Logger } from 'pino';
import { createSessionManager } from './auth/sessions.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppDeps, JobQueue } from './context.ts';
import type { Db } from './db/database.ts';
import { createMailer } from './mail/mailer.ts';
import type { EventBus } from './realtime/event-bus.ts';
import { SocketRegistry } from './realtime/socket-registry.ts';
import { createFileStorage } from './storage/file-storage.ts';

/** The app's deps from the parts its starter chose (the server's and the tests' differ only in those), so both wire sessions, mail, sockets and storage alike. */
export function assembleAppDeps(parts: { config: Config; clock: Clock; db: Db; feedDb: Db; databaseUrl: string; logger: Logger; bus: EventBus; queue: JobQueue }): AppDeps {
  // Validated sessions stay in memory; the event bus drops them on any change, on every instance.
  const sessions = createSessionManager(parts.db, { clock: parts.clock, changes: parts.bus });
  return {
    ...parts,
    sessions,
    mailer: createMailer(parts.config, parts.logger),
    sockets: new SocketRegistry(parts.bus, sessions, parts.clock),
    storage: createFileStorage(parts.config),
  };
}
