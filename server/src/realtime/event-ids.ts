/** `a` is a later id than `b` (ids are decimal strings of a bigint sequence; compared without allocating). */
export function isLaterId(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}
