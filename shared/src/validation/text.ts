/**
 * Text a resident types never holds control characters: U+0000 breaks Postgres,
 * and the others (escape sequences, invisible C1 codes) only hide or forge text.
 * Nor half of a UTF-16 pair (a lone surrogate, U+D800 to U+DFFF): no keyboard types one,
 * and Postgres refuses it in jsonb (the audit log, job data) and in UTF-8 text.
 * Line breaks and tabs stay allowed: descriptions have paragraphs.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'O texto contém caracteres inválidos. Apague-os e tente de novo.';

// Without the u flag the regex sees UTF-16 code units: a high half not followed by a low one, or a low half not preceded by a high one.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/**
 * The path of the first string (value or key) holding a control character in an
 * input of any shape, or null. Depth and size are bounded by the body limit.
 */
export function findControlCharacters(value: unknown, path: (string | number)[] = [], depth = 0): (string | number)[] | null {
  if (typeof value === 'string') return hasControlCharacters(value) ? path : null;
  if (depth > 32 || value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findControlCharacters(value[i], [...path, i], depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (value instanceof Date) return null;
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacters(key)) return [...path, key];
    const found = findControlCharacters(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}
