import type { Logger } from 'pino';

/**
 * The last line, for the server process only: an error no handler contained (a throw in
 * some library's listener, a promise nobody awaited) is logged and the server keeps
 * serving. Node's default would end the process, and every request with it; the
 * places that run callbacks contain their own errors first (contained.ts).
 */
export function keepServingThroughStrayErrors(logger: Logger): void {
  process.on('uncaughtException', (error) => logger.fatal({ err: error }, 'uncaught error; the server goes on'));
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection; the server goes on'));
}
