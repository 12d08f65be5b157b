import { describe, expect, it } from 'vitest';
import { SeenValues } from '../src/imports/seen';

/** SeenValues answers exactly as a Map would, for files in order, out of order and mixed. */
function check(values: string[]) {
  const seen = new SeenValues();
  const reference = new Map<string, number>();
  values.forEach((value, row) => {
    expect(seen.get(value), `${value} on row ${row}`).toBe(reference.get(value));
    expect(seen.has(value)).toBe(reference.has(value));
    if (!reference.has(value)) {
      reference.set(value, row);
      seen.add(value, row);
    }
  });
  for (const [value, row] of reference) expect(seen.get(value)).toBe(row);
}

const random = (n: number) => Array.from({ length: n }, () => String(Math.floor(Math.random() * 10 ** (3 + Math.floor(Math.random() * 4)))));

describe('SeenValues', () => {
  it('answers like a Map for rising values, duplicates among them, and values out of order', () => {
    check(Array.from({ length: 2000 }, (_, i) => String(100000 + i)));
    check(['100', '101', '101', '99', '100', '1000', '0100', '100', '0100']);
    check(['89001', '89002', '89002', '89003', '89001', '89004']);
    for (let round = 0; round < 20; round += 1) check(random(500));
    const rising = Array.from({ length: 300 }, (_, i) => String(5000 + i * 3));
    check([...rising, ...random(300), ...rising]);
  });
});
