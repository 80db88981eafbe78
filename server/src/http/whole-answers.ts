import type { RequestHandler, Response } from 'express';
import { COMPRESSION_THRESHOLD_BYTES, encodeText, preferredEncoding } from './content-encoding.ts';

type Chunk = string | Uint8Array;
type Callback = (error?: Error | null) => void;

/** Statuses that carry no body, so no Content-Length either. */
const BODILESS_STATUSES = new Set([204, 304]);

function bytesOf(chunk: Chunk, encoding: unknown): Buffer {
  return typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

/**
 * tRPC's HTTP adapter writes its answer through a web stream, chunk by chunk with a flush
 * after each, and no Content-Length: the compression middleware cannot see the size then,
 * so it opened a brotli stream for every answer, a 60-byte mutation's included. Here the
 * chunks are kept and the answer goes out whole, with its length: under the threshold
 * plain, else compressed in one call as the browser accepts (the encodings and levels of
 * content-encoding.ts, as the feed's fast path does). /trpc is mounted before the compression
 * middleware (app.ts), so a JSON answer says `Vary: Accept-Encoding` here, as the middleware did.
 * tRPC answers are never streamed here: the client's links are httpLink and
 * httpBatchLink, and subscriptions over HTTP are refused.
 */
export const wholeAnswers: RequestHandler = (req, res, next) => {
  if (req.method === 'HEAD') return next();
  const chunks: Buffer[] = [];
  const write = res.write;
  const end = res.end;
  const endWith = end as unknown as (this: Response, body: Buffer, callback?: Callback) => Response;
  res.write = function keep(chunk: Chunk, encoding?: unknown, callback?: Callback) {
    chunks.push(bytesOf(chunk, encoding));
    const done = typeof encoding === 'function' ? (encoding as Callback) : callback;
    if (done) process.nextTick(done);
    return true;
  } as Response['write'];
  res.end = function sendWhole(this: Response, chunk?: unknown, encoding?: unknown, callback?: Callback) {
    res.write = write;
    res.end = end;
    const done = [chunk, encoding, callback].find((argument) => typeof argument === 'function') as Callback | undefined;
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') chunks.push(bytesOf(chunk as Chunk, encoding));
    let body: Buffer = Buffer.concat(chunks);
    if (this.headersSent || BODILESS_STATUSES.has(this.statusCode)) return endWith.call(this, body, done);
    const encoded = this.getHeader('Content-Encoding');
    const contentType = String(this.getHeader('Content-Type') ?? '');
    if (contentType.includes('json')) this.vary('Accept-Encoding');
    const accepted = !encoded && body.length >= COMPRESSION_THRESHOLD_BYTES && contentType.includes('json') ? preferredEncoding(req.headers['accept-encoding']) : null;
    if (accepted) {
      body = encodeText(body, accepted);
      this.setHeader('Content-Encoding', accepted);
    }
    this.setHeader('Content-Length', body.length);
    return endWith.call(this, body, done);
  } as Response['end'];
  next();
};
