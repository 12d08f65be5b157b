import { describe, expect, it } from 'vitest';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import { createDataProvider } from '../../providers/dataProvider';
import type { HttpClient } from '../../providers/httpClient';
import { resourceDef } from '../../providers/resources';
import { auditLogFilters } from './AuditLogList';
import { AUDITED_ROUTES } from '@esim/contracts';
import { englishMessages } from '../../i18n/en';
import { turkishMessages } from '../../i18n';
import { ACTIONS, actionOf, auditSentence } from './auditSentence';
import { recordLinkOf } from './recordLink';

const identity = (key: string) => key;

describe('the audit log screen', () => {
  it('sends its filters under the names GET /admin/audit-log takes', async () => {
    const sources = auditLogFilters(identity, []).map((element) => (element.props as { source: string }).source);
    // target_id: a record's history, as the dealer page's link asks for it.
    expect(sources).toEqual(['actor_id', 'method', 'start_date', 'end_date', 'route', 'service', 'target_id']);
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
        `/admin/deposits?filter=${encodeURIComponent('{"id":"t-1","status":"all"}')}`,
        entry('POST', '/admin/deposits/:id/confirm', '/admin/deposits/t-1/confirm'),
      ],
      // An entry of the deposits' old path (written before the rename, or by a client still calling it).
      [
        `/admin/deposits?filter=${encodeURIComponent('{"id":"t-2","status":"all"}')}`,
        entry('POST', '/admin/top-ups/:id/reject', '/admin/top-ups/t-2/reject'),
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

  it('words an entry with its record and amount, an older entry by its action, a refused one as attempted', () => {
    const messages: Record<string, string> = {
      'app.admin_audit_log.sentences.dealer_credit_load': '%{target} adlı bayiye %{amount} kredi yüklendi',
      'app.admin_audit_log.sentences.sm_status_suspended': '%{target} adlı satış müdürü askıya alındı',
      'app.admin_audit_log.actions.dealer_credit_load': 'Bayiye kredi yüklendi',
      'app.admin_audit_log.attempted': 'Denendi, yapılamadı: %{action}',
      'app.admin_audit_log.methods.PATCH': 'Kısmi güncelleme',
    };
    const translate = (key: string, options: Record<string, unknown> = {}) =>
      (messages[key] ?? key).replace(/%\{(\w+)\}/g, (_, name: string) => String(options[name]));
    const load = { method: 'POST', route: '/admin/dealers/balance', status_code: 200 };
    // Money is formatted with a no-break space before the euro sign.
    expect(auditSentence({ ...load, target_name: 'Deniz', amount_cents: 15025 }, translate).replace(/\s/g, ' ')).toBe(
      'Deniz adlı bayiye 150,25 € kredi yüklendi',
    );
    expect(auditSentence({ ...load, target_name: null, amount_cents: null }, translate)).toBe('Bayiye kredi yüklendi');
    expect(auditSentence({ ...load, status_code: 409 }, translate)).toBe('Denendi, yapılamadı: Bayiye kredi yüklendi');
    expect(
      auditSentence(
        {
          method: 'PUT',
          route: '/admin/sales-managers/:id/status',
          status_code: 200,
          target_name: 'Selin',
          detail: 'suspended',
        },
        translate,
      ),
    ).toBe('Selin adlı satış müdürü askıya alındı');
    expect(auditSentence({ method: 'PATCH', route: '/admin/unknown', status_code: 200 }, translate)).toBe(
      'Kısmi güncelleme',
    );
  });

  it('words deposits, Plus orders, packages and cards with their record and amount in both languages', () => {
    const tr = polyglotI18nProvider(() => turkishMessages, 'tr').translate;
    const en = polyglotI18nProvider(() => englishMessages, 'en').translate;
    const words = (translate: typeof tr, entry: Parameters<typeof auditSentence>[0]) =>
      auditSentence(entry, translate).replace(/\s/g, ' ');
    const confirm = {
      method: 'POST',
      route: '/admin/deposits/:id/confirm',
      status_code: 200,
      target_name: 'BK7Q4MZT',
      amount_cents: 15025,
    };
    expect(words(tr, confirm)).toBe('BK7Q4MZT referans kodlu 150,25 € tutarındaki bakiye yüklemesi onaylandı');
    expect(words(en, confirm)).toMatch(/^Deposit of .+ with reference BK7Q4MZT confirmed$/);
    // Entries of the old path read the same.
    expect(words(en, { ...confirm, route: '/admin/top-ups/:id/confirm' })).toBe(words(en, confirm));
    // An older entry without a subject keeps the action's words.
    expect(words(tr, { ...confirm, target_name: null, amount_cents: null })).toBe('Bakiye yükleme onaylandı');
    // A bulk names how many it decided and the money they moved; a card status is said in the admin's words.
    const bulk = { method: 'POST', route: '/admin/deposits/bulk-confirm', status_code: 200, amount_cents: 45000 };
    expect(words(tr, { ...bulk, target_name: '3' })).toBe('3 bakiye yüklemesi toplu onaylandı, toplam 450,00 €');
    expect(words(en, { ...bulk, target_name: '1' })).toMatch(/^1 deposit confirmed in bulk, .+ in total$/);
    expect(
      words(tr, {
        method: 'POST',
        route: '/admin/physical-sim/orders/:id/approve',
        status_code: 200,
        target_name: 'PS-1A2B3C4D',
        amount_cents: 9000,
      }),
    ).toBe('PS-1A2B3C4D numaralı 90,00 € tutarındaki SIM kart siparişi onaylandı');
    expect(
      words(tr, {
        method: 'PUT',
        route: '/admin/physical-sim/stock/:id/status',
        status_code: 200,
        target_name: '8990001',
        detail: 'defective',
      }),
    ).toBe('8990001 sıra numaralı SIM kartın durumu “Arızalı” oldu');
    expect(
      words(tr, {
        method: 'POST',
        route: '/admin/physical-sim/stock/transfer-to-dealer',
        status_code: 200,
        target_name: 'Çağrı Bayi',
        detail: '5',
      }),
    ).toBe('Çağrı Bayi adlı bayiye 5 SIM kart aktarıldı');
  });

  it('has words in both languages for every write an admin or sales manager can make', () => {
    const lookup = (messages: unknown, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
    const recorded = AUDITED_ROUTES.filter(
      (r) => /^\/(admin|sales-manager)\//.test(r.path) || r.path.startsWith('/me'),
    );
    const unworded = recorded
      .filter((r) => !actionOf({ method: r.method, route: r.path }))
      .map((r) => `${r.method} ${r.path}`);
    expect(unworded).toEqual([]);
    for (const messages of [englishMessages, turkishMessages]) {
      for (const action of new Set(Object.values(ACTIONS)))
        expect(typeof lookup(messages, `app.admin_audit_log.actions.${action}`), action).toBe('string');
    }
  });
});
