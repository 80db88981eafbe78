import type { Logger } from 'pino';

/**
 * A callback that runs outside any request's error handling (an event listener, a
 * timer, a bus subscriber): what it throws, or the promise it rejects, is logged with
 * `what` and goes no further, so one broken listener never ends the process.
 */
export function contained<Args extends unknown[]>(logger: Logger, what: string, callback: (...args: Args) => unknown): (...args: Args) => void {
  const report = (error: unknown) => logger.error({ err: error, listener: what }, 'a listener failed; the server goes on');
  return function (this: unknown, ...args: Args) {
    try {
      const result = callback.apply(this, args);
      if (result instanceof Promise) result.catch(report);
    } catch (error) {
      report(error);
    }
  };
}
