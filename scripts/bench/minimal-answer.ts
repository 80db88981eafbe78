import { superjsonText } from '../../server/src/http/superjson-text.ts';
import type { ParameterSource } from './pgbench-script.ts';

/**
 * The bare endpoint's answer to the browser's batched GET of listings.list: the page of the rows it
 * read (`limit` of them; one more says there is a next page) in tRPC's batch envelope, its superjson
 * text written by the app's own writer (superjsonText). With superjson's serialize there the bare
 * endpoint spent about 0.4 ms per page more than the app on the same text, which the app's CPU ratio
 * against it counted in the app's favour.
 */
export function bareFeedAnswer(rows: readonly { id: string }[], limit: number): string {
  const items = rows.slice(0, limit);
  const page = { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
  return `[{"result":{"data":${superjsonText(page)}}}]`;
}

/** The feed statement the app sent (captured), and which of its values is the page's cursor. */
export interface BareFeedStatement {
  text: string;
  values: (string | null)[];
  limit: number;
  cursorParam: number;
}

/** The statement the app sent for one search request (captured), by the request's path. */
export interface BareSearchStatement {
  path: string;
  text: string;
  values: (string | null)[];
  limit: number;
}

/** The request's cursor from tRPC's batched GET input, or null. */
function cursorOf(url: URL): string | null {
  try {
    const sent = JSON.parse(url.searchParams.get('input') ?? '{}') as { 0?: { json?: { cursor?: unknown } } };
    const cursor = sent[0]?.json?.cursor;
    return typeof cursor === 'string' ? cursor : null;
  } catch {
    return null;
  }
}

/**
 * What the bare endpoint runs for a request path: the search captured for that path, unnamed (parsed and
 * planned each time, as the app sends a search), else the feed's statement after the request's cursor,
 * named (prepared once per connection, as the app's feed pages are).
 */
export function bareStatementFor(requestPath: string, feed: BareFeedStatement, searches: ReadonlyMap<string, BareSearchStatement>): { query: { name?: string; text: string; values: (string | null)[] }; limit: number } {
  const search = searches.get(requestPath);
  if (search) return { query: { text: search.text, values: search.values }, limit: search.limit };
  const values = [...feed.values];
  const cursor = cursorOf(new URL(requestPath, 'http://localhost'));
  if (cursor && feed.cursorParam >= 0) values[feed.cursorParam] = cursor;
  return { query: { name: 'feed', text: feed.text, values }, limit: feed.limit };
}

/** An answer the app sent, kept to be sent again as it is: its body (base64) and the headers that describe it. */
export interface StoredAnswer {
  body: string;
  headers: [string, string][];
}

/**
 * Headers that belong to one response, not to its content: the server sending it again writes its own. And
 * X-Feed-Cache: the server sending it again looks nothing up, and the load generator counts that header's answers as the cache's.
 */
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding', 'x-request-id', 'x-feed-cache']);

/** An answer as received (`rawHeaders`: name, value, name, value...), kept with the headers of its content only. */
export function storedAnswer(body: Buffer, rawHeaders: readonly string[]): StoredAnswer {
  const headers: [string, string][] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) if (!PER_RESPONSE_HEADERS.has(rawHeaders[i]!.toLowerCase())) headers.push([rawHeaders[i]!, rawHeaders[i + 1]!]);
  return { body: body.toString('base64'), headers };
}

/**
 * The bare endpoint's orders: per request the statements the app sent for one order (captured), named
 * as the app and pgbench -M prepared run them, with the values pgbench's script draws for a transaction
 * (drawnStatements) read from one row of the same targets table. The rows are reserved from the table's
 * sequence when the endpoint starts, so a request runs only the app's statements, no draw of its own.
 */
export interface BareOrderStatements {
  /** The targets table; its rows are drawn from its sequence (targetsSequence). */
  table: string;
  /** The select list of the draw (`<expression> AS <name>`). */
  drawn: string[];
  statements: { text: string; params: ParameterSource[] }[];
  /** The app's words for a new rental order, sent in each answer. */
  message: string;
}

/** One statement's values for a target row (its drawn values by name). */
export function bareOrderValues(params: readonly ParameterSource[], row: Readonly<Record<string, string | null>>): (string | null)[] {
  return params.map((source) => {
    if (!('drawn' in source)) return source.value;
    const value = row[source.drawn];
    if (value === undefined) throw new Error(`the target row has no ${source.drawn}`);
    return value;
  });
}

/** The statement reading `count` target rows from `first` on, with the values the draw selects. */
export function bareOrderTargetsSql(orders: BareOrderStatements): string {
  return `SELECT ${orders.drawn.join(', ')} FROM ${orders.table} WHERE n >= $1 AND n < $1 + $2 ORDER BY n`;
}

/** The app's answer to orders.create in tRPC's batch envelope: an order's id and the words the screen shows (`message`, the app's for a rental). */
export function bareOrderAnswer(orderId: string, message: string): string {
  return `[{"result":{"data":{"json":${JSON.stringify({ id: orderId, message })}}}}]`;
}
