import superjson from 'superjson';

/** Thrown inside the walk when a value needs superjson's own handling. */
const NOT_PLAIN = Symbol('not plain');

const OBJECT_PROTOTYPE = Object.prototype;

/**
 * `JSON.stringify(superjson.serialize(value))`, the same text, for plain data with Dates (rows as
 * the app maps them), written in one pass without superjson's copy of the value and its per-node
 * path strings. Anything else (undefined, a Map, an object met twice, a number JSON cannot
 * carry, a key with a dot or a backslash, a Date at the root...) is serialised by superjson itself.
 */
export function superjsonText(value: unknown): string {
  const walk = { keys: [] as (string | number)[], dates: [] as string[], seen: new Set<object>() };
  let json: string;
  try {
    json = write(value, walk);
  } catch (error) {
    if (error === NOT_PLAIN) return JSON.stringify(superjson.serialize(value));
    throw error;
  }
  if (walk.dates.length === 0) return `{"json":${json}}`;
  return `{"json":${json},"meta":{"values":{${walk.dates.join(',')}},"v":1}}`;
}

type Walk = { keys: (string | number)[]; dates: string[]; seen: Set<object> };

function write(value: unknown, walk: Walk): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      if (!Number.isFinite(value) || Object.is(value, -0)) throw NOT_PLAIN;
      return String(value);
    case 'object':
      break;
    default:
      throw NOT_PLAIN;
  }
  const object = value as object;
  if (walk.seen.has(object)) throw NOT_PLAIN;
  walk.seen.add(object);
  if (object instanceof Date) {
    const time = object.getTime();
    if (walk.keys.length === 0 || Number.isNaN(time)) throw NOT_PLAIN;
    walk.dates.push(`${JSON.stringify(walk.keys.join('.'))}:["Date"]`);
    return `"${object.toISOString()}"`;
  }
  if (Array.isArray(object)) {
    let out = '[';
    for (let i = 0; i < object.length; i++) {
      const item: unknown = object[i];
      if (item === undefined) throw NOT_PLAIN;
      walk.keys.push(i);
      out += (i === 0 ? '' : ',') + write(item, walk);
      walk.keys.pop();
    }
    return `${out}]`;
  }
  const prototype = Object.getPrototypeOf(object) as unknown;
  if (prototype !== OBJECT_PROTOTYPE && prototype !== null) throw NOT_PLAIN;
  let out = '{';
  let first = true;
  for (const key of Object.keys(object)) {
    const item = (object as Record<string, unknown>)[key];
    if (item === undefined || key.includes('.') || key.includes('\\')) throw NOT_PLAIN;
    walk.keys.push(key);
    out += `${first ? '' : ','}${JSON.stringify(key)}:${write(item, walk)}`;
    walk.keys.pop();
    first = false;
  }
  return `${out}}`;
}
