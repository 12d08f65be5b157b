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

const random = (n: number) =>
  Array.from({ length: n }, () => String(Math.floor(Math.random() * 10 ** (3 + Math.floor(Math.random() * 4)))));

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

describe('SeenValues: get then add', () => {
  it('a value found new by get, then added, keeps the array sorted even when another value came between', () => {
    const seen = new SeenValues();
    seen.add('100', 1);
    expect(seen.get('200')).toBeUndefined();
    seen.add('150', 2); // another value added after the get: '200' must be compared again
    seen.add('200', 3);
    expect(seen.get('150')).toBe(2);
    expect(seen.get('200')).toBe(3);
    expect(seen.get('120')).toBeUndefined();
    seen.add('120', 4); // out of order: now a Map
    expect([seen.get('100'), seen.get('120'), seen.get('150'), seen.get('200')]).toEqual([1, 4, 2, 3]);

    const other = new SeenValues();
    expect(other.get('200')).toBeUndefined();
    other.add('300', 1); // after the get of '200', a greater value
    other.add('200', 2); // so '200' is out of order now, not the next in line
    other.add('250', 3);
    expect([other.get('200'), other.get('250'), other.get('300'), other.get('260')]).toEqual([2, 3, 1, undefined]);
  });
});
