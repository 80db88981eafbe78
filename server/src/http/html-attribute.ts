const ATTRIBUTE_ESCAPES: Record<string, string> = { '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' };

/** A value written inside a double-quoted attribute of a page the server sends: it cannot close the attribute or the tag. */
export function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c]!);
}
