import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeIdleAnswers, probeAnswers, summarizeIdleAnswers } from './idle-answers.ts';

describe('summarizeIdleAnswers', () => {
  const answers = [
    { at: 0, ms: 2 },
    { at: 0.1, ms: 3 },
    { at: 0.2, ms: 180 },
    { at: 0.5, ms: 1 },
    { at: 0.6, ms: 60 },
  ];

  it('finds the longest answer, where it came, and those over the limit in order', () => {
    const summary = summarizeIdleAnswers(answers, 50);
    expect(summary.longest).toEqual({ at: 0.2, ms: 180 });
    expect(summary.over).toEqual([
      { at: 0.2, ms: 180 },
      { at: 0.6, ms: 60 },
    ]);
    expect(summary.p50).toBe(3);
    expect(summary.p99).toBe(180);
    expect(describeIdleAnswers(summary, 50)).toBe('longest 180.0 ms (at 0.2 s), p99 180.0 ms, p50 3.0 ms; 2 of 5 over 50 ms (0.2 s: 180 ms, 0.6 s: 60 ms)');
  });

  it('says none over the limit when none is', () => {
    expect(describeIdleAnswers(summarizeIdleAnswers([{ at: 0, ms: 4 }], 50), 50)).toBe('longest 4.0 ms (at 0.0 s), p99 4.0 ms, p50 4.0 ms; 0 of 1 over 50 ms');
  });

  it('refuses to summarise nothing', () => {
    expect(() => summarizeIdleAnswers([], 50)).toThrow('no answers');
  });
});

describe('probeAnswers', () => {
  let server: http.Server;
  let baseUrl: string;
  let served = 0;

  beforeAll(async () => {
    // The fifth request holds the process for 150 ms before it is answered, as a periodic task would.
    server = http.createServer((request, response) => {
      served += 1;
      if (request.url !== '/health') {
        response.statusCode = 404;
        response.end();
        return;
      }
      if (served === 5) {
        const until = performance.now() + 150;
        while (performance.now() < until);
      }
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('times each answer, one at a time, and the one held by the process stands out', async () => {
    served = 0;
    const answers = await probeAnswers(baseUrl, { path: '/health', seconds: 0.5, everyMs: 10 });
    expect(answers.length).toBe(served);
    const summary = summarizeIdleAnswers(answers, 100);
    expect(summary.over).toHaveLength(1);
    expect(summary.longest.ms).toBeGreaterThanOrEqual(150);
    expect(answers.indexOf(summary.longest)).toBe(4);
  });

  it('fails on an answer that is not 200', async () => {
    await expect(probeAnswers(baseUrl, { path: '/missing', seconds: 0.2, everyMs: 10 })).rejects.toThrow('/missing answered 404');
  });
});
