import { describe, expect, it } from 'vitest';
import { listQuerySchema, normalizeListQuery } from '../src/list-query';

const parse = (query: Record<string, string>) => normalizeListQuery(listQuerySchema.parse(query));

describe('list query', () => {
  it('reads the spec parameters', () => {
    expect(parse({ search: 'ali', status: 'active', page: '2', limit: '10', start_date: '2026-01-01', end_date: '2026-01-31' })).toMatchObject({
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

  it('reads react-admin simple-rest parameters', () => {
    const q = parse({ sort: '["price","DESC"]', range: '[20,29]', filter: '{"q":"tr","status":"active","region":"europe"}' });
    expect(q).toMatchObject({ page: 3, limit: 10, offset: 20, search: 'tr', status: 'active', sort: { field: 'price', order: 'DESC' } });
    expect(q.filter).toEqual({ region: 'europe' });
  });

  it('treats status=all as no filter', () => {
    expect(parse({ status: 'all' }).status).toBeUndefined();
  });

  it('refuses malformed input with named fields', () => {
    const bad = listQuerySchema.safeParse({ sort: 'price; drop table', range: '[5,1]', page: '0', start_date: '2026-02-30' });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['sort', 'range', 'page', 'start_date']));
  });

  it('refuses an end date before the start date', () => {
    const bad = listQuerySchema.safeParse({ start_date: '2026-02-02', end_date: '2026-02-01' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe('date_range_invalid');
  });
});
