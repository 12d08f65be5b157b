/** NUL and lone UTF-16 surrogates: never stored from an uploaded cell. */
export function unsafeTextIn(value: string): boolean {
  return /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(value);
}
