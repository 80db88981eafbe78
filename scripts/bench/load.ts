import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { type LoadSummary, summarize } from './stats.ts';

// A small closed-loop HTTP load generator: `connections` keep-alive sockets,
// each sending its next request as soon as the previous answer is read, for a
// fixed time. Every response is read to the end; anything but 200 is an error.

export type LoadRequest = { method: 'GET' | 'POST'; path: string; headers: Record<string, string>; body?: string };

export type LoadOptions = {
  url: string;
  connections: number;
  durationMs: number;
  /** The n-th request (0-based, across connections); null when there is nothing left to send. */
  request: (n: number) => LoadRequest | null;
  /** Short warm-up before measuring (JIT, pools, caches); not counted. */
  warmupMs?: number;
};

export type LoadResult = LoadSummary & { firstErrors: string[] };

function send(agent: http.Agent, base: URL, request: LoadRequest): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const headers = request.body === undefined ? request.headers : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
    const req = http.request({ agent, host: base.hostname, port: base.port, method: request.method, path: request.path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

async function phase(options: LoadOptions, agent: http.Agent, durationMs: number, counter: { n: number }, record: boolean) {
  const base = new URL(options.url);
  const latencies: number[] = [];
  const firstErrors: string[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  let exhausted = false;
  const worker = async () => {
    while (!exhausted && performance.now() < deadline) {
      const request = options.request(counter.n++);
      if (!request) {
        exhausted = true;
        return;
      }
      const sent = performance.now();
      try {
        const response = await send(agent, base, request);
        if (response.status === 200) {
          if (record) latencies.push(performance.now() - sent);
        } else {
          errors += 1;
          if (firstErrors.length < 3) firstErrors.push(`${response.status} ${response.body.slice(0, 300)}`);
        }
      } catch (error) {
        errors += 1;
        if (firstErrors.length < 3) firstErrors.push(String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: options.connections }, worker));
  return { latencies, errors: record ? errors : 0, firstErrors, elapsed: performance.now() - started };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const counter = { n: 0 };
  try {
    if (options.warmupMs) await phase(options, agent, options.warmupMs, counter, false);
    const measured = await phase(options, agent, options.durationMs, counter, true);
    return { ...summarize(measured.latencies, measured.errors, measured.elapsed), firstErrors: measured.firstErrors };
  } finally {
    agent.destroy();
  }
}
