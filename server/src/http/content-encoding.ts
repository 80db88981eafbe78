import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The encodings the server sends besides plain text: brotli first, then gzip. */
export type ContentEncoding = 'br' | 'gzip';

/**
 * Brotli's quality for answers compressed while serving: on a 16 KB page of listings, quality 3
 * costs about 60% of quality 4's CPU for 3% more bytes, and higher levels cost far more still.
 */
export const BROTLI_QUALITY = 3;

/** gzip's level for the same answers (zlib's default, 6, costs about twice level 3's CPU for a few percent on JSON). */
export const GZIP_LEVEL = 3;

/** Below this, an answer goes plain: the compressed frame would save less than it costs (as the compression middleware does). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The encoding to send for an `Accept-Encoding` header: brotli if accepted, else gzip,
 * else null (plain). An encoding listed with q=0 is refused, and `*` stands for any
 * encoding not listed.
 */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (acceptEncoding === undefined) return null;
  let encoding = encodingOfHeader.get(acceptEncoding);
  if (encoding === undefined) {
    // Browsers send a handful of headers, over and over: one parse each, the map emptied when a client makes up many.
    if (encodingOfHeader.size >= HEADERS_KEPT) encodingOfHeader.clear();
    encodingOfHeader.set(acceptEncoding, (encoding = parsedPreference(acceptEncoding)));
  }
  return encoding;
}

/** How many Accept-Encoding headers preferredEncoding keeps parsed. */
const HEADERS_KEPT = 100;
const encodingOfHeader = new Map<string, ContentEncoding | null>();

function parsedPreference(acceptEncoding: string): ContentEncoding | null {
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!name) continue;
    const q = params.find((param) => param.startsWith('q='));
    quality.set(name, q === undefined ? 1 : Number(q.slice(2)));
  }
  const accepts = (encoding: ContentEncoding) => (quality.get(encoding) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** `text` compressed with `encoding`, in one call (for answers known whole, or kept in memory and sent many times). */
export function encodeText(text: string | Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } })
    : gzipSync(text, { level: GZIP_LEVEL });
}
