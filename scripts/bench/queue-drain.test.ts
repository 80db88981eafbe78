import { describe, expect, it } from 'vitest';
import { deliveryNote } from './queue-drain.ts';

const drain = {
  orders: 1_000,
  leftAtStart: 1_200,
  leftAtEnd: 0,
  seconds: 4.5,
  appMs: 2_000,
  postgresMs: 1_500,
  load: { app: 3.5, postgres: 3, client: 0.5 },
  pgbench: 3.5,
};

describe("the note on the order deliveries left after the load", () => {
  it('gives their CPU per order answered and the ceiling with the load CPU and theirs together', () => {
    const note = deliveryNote(drain);
    expect(note).toContain("1,200 delivery jobs (each sends its notice's e-mail) were still queued when the load ended");
    expect(note).toContain('(4.5 s)');
    expect(note).toContain('app 2.00 ms and Postgres 1.50 ms more per order answered');
    // 3.5 + 3 + 0.5 + 2 + 1.5 = 10.5 ms an order; pgbench 3.5 ms a transaction.
    expect(note).toContain('an order costs 10.50 ms of CPU: with its delivery the ratio\'s ceiling is about 0.33x');
    expect(note).not.toContain('unfinished');
  });

  it('says how many were still unfinished when the wait gave up', () => {
    expect(deliveryNote({ ...drain, leftAtEnd: 37 })).toContain('37 were still unfinished when the wait gave up');
  });

  it('says when nothing was left: the load held all of their CPU', () => {
    expect(deliveryNote({ ...drain, leftAtStart: 0, appMs: 0, postgresMs: 0 })).toBe(
      "Order deliveries (each a notification job that sends its e-mail): none left queued when the load ended; their CPU is in the load's figures.",
    );
  });
});
