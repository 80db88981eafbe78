// One thread of the bench's load generator (scripts/bench/load.ts): its share
// of the keep-alive connections, each sending its next request as soon as the
// previous answer is read. Plain JavaScript, so a worker thread runs it as is.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import zlib from 'node:zlib';

/** An answer's text for an error report (answers come compressed, as the browser asks for them). */
function textOf(body, encoding) {
  try {
    if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
    if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  } catch {
    return `(${encoding} that does not decode)`;
  }
  return body.toString('utf8');
}

function send(agent, base, request) {
  return new Promise((resolve, reject) => {
    const headers = request.body === undefined ? request.headers : { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
    const req = http.request({ agent, host: base.hostname, port: base.port, method: request.method, path: request.path, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      // Read whole, as a browser does; decoded only to report an error.
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(request.body);
  });
}

/** The job's connections; with `once`, requests worker, worker + workers, worker + 2 × workers... each sent once. */
async function workerLoad(job) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const base = new URL(job.url);
  let n = 0;
  const next = () => {
    const index = job.once ? job.worker + n * job.workers : (job.worker + n * job.workers) % job.requests.length;
    n += 1;
    return job.requests[index] ?? null;
  };
  const phase = async (durationMs) => {
    const latencies = [];
    const firstErrors = [];
    let errors = 0;
    const started = performance.now();
    const deadline = started + durationMs;
    let exhausted = false;
    const connection = async () => {
      while (!exhausted && performance.now() < deadline) {
        const request = next();
        if (!request) {
          exhausted = true;
          return;
        }
        const sent = performance.now();
        try {
          const response = await send(agent, base, request);
          if (response.status === 200) {
            latencies.push(performance.now() - sent);
          } else {
            errors += 1;
            if (firstErrors.length < 3) firstErrors.push(`${response.status} ${textOf(response.body, response.encoding).slice(0, 300)}`);
          }
        } catch (error) {
          errors += 1;
          if (firstErrors.length < 3) firstErrors.push(String(error));
        }
      }
    };
    await Promise.all(Array.from({ length: job.connections }, connection));
    return { latencies, errors, firstErrors, elapsed: performance.now() - started };
  };
  try {
    if (job.warmupMs) await phase(job.warmupMs);
    return await phase(job.durationMs);
  } finally {
    agent.destroy();
  }
}

parentPort.postMessage(await workerLoad(workerData));
