/**
 * The one text rule for every string that enters the system (bodies, queries, params, headers,
 * uploaded cells): no NUL (PostgreSQL refuses it in text) and no lone UTF-16 surrogate (not
 * valid Unicode; it cannot be stored or encoded faithfully).
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(value: string): boolean {
  return UNSAFE.test(value);
}

/**
 * The path of the first unsafe string (keys included) inside a value, or null when all are safe.
 * Walks objects and arrays; the path is built on the way back from a find, so a walk over safe
 * values (every request's parameters) allocates nothing.
 */
export function findUnsafeText(value: unknown, depth = 0): Array<string | number> | null {
  if (typeof value === 'string') return isUnsafeText(value) ? [] : null;
  if (depth > 64 || value === null || typeof value !== 'object') return null;
  // Raw bytes (an uploaded file's Buffer) are not text: walking them would visit every byte as a
  // key. Whoever reads them as text checks that text (the import checks each cell).
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], depth + 1);
      if (found) return [i, ...found];
    }
    return null;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    if (!Object.hasOwn(record, key)) continue;
    if (isUnsafeText(key)) return [key];
    const found = findUnsafeText(record[key], depth + 1);
    if (found) return [key, ...found];
  }
  return null;
}
