/** Escapes LIKE wildcards so a visitor's `%` or `_` is matched literally. */
export function likeContains(folded: string): string {
  return `%${folded.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

// The ranking is contracts' (the storefront's coverage list ranks with it too).
export { matchRank, type Searchable } from '@esim/contracts';
