/**
 * The values one column of an import file has shown so far, each with the row it first came on
 * (the in-file duplicate check: the first occurrence wins, later ones name it).
 *
 * Stock files list their cards in order. While every new value comes after the one before (in
 * `compareValues` order: shorter first, then character by character, which for digit strings is
 * numeric order), it cannot have been seen: one comparison answers, and the values are appended
 * to a sorted array, which costs far less than hashing every identifier. The first value out of
 * order moves everything into a Map, used from then on.
 */
export class SeenValues {
  private sorted: string[] = [];
  private rows: number[] = [];
  private map: Map<string, number> | null = null;
  /** The value `get` last found to come after every value so far: adding it needs no second comparison. */
  private after: string | undefined;

  /** The row the value first came on, if it came before. */
  get(value: string): number | undefined {
    if (this.map) return this.map.get(value);
    const sorted = this.sorted;
    if (sorted.length === 0 || compareValues(value, sorted[sorted.length - 1]!) > 0) {
      this.after = value;
      return undefined;
    }
    let low = 0;
    let high = sorted.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const order = compareValues(value, sorted[middle]!);
      if (order === 0) return this.rows[middle];
      if (order < 0) high = middle - 1;
      else low = middle + 1;
    }
    return undefined;
  }

  has(value: string): boolean {
    return this.get(value) !== undefined;
  }

  /** Records a value not seen before, on its row. */
  add(value: string, row: number): void {
    if (this.map) {
      this.map.set(value, row);
      return;
    }
    const sorted = this.sorted;
    const after = value === this.after;
    this.after = undefined;
    if (after || sorted.length === 0 || compareValues(value, sorted[sorted.length - 1]!) > 0) {
      sorted.push(value);
      this.rows.push(row);
      return;
    }
    this.map = new Map();
    for (let i = 0; i < sorted.length; i += 1) this.map.set(sorted[i]!, this.rows[i]!);
    this.map.set(value, row);
    this.sorted = [];
    this.rows = [];
  }
}

/** Shorter first, then by character codes: numeric order for digit strings, a total order for any. */
export function compareValues(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}
