import { describe, expect, it } from 'vitest';
import { createDataProvider } from '../../providers/dataProvider';
import type { HttpClient } from '../../providers/httpClient';
import { resourceDef } from '../../providers/resources';
import { auditLogFilters } from './AuditLogList';
import { recordLinkOf } from './recordLink';

const identity = (key: string) => key;

describe('the audit log screen', () => {
  it('sends its filters under the names GET /admin/audit-log takes', async () => {
    const sources = auditLogFilters(identity, []).map((element) => (element.props as { source: string }).source);
    expect(sources).toEqual(['actor_id', 'method', 'start_date', 'end_date', 'route', 'service']);
    for (const source of sources) expect(resourceDef('admin/audit-log').filters).toContain(source);

    const urls: URL[] = [];
    const http: HttpClient = async (url) => {
      urls.push(new URL(url, 'http://test'));
      return {
        status: 200,
        headers: new Headers({ 'Content-Range': 'audit-log 0-0/0' }),
        body: '',
        json: [],
        envelope: {
          success: true,
          data: [],
          meta: { total: 0, page: 1, limit: 25, unavailable: ['esim'], next_cursor: null },
        },
      };
    };
    const filter = {
      actor_id: 'a-1',
      method: 'PUT',
      route: '/admin/dealers/:id',
      service: 'auth',
      start_date: '2026-11-01',
      end_date: '2026-11-30',
    };
    const result = await createDataProvider('/api', http).getList('admin/audit-log', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'at', order: 'DESC' },
      filter: { ...filter, colour: 'blue' },
    });
    expect(urls[0]!.pathname).toBe('/api/admin/audit-log');
    expect(JSON.parse(urls[0]!.searchParams.get('filter')!)).toEqual(filter);
    expect(urls[0]!.searchParams.get('range')).toBe('[25,49]');
    // The services that did not answer reach the screen, which names them.
    expect(result.meta).toMatchObject({ unavailable: ['esim'] });
  });

  it('links an entry to the page of the record it changed, where there is one', () => {
    const entry = (method: string, route: string, url: string, status_code = 200) =>
      recordLinkOf({ method, route, url, status_code });
    const cases: Array<[string | null, ReturnType<typeof entry>]> = [
      ['/admin/dealers/d-1/show', entry('PUT', '/admin/dealers/:id', '/admin/dealers/d-1')],
      ['/admin/dealers/d-1/show', entry('PUT', '/admin/dealers/:id/status', '/admin/dealers/d-1/status?x=1')],
      ['/admin/dealers/d-1/show', entry('PUT', '/admin/dealers/:id/credit-limit', '/admin/dealers/d-1/credit-limit')],
      [
        '/admin/dealers/d-1/pricing',
        entry('PUT', '/admin/dealers/:id/packages/:packageId', '/admin/dealers/d-1/packages/p-9'),
      ],
      ['/admin/messages/m%201/show', entry('PUT', '/admin/messages/:id', '/admin/messages/m%201')],
      [
        `/admin/top-ups?filter=${encodeURIComponent('{"id":"t-1","status":"all"}')}`,
        entry('POST', '/admin/top-ups/:id/confirm', '/admin/top-ups/t-1/confirm'),
      ],
      ['/admin/packages/7', entry('PUT', '/admin/packages/:id', '/admin/packages/7')],
      [
        '/admin/physical-sim-orders/o-1/show',
        entry('POST', '/admin/physical-sim/orders/:id/approve', '/admin/physical-sim/orders/o-1/approve', 409),
      ],
      // A creation names no record in its path, a deleted record has no page, a 404 found none.
      [null, entry('POST', '/admin/dealers', '/admin/dealers', 201)],
      [null, entry('DELETE', '/admin/dealers/:id', '/admin/dealers/d-1')],
      ['/admin/dealers/d-1/show', entry('DELETE', '/admin/dealers/:id', '/admin/dealers/d-1', 409)],
      [null, entry('PUT', '/admin/dealers/:id', '/admin/dealers/nobody', 404)],
      [null, entry('POST', '/admin/dealers/balance', '/admin/dealers/balance')],
    ];
    for (const [expected, actual] of cases) expect(actual).toBe(expected);
  });
});
