import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@esim/platform';
import { DEMO_ACCOUNTS, ROUTES, type RouteRule } from '@esim/contracts';
import type { Knex } from 'knex';
import { formatBooksReport, verifyBooks } from '../../infra/src/testing/books';
import { callersOf, openApiOf, schemasFromOpenApi, type Caller } from '../hostile/requests';
import { startSystem, type System } from './system';

/**
 * Text and number input rules, through the gateway to the real services: NUL and lone surrogates in
 * any text, dates inside react-admin's `filter`, and money below a cent or with a third decimal.
 * Each was a 500 (or a silent 0) before; each must be a 400 naming the field, changing nothing.
 * The sweeps run over every auth, catalog and balance route of the route table.
 */
describe('input rules through the running system', () => {
  let system: System;
  let db: Knex;
  const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  const dealer = DEMO_ACCOUNTS.find((a) => a.email === 'dealer@esim.test')!;
  const manager = DEMO_ACCOUNTS.find((a) => a.email === 'sales@esim.test')!;
  let packageId: string;

  beforeAll(async () => {
    system = await startSystem();
    db = createDb(process.env.DATABASE_URL!, 'balance', 2);
    tokens.admin = await system.login('admin@esim.test');
    tokens['sales-manager'] = await system.login('sales@esim.test');
    tokens.dealer = await system.login('dealer@esim.test');
    tokens.retail = await system.login('customer@esim.test');
    packageId = (await db.raw('SELECT id::text FROM catalog.packages ORDER BY code LIMIT 1')).rows[0].id;
  }, 120_000);

  afterAll(async () => {
    const books = await verifyBooks();
    expect(books.ledger.ok, formatBooksReport(books)).toBe(true);
    await db.destroy();
    await system?.stop();
  });

  const key = () => ({ 'idempotency-key': `rules-${randomUUID()}` });
  const rows = async () =>
    (
      await db.raw(
        'SELECT (SELECT count(*) FROM balance.transfers)::int AS transfers, (SELECT count(*) FROM balance.deposits)::int AS deposits',
      )
    ).rows[0];
  const named = (body: { errors?: Array<{ path: string }> }) => (body.errors ?? []).map((e) => e.path);

  describe('1. NUL and lone surrogates in text', () => {
    it.each([
      ['/admin/dealers?search=a%00b', 'admin', 'search'],
      ['/admin/dealers?q=a%00b', 'admin', 'q'],
      ['/admin/sales-managers?search=a%00b', 'admin', 'search'],
      ['/sales-manager/dealers?search=a%00b', 'sales-manager', 'search'],
      ['/admin/packages?search=a%00b', 'admin', 'search'],
    ] as const)('GET %s → 400 naming the field', async (url, caller, field) => {
      const res = await system.api('GET', url, { token: tokens[caller] });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(named(res.body)).toContain(field);
    });

    it('a lone surrogate in a JSON string (the only way one arrives: a URL decodes bad bytes to U+FFFD) is a 400 naming the field', async () => {
      const res = await system.api('POST', '/register', {
        body: { full_name: 'Ali \ud800', email: 'surrogate@example.com', password: 'mavi-deniz-kenarinda-7' },
        remoteAddress: '198.51.100.9',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(named(res.body)).toContain('full_name');
    });

    it('a note with NUL on /admin/dealers/balance and /cash-balance, and name_tr on PUT /admin/packages/:id, are 400 naming the field; nothing changes', async () => {
      const before = await rows();
      for (const [path, body] of [
        ['/admin/dealers/balance', { dealer_id: dealer.id, amount: 5, note: 'a\u0000b' }],
        ['/admin/dealers/cash-balance', { dealer_id: dealer.id, amount: 5, note: 'x\ud800', load: true }],
      ] as const) {
        const res = await system.api('POST', path, { token: tokens.admin, headers: key(), body });
        expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(400);
        expect(named(res.body)).toContain('note');
      }
      const pkg = await system.api('PUT', `/admin/packages/${packageId}`, {
        token: tokens.admin,
        body: { name_tr: 'Paket\u0000' },
      });
      expect(pkg.status, JSON.stringify(pkg.body)).toBe(400);
      expect(named(pkg.body)).toContain('name_tr');
      expect(await rows()).toEqual(before);
    });

    /** Every string a route declares (query parameters and body fields), on every auth, catalog and balance route. */
    const swept = ROUTES.filter((rule) => ['auth', 'catalog', 'balance'].includes(rule.service));
    it(`sweeps every string field of the ${swept.length} auth, catalog and balance routes with NUL: 400 naming it, never a 5xx`, async () => {
      const docs = Object.fromEntries(Object.entries(system.services).map(([name, app]) => [name, openApiOf(app)]));
      let checked = 0;
      for (const rule of swept) {
        const schemas = schemasFromOpenApi(docs[rule.service], rule);
        const caller = callerFor(rule);
        const path = rule.path.replace(/:(\w+)/g, (_, name: string) =>
          name === 'slug' ? 'turkiye' : name === 'id' && rule.path.includes('packages') ? packageId : dealer.id,
        );
        const strings = (properties: Record<string, { type?: unknown; format?: string }> | undefined) =>
          Object.entries(properties ?? {})
            .filter(([, schema]) => schema.type === 'string' && schema.format !== 'uuid')
            .map(([name]) => name);
        for (const name of strings(schemas.query as never)) {
          const res = await system.api(rule.method, `${path}?${name}=a%00b`, {
            token: caller ? tokens[caller] : undefined,
            headers: key(),
          });
          expect(res.status, `${rule.method} ${rule.path} ?${name}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(named(res.body), `${rule.method} ${rule.path} ?${name}`).toContain(name);
          checked += 1;
        }
        for (const name of strings(schemas.body?.properties as never)) {
          const res = await system.api(rule.method, path, {
            token: caller ? tokens[caller] : undefined,
            headers: key(),
            body: { [name]: 'a\u0000b' },
          });
          expect(res.status, `${rule.method} ${rule.path} body.${name}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(named(res.body), `${rule.method} ${rule.path} body.${name}`).toContain(name);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(30);
    });
  });

  describe('2. dates and other values inside react-admin filter', () => {
    const routes = [
      ['/user/transactions', 'dealer'],
      ['/user/transactions/query', 'dealer'],
      ['/admin/collection-logs', 'admin'],
      ['/admin/collection-logs/export', 'admin'],
    ] as const;
    for (const [path, caller] of routes) {
      it.each(['x', '2026-02-30', "2026-01-01' or 1=1"])(
        `GET ${path} with filter.start_date / end_date = %s → 400 naming filter.<field>`,
        async (bad) => {
          for (const field of ['start_date', 'end_date']) {
            const res = await system.api(
              'GET',
              `${path}?filter=${encodeURIComponent(JSON.stringify({ [field]: bad }))}`,
              { token: tokens[caller] },
            );
            expect(res.status, `${path} ${field}=${bad}: ${JSON.stringify(res.body)}`).toBe(400);
            expect(named(res.body)).toContain(`filter.${field}`);
          }
        },
      );
      it(`GET ${path} with an unknown filter field → 400 naming it`, async () => {
        const res = await system.api('GET', `${path}?filter=${encodeURIComponent('{"no_such_field":1}')}`, {
          token: tokens[caller],
        });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(named(res.body)).toContain('filter.no_such_field');
      });
    }
    it('a good date inside filter still filters', async () => {
      const res = await system.api(
        'GET',
        `/admin/collection-logs?filter=${encodeURIComponent('{"start_date":"2026-01-01","end_date":"2026-12-31"}')}`,
        { token: tokens.admin },
      );
      expect(res.status).toBe(200);
    });
  });

  describe('3. money: at least one cent, at most two decimals, never rounded', () => {
    const moneyRoutes = [
      ['/user/balance/add', 'retail', { amount: 0 }],
      ['/admin/dealers/balance', 'admin', { dealer_id: dealer.id, amount: 0 }],
      ['/admin/dealers/cash-balance', 'admin', { dealer_id: dealer.id, amount: 0, load: true }],
      ['/admin/sales-managers/collect', 'admin', { sales_manager_id: manager.id, amount: 0 }],
      ['/sales-manager/collect', 'sales-manager', { dealer_id: dealer.id, amount: 0 }],
    ] as const;
    for (const [path, caller, body] of moneyRoutes) {
      it.each([1e-9, 0.001, 0.005, 12.345, -1, 0])(
        `POST ${path} with amount %s → 400 naming amount, nothing booked`,
        async (amount) => {
          const before = await rows();
          const res = await system.api('POST', path, {
            token: tokens[caller],
            headers: key(),
            body: { ...body, amount },
          });
          expect(res.status, JSON.stringify(res.body)).toBe(400);
          expect(named(res.body)).toContain('amount');
          expect(await rows()).toEqual(before);
        },
      );
    }
    it('a price of 1e-9 or with a third decimal is refused, not stored as 0', async () => {
      for (const retail_price of [1e-9, 9.999]) {
        const res = await system.api('PUT', `/admin/packages/${packageId}`, {
          token: tokens.admin,
          body: { retail_price },
        });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(named(res.body)).toContain('retail_price');
      }
      const stored = (await db.raw('SELECT retail_price_cents FROM catalog.packages WHERE id = ?', [packageId]))
        .rows[0];
      expect(stored.retail_price_cents).not.toBe(0);
    });
  });
});

/** A caller allowed on the route (the one with the widest view), none for a public route. */
function callerFor(rule: RouteRule): Exclude<Caller, 'anonymous'> | undefined {
  if (rule.access === 'public') return undefined;
  const allowed = callersOf(rule);
  return (['admin', 'sales-manager', 'dealer', 'retail'] as const).find((caller) => allowed.includes(caller));
}
