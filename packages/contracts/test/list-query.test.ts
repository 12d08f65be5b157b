import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineListQuery, normalizeListQuery, queryBoolean, statusFilter } from '../src/list-query';

const schema = defineListQuery({
  status: statusFilter(['active', 'suspended']),
  region: z.enum(['europe', 'asia']),
  featured: queryBoolean,
});
const parse = (query: Record<string, string>) => normalizeListQuery(schema.parse(query));
const pathsOf = (query: Record<string, string>) => {
  const result = schema.safeParse(query);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => i.path.join('.'));
};

describe('list query', () => {
  it("reads the shop's own parameters", () => {
    expect(
      parse({
        search: 'ali',
        status: 'active',
        page: '2',
        limit: '10',
        start_date: '2026-01-01',
        end_date: '2026-01-31',
      }),
    ).toMatchObject({
      page: 2,
      limit: 10,
      offset: 10,
      search: 'ali',
      status: 'active',
      startDate: '2026-01-01',
      endDate: '2026-01-31',
    });
    expect(parse({ page_size: '5', page: '3' })).toMatchObject({ limit: 5, offset: 10 });
  });

  it('reads react-admin simple-rest parameters, with the declared filters typed', () => {
    const q = parse({
      sort: '["price","DESC"]',
      range: '[20,29]',
      filter: '{"q":"tr","status":"active","region":"europe","featured":true}',
    });
    expect(q).toMatchObject({
      page: 3,
      limit: 10,
      offset: 20,
      search: 'tr',
      status: 'active',
      sort: { field: 'price', order: 'DESC' },
    });
    expect(q.filters).toEqual({ status: 'active', region: 'europe', featured: true });
    expect(parse({ featured: 'false' }).filters).toEqual({ featured: false });
  });

  it("accepts getMany's id lists and a single id", () => {
    expect(parse({ filter: '{"id":["a","b",3]}' }).ids).toEqual(['a', 'b', '3']);
    expect(parse({ filter: '{"id":"x"}' }).ids).toEqual(['x']);
  });

  it('treats status=all as no filter, in both places', () => {
    expect(parse({ status: 'all' }).status).toBeUndefined();
    expect(parse({ filter: '{"status":"all"}' }).status).toBeUndefined();
  });

  it('parses values inside filter with the same schemas: a bad one names filter.<field>', () => {
    expect(pathsOf({ filter: '{"start_date":"x"}' })).toEqual(['filter.start_date']);
    expect(pathsOf({ filter: '{"start_date":"2026-02-30"}' })).toEqual(['filter.start_date']);
    expect(pathsOf({ filter: `{"end_date":"2026-01-01' or 1=1"}` })).toEqual(['filter.end_date']);
    expect(pathsOf({ filter: '{"status":"deleted"}' })).toEqual(['filter.status']);
    expect(pathsOf({ status: 'deleted' })).toEqual(['status']);
    expect(pathsOf({ filter: '{"region":5}' })).toEqual(['filter.region']);
  });

  it('refuses an unknown filter key, so a typo is not silently ignored', () => {
    const result = schema.safeParse({ filter: '{"regoin":"europe"}' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['filter', 'regoin'], message: 'unknown_filter' });
  });

  it('refuses malformed input with named fields', () => {
    const paths = pathsOf({ sort: 'price; drop table', range: '[5,1]', page: '0', start_date: '2026-02-30' });
    expect(paths).toEqual(expect.arrayContaining(['sort', 'range', 'page', 'start_date']));
    expect(pathsOf({ filter: '[1,2]' })).toEqual(['filter']);
  });

  it('refuses an end date before the start date, top-level or inside filter', () => {
    const bad = schema.safeParse({ start_date: '2026-02-02', end_date: '2026-02-01' });
    expect(bad.error!.issues[0]!.message).toBe('date_range_invalid');
    expect(pathsOf({ filter: '{"start_date":"2026-02-02","end_date":"2026-02-01"}' })).toEqual(['filter.end_date']);
  });

  it('a list with nothing to search refuses q and search (top level and in filter) instead of ignoring them', () => {
    const unsearchable = defineListQuery({ status: statusFilter(['pending']) }, { search: false });
    for (const query of [{ q: 'x' }, { search: 'x' }, { filter: '{"q":"x"}' }, { filter: '{"search":"x"}' }]) {
      const result = unsearchable.safeParse(query);
      expect(result.success).toBe(false);
      const issue = result.error!.issues[0]!;
      expect(issue.path.join('.')).toBe(
        Object.keys(query)[0] === 'filter'
          ? `filter.${Object.keys(JSON.parse(query.filter!))[0]}`
          : Object.keys(query)[0],
      );
      expect(['search_not_supported', 'unknown_filter']).toContain(issue.message);
    }
    expect(normalizeListQuery(unsearchable.parse({ status: 'pending', page: '2' }))).toMatchObject({
      status: 'pending',
      page: 2,
      search: undefined,
    });
  });
});
