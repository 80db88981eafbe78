import superjson from 'superjson';

/** Thrown inside the walk when a value needs superjson's own handling. */
const NOT_PLAIN = Symbol('not plain');

const OBJECT_PROTOTYPE = Object.prototype;

/**
 * `JSON.stringify(superjson.serialize(value))`, the same text, for plain data with Dates (rows as
 * the app maps them): one walk checks the value is plain, notes where the Dates are and copies
 * only the objects and arrays holding a Date, with the Date's toISOString (what superjson's copy
 * holds) in its place; then V8's own JSON.stringify writes it, on its fast path (a Date's toJSON
 * takes it off that path). No superjson copy of the value, no per-node path strings. Anything
 * else (undefined, a Map, an object met twice, a number JSON cannot carry, a key with a dot or a
 * backslash, a Date at the root...) is serialised by superjson itself.
 */
export function superjsonText(value: unknown): string {
  const writer = typeof value === 'object' && value !== null ? knownShapeWriters.get(value) : undefined;
  const known = writer?.(value as never);
  if (known) return known;
  const walk: Walk = { keys: [], dates: [], seen: new Set() };
  let plain: unknown;
  try {
    plain = withDatesAsText(value, walk);
  } catch (error) {
    if (error === NOT_PLAIN) return JSON.stringify(superjson.serialize(value));
    throw error;
  }
  return superjsonEnvelope(JSON.stringify(plain), walk.dates);
}

/** superjson's text around `json`, with each Date's meta entry (`"path":["Date"]`), in superjson's order. */
export function superjsonEnvelope(json: string, dates: readonly string[]): string {
  if (dates.length === 0) return `{"json":${json}}`;
  return `{"json":${json},"meta":{"values":{${dates.join(',')}},"v":1}}`;
}

/**
 * Writers of superjson's text for values a module built in a shape it knows (see `writtenBy`). The walk
 * below meets every shape the app answers with, so V8 cannot specialise its property reads: on a page of
 * the feed it cost about twice what it did alone in a benchmark.
 */
const knownShapeWriters = new WeakMap<object, (value: never) => string | null>();

/**
 * Marks `value` as written by `writer`: `superjsonText(value)` is then `writer(value)`, which must give
 * superjson's own text (a test per writer holds it), or null to leave the value to the walk.
 */
export function writtenBy<T extends object>(value: T, writer: (value: T) => string | null): T {
  knownShapeWriters.set(value, writer);
  return value;
}

type Walk = { keys: (string | number)[]; dates: string[]; seen: Set<object> };

/**
 * The value itself when nothing in it is a Date, else a copy of the objects and arrays on the way
 * to each Date with the Date as its ISO text; notes each Date's path in superjson's order. Throws
 * NOT_PLAIN for anything JSON.stringify would not write as superjson does.
 */
function withDatesAsText(value: unknown, walk: Walk): unknown {
  if (value === null) return value;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      if (!Number.isFinite(value) || Object.is(value, -0)) throw NOT_PLAIN;
      return value;
    case 'object':
      break;
    default:
      throw NOT_PLAIN;
  }
  const object = value as object;
  if (walk.seen.has(object)) throw NOT_PLAIN;
  walk.seen.add(object);
  if (object instanceof Date) {
    if (walk.keys.length === 0 || Number.isNaN(object.getTime())) throw NOT_PLAIN;
    walk.dates.push(`${JSON.stringify(walk.keys.join('.'))}:["Date"]`);
    return object.toISOString();
  }
  if (Array.isArray(object)) {
    let copy: unknown[] | null = null;
    for (let i = 0; i < object.length; i++) {
      const item: unknown = object[i];
      if (item === undefined) throw NOT_PLAIN;
      walk.keys.push(i);
      const written = withDatesAsText(item, walk);
      walk.keys.pop();
      if (written !== item) (copy ??= object.slice())[i] = written;
    }
    return copy ?? object;
  }
  const prototype = Object.getPrototypeOf(object) as unknown;
  if (prototype !== OBJECT_PROTOTYPE && prototype !== null) throw NOT_PLAIN;
  let copy: Record<string, unknown> | null = null;
  for (const key of Object.keys(object)) {
    const item = (object as Record<string, unknown>)[key];
    if (item === undefined || key.includes('.') || key.includes('\\')) throw NOT_PLAIN;
    walk.keys.push(key);
    const written = withDatesAsText(item, walk);
    walk.keys.pop();
    if (written !== item) (copy ??= { ...object })[key] = written;
  }
  return copy ?? object;
}
