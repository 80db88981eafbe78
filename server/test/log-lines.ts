import { Writable } from 'node:stream';
import pino from 'pino';

/** A pino logger at `level` whose lines the test reads back, parsed, in order. */
export function collectingLogger(level: pino.LevelWithSilent = 'debug'): { logger: pino.Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level },
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        callback();
      },
    }),
  );
  return { logger, lines };
}
