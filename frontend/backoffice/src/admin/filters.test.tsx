import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../providers/dataProvider';
import type { HttpClient } from '../providers/httpClient';
import { resourceDef } from '../providers/resources';
import { collectionLogFilters } from './collection-logs/CollectionLogList';
import { exportQuery } from './collection-logs/ExportLogsButton';
import { dealerFilters } from './dealers/DealerList';

/** A data provider over an httpClient that records the URLs asked for and answers an empty page. */
function recordingProvider() {
  const urls: URL[] = [];
  const http: HttpClient = async (url) => {
    urls.push(new URL(url, 'http://test'));
    return {
      status: 200,
      headers: new Headers({ 'Content-Range': 'items 0-0/0' }),
      body: '',
      json: [],
      envelope: { success: true, data: [], meta: { total: 0, page: 1, limit: 25, amount_cents: 0 } },
    };
  };
  return { provider: createDataProvider('/api', http), urls };
}

const sourcesOf = (elements: ReturnType<typeof dealerFilters>) =>
  elements.map((element) => (element.props as { source: string }).source);
const identity = (key: string) => key;
const page = { pagination: { page: 1, perPage: 25 }, sort: { field: 'created_at', order: 'ASC' as const } };

describe("admin lists' filters reach the API under its query names", () => {
  it('dealers: search, status and sales manager go out as q, status and sales_manager_id; "all" sends no status', async () => {
    expect(sourcesOf(dealerFilters(identity))).toEqual(['q', 'status', 'sales_manager_id']);
    for (const source of sourcesOf(dealerFilters(identity)))
      expect(resourceDef('admin/dealers').filters).toContain(source);
    const { provider, urls } = recordingProvider();
    await provider.getList('admin/dealers', { ...page, filter: { q: 'Deniz', status: 'suspended' } });
    await provider.getList('admin/dealers', { ...page, filter: { q: 'Deniz', status: 'all', colour: 'blue' } });
    expect(urls[0]!.pathname).toBe('/api/admin/dealers');
    expect(JSON.parse(urls[0]!.searchParams.get('filter')!)).toEqual({ q: 'Deniz', status: 'suspended' });
    expect(JSON.parse(urls[1]!.searchParams.get('filter')!)).toEqual({ q: 'Deniz' });
  });

  it('collection logs: date range, kind and party go out as start_date, end_date, kind, sales_manager_id, dealer_id; the page and the sum come back', async () => {
    const sources = sourcesOf(collectionLogFilters(identity));
    expect(sources).toEqual(['start_date', 'end_date', 'kind', 'sales_manager_id', 'dealer_id']);
    for (const source of sources) expect(resourceDef('admin/collection-logs').filters).toContain(source);
    const { provider, urls } = recordingProvider();
    const filter = {
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      kind: 'dealer-to-sales-manager',
      sales_manager_id: 'sm-1',
      dealer_id: 'd-1',
    };
    const result = await provider.getList('admin/collection-logs', {
      pagination: { page: 3, perPage: 25 },
      sort: { field: 'amount', order: 'DESC' },
      filter,
    });
    expect(urls[0]!.pathname).toBe('/api/admin/collection-logs');
    expect(JSON.parse(urls[0]!.searchParams.get('filter')!)).toEqual(filter);
    expect(urls[0]!.searchParams.get('range')).toBe('[50,74]');
    expect(urls[0]!.searchParams.get('sort')).toBe('["amount","DESC"]');
    expect(result.meta).toMatchObject({ amount_cents: 0 });
    // The CSV export asks the same names, as plain query parameters.
    const { kind: _all, ...withoutKind } = filter;
    expect(Object.fromEntries(new URLSearchParams(exportQuery({ ...filter, kind: 'all' })))).toEqual(withoutKind);
  });

  it('sales managers: search goes out as q', async () => {
    const { provider, urls } = recordingProvider();
    await provider.getList('admin/sales-managers', { ...page, filter: { q: 'Serkan', status: 'all' } });
    expect(JSON.parse(urls[0]!.searchParams.get('filter')!)).toEqual({ q: 'Serkan' });
  });
});
