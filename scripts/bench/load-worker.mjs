// One thread of the bench's load generator (scripts/bench/load.ts): for each load
// it is sent, its share of the keep-alive connections, each sending its next request
// as soon as the previous answer is read, its bytes made once (RawConnection). Plain
// JavaScript, so a worker thread runs it as is.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { parentPort } from 'node:worker_threads';
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

/**
 * The request's bytes on the wire, made once: what Node's http client sends for it (the
 * captured headers, Host, keep-alive, the body's length), without building them per request.
 */
function requestBytes(base, request) {
  const lines = [`${request.method} ${request.path} HTTP/1.1`, `Host: ${base.host}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${value}`);
  if (request.body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(request.body)}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n${request.body ?? ''}`);
}

const HEADER_END = Buffer.from('\r\n\r\n');
/** The app's header saying whether its feed cache answered (server/src/http/feed-fast-path.ts), counted per value. */
const CACHE_HEADER = 'x-feed-cache';
const LINE_END = Buffer.from('\r\n');

/**
 * One keep-alive HTTP/1.1 connection that sends a request and reads its answer whole
 * (Content-Length or chunked), as a browser does; a new socket when the server closed
 * the last one. The bench's load generator shares the app's two cores: Node's http
 * client cost about as much CPU per request as Postgres spends on a search, where
 * pgbench's C client costs a tenth of a millisecond (docs/decisions/018-search.md).
 */
class RawConnection {
  constructor(base) {
    this.base = base;
    this.socket = null;
    this.pending = null;
    this.buffer = Buffer.alloc(0);
  }

  send(bytes) {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, head: null, bodyLength: -1, chunked: false, chunks: [] };
      if (!this.socket) this.open();
      this.socket.write(bytes);
    });
  }

  open() {
    const socket = net.connect({ host: this.base.hostname, port: Number(this.base.port) });
    socket.setNoDelay(true);
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
      this.read();
    });
    const closed = (error) => {
      if (this.socket !== socket) return;
      this.socket = null;
      const pending = this.pending;
      this.pending = null;
      pending?.reject(error ?? new Error('socket closed before the answer ended'));
    };
    socket.on('error', closed);
    socket.on('close', () => closed(null));
  }

  /** Parses what arrived; resolves the pending request once its answer is whole. */
  read() {
    const pending = this.pending;
    if (!pending) return;
    if (!pending.head) {
      const end = this.buffer.indexOf(HEADER_END);
      if (end < 0) return;
      const head = this.buffer.toString('latin1', 0, end);
      this.buffer = this.buffer.subarray(end + 4);
      const [statusLine, ...headerLines] = head.split('\r\n');
      const headers = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      pending.head = { status: Number(statusLine.split(' ')[1]), headers };
      pending.chunked = /\bchunked\b/i.test(headers['transfer-encoding'] ?? '');
      pending.bodyLength = pending.chunked ? -1 : Number(headers['content-length'] ?? 0);
    }
    let body;
    if (pending.chunked) {
      for (;;) {
        const lineEnd = this.buffer.indexOf(LINE_END);
        if (lineEnd < 0) return;
        const size = parseInt(this.buffer.toString('latin1', 0, lineEnd), 16);
        // The size line, the data and its CRLF; the last (size 0) ends with an empty line (no trailers).
        if (this.buffer.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          this.buffer = this.buffer.subarray(lineEnd + 4);
          body = Buffer.concat(pending.chunks);
          break;
        }
        pending.chunks.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        this.buffer = this.buffer.subarray(lineEnd + 2 + size + 2);
      }
    } else {
      if (this.buffer.length < pending.bodyLength) return;
      body = this.buffer.subarray(0, pending.bodyLength);
      this.buffer = this.buffer.subarray(pending.bodyLength);
    }
    this.pending = null;
    const { status, headers } = pending.head;
    if (/\bclose\b/i.test(headers.connection ?? '')) this.close();
    pending.resolve({ status, body, encoding: headers['content-encoding'], cache: headers[CACHE_HEADER] });
  }

  close() {
    const socket = this.socket;
    this.socket = null;
    socket?.destroy();
  }
}

/**
 * The job's connections; with `once`, the thread's own requests (load.ts gives it its share),
 * each sent once, else all of them in turn from the thread's offset.
 */
async function workerLoad(job) {
  const base = new URL(job.url);
  // Made when first sent: a `once` job has thousands of requests, each sent once.
  const bytes = new Array(job.requests.length);
  const connections = Array.from({ length: job.connections }, () => new RawConnection(base));
  let n = 0;
  const next = () => {
    const index = job.once ? n : (job.worker + n * job.workers) % job.requests.length;
    n += 1;
    if (index >= job.requests.length) return null;
    bytes[index] ??= requestBytes(base, job.requests[index]);
    return index;
  };
  const phase = async (durationMs) => {
    const latencies = [];
    /** The latencies of answers that carried the feed cache's header: the feed's own figures in a mixed load. */
    const feedLatencies = [];
    const firstErrors = [];
    /** Answers by their X-Feed-Cache value ('hit', 'miss'); answers without it are not counted. */
    const cache = {};
    let errors = 0;
    let refused = 0;
    const started = performance.now();
    const deadline = started + durationMs;
    let exhausted = false;
    const connection = async (raw) => {
      while (!exhausted && performance.now() < deadline) {
        const request = next();
        if (request === null) {
          exhausted = true;
          return;
        }
        const sent = performance.now();
        try {
          const response = await raw.send(bytes[request]);
          if (response.status === 200) {
            const latency = performance.now() - sent;
            latencies.push(latency);
            if (response.cache) {
              cache[response.cache] = (cache[response.cache] ?? 0) + 1;
              feedLatencies.push(latency);
            }
          } else if (job.refusal && textOf(response.body, response.encoding).includes(job.refusal)) {
            // The answer the load expects for some requests (a sold-out batch's 'Esgotado'): served, not an error.
            refused += 1;
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
    await Promise.all(connections.map(connection));
    return { latencies, feedLatencies, errors, refused, firstErrors, cache, elapsed: performance.now() - started };
  };
  try {
    if (job.warmupMs) await phase(job.warmupMs);
    return await phase(job.durationMs);
  } finally {
    for (const raw of connections) raw.close();
  }
}

// A thread runs one load per message it is sent, for as long as the bench runs (load.ts keeps it).
parentPort.on('message', async (job) => {
  parentPort.postMessage(await workerLoad(job));
});
