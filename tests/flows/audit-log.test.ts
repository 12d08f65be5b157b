import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import { loadAuthConfig } from '../../services/auth/src/config';
import { startSystem, type System } from './system';

const ADMIN = demoAccount('admin@esim.test');
const SALES = demoAccount('sales@esim.test');
const DEALER = demoAccount('dealer@esim.test').id;

type Entry = {
  id: string;
  service: string;
  actor_id: string;
  actor_name: string | null;
  method: string;
  route: string;
  url: string;
  status_code: number;
  ip: string | null;
  at: string;
};

/**
 * The admin's audit log across the running system: auth asks every service for its own rows and
 * merges them. esim and physical-sim are stopped after the writes, standing for services that are down.
 */
describe('the admin audit log across services', () => {
  let system: System;
  let tokens: { admin: string; sales: string };

  beforeAll(async () => {
    system = await startSystem();
    tokens = { admin: await system.login('admin@esim.test'), sales: await system.login('sales@esim.test') };
    const countRows = async (service: 'auth' | 'catalog' | 'balance') =>
      Number((await system.services[service].db('audit_log').count({ n: '*' }))[0]!.n);

    // Writes by two people in three services; each service records its own after answering.
    const asAdmin = { token: tokens.admin, remoteAddress: '198.51.100.7' };
    expect(
      (await system.api('PUT', `/admin/dealers/${DEALER}`, { ...asAdmin, body: { phone: '+905321112233' } })).status,
    ).toBe(200);
    expect(
      (await system.api('PUT', `/admin/dealers/${DEALER}/status`, { ...asAdmin, body: { status: 'active' } })).status,
    ).toBe(200);
    const created = await system.api('POST', '/sales-manager/dealers', {
      token: tokens.sales,
      remoteAddress: '198.51.100.8',
      body: {
        company_name: 'Denetim Ltd.',
        full_name: 'Denetim Bayi',
        email: 'audit-dealer@esim.test',
        password: 'Denetim-Test-2026!x',
      },
    });
    expect(created.status).toBe(201);
    const country = await system.api('GET', '/admin/countries/de', { token: tokens.admin });
    const { coverage_status, daily_price, speed, features, featured_order, quick_order } = country.body.data;
    expect(
      (
        await system.api('PUT', '/admin/countries/de', {
          token: tokens.admin,
          body: { coverage_status, daily_price, speed, features, featured_order, quick_order },
        })
      ).status,
    ).toBe(200);
    // A refused write is recorded too, with its status.
    expect(
      (
        await system.api('POST', '/admin/deposits/00000000-0000-4000-8000-00000000ffff/confirm', {
          token: tokens.admin,
        })
      ).status,
    ).toBeGreaterThanOrEqual(400);
    await waitFor(async () => (await countRows('auth')) === 3 || undefined, { what: 'auth audit rows' });
    await waitFor(async () => (await countRows('catalog')) === 1 || undefined, { what: 'catalog audit row' });
    await waitFor(async () => (await countRows('balance')) === 1 || undefined, { what: 'balance audit row' });
    await system.stopService('esim');
    await system.stopService('physical-sim');
  }, 120_000);
  afterAll(async () => {
    await system?.stop();
  });

  const list = async (query: Record<string, string> = {}, token = tokens.admin) =>
    system.api('GET', `/admin/audit-log?${new URLSearchParams(query)}`, { token });

  it('merges every answering service newest first, names the actors, and names the services that did not answer', async () => {
    const { status, body, headers } = await list();
    expect(status).toBe(200);
    const entries = body.data as Entry[];
    expect(entries.map((e) => `${e.service} ${e.method} ${e.route}`).sort()).toEqual(
      [
        'auth PUT /admin/dealers/:id',
        'auth PUT /admin/dealers/:id/status',
        'auth POST /sales-manager/dealers',
        'catalog PUT /admin/countries/:id',
        'balance POST /admin/deposits/:id/confirm',
      ].sort(),
    );
    expect(entries.map((e) => e.at)).toEqual([...entries.map((e) => e.at)].sort().reverse());
    expect(body.meta).toMatchObject({ total: 5, unavailable: ['esim', 'physical-sim'], next_cursor: null });
    expect(headers['x-total-count']).toBe('5');

    const dealerEdit = entries.find((e) => e.route === '/admin/dealers/:id')!;
    expect(dealerEdit).toMatchObject({
      actor_id: ADMIN.id,
      actor_name: ADMIN.fullName,
      url: `/admin/dealers/${DEALER}`,
      status_code: 200,
      ip: '198.51.100.7',
    });
    expect(dealerEdit.id).toMatch(/^auth:\d+$/);
    expect(entries.find((e) => e.service === 'balance')!.status_code).toBeGreaterThanOrEqual(400);
    expect(entries.find((e) => e.route === '/sales-manager/dealers')).toMatchObject({
      actor_id: SALES.id,
      actor_name: SALES.fullName,
      ip: '198.51.100.8',
    });
  });

  it('filters by person, action, route (asking only the services that own it), service, dates and ids', async () => {
    const bySales = await list({ actor_id: SALES.id });
    expect((bySales.body.data as Entry[]).map((e) => e.route)).toEqual(['/sales-manager/dealers']);
    expect(bySales.body.meta.total).toBe(1);

    const puts = await list({ filter: JSON.stringify({ method: 'PUT' }) });
    expect((puts.body.data as Entry[]).every((e) => e.method === 'PUT')).toBe(true);
    expect(puts.body.meta.total).toBe(3);

    // The route belongs to catalog alone: the services that are down are not asked, so nothing is missing.
    const countries = await list({ route: '/admin/countries/:id' });
    expect((countries.body.data as Entry[]).map((e) => e.service)).toEqual(['catalog']);
    expect(countries.body.meta.unavailable).toEqual([]);
    expect((await list({ service: 'balance' })).body.meta).toMatchObject({ total: 1, unavailable: [] });

    expect((await list({ start_date: '2099-01-01' })).body.meta.total).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    expect((await list({ start_date: today, end_date: today })).body.meta.total).toBe(5);

    const all = (await list()).body.data as Entry[];
    const two = [all[0]!.id, all[3]!.id];
    const many = await list({ filter: JSON.stringify({ id: two }) });
    expect((many.body.data as Entry[]).map((e) => e.id).sort()).toEqual([...two].sort());
    expect(many.body.meta.unavailable).toEqual([]);
  });

  it('pages by range and by cursor to the same order, ties at one instant broken the same way in every service', async () => {
    // Two rows at the very same microsecond in two services, written straight into each service's own table.
    const at = '2030-01-01T10:00:00.123456Z';
    const row = (actor: string) => ({
      actor_id: actor,
      actor_role: 'admin',
      method: 'DELETE',
      route: '/admin/dealers/:id',
      url: '/admin/dealers/x',
      status_code: 200,
      ip: '127.0.0.1',
      request_id: 'tie',
      at,
    });
    await system.services.auth.db('audit_log').insert([row('tie-a'), row('tie-b')]);
    await system.services.catalog.db('audit_log').insert([row('tie-c')]);

    const whole = (await list({ limit: '100' })).body.data as Entry[];
    expect(whole).toHaveLength(8);
    expect(whole.slice(0, 3).map((e) => [e.service, e.at])).toEqual([
      ['auth', at],
      ['auth', at],
      ['catalog', at],
    ]);
    const byRange = [];
    for (let start = 0; start < 8; start += 3)
      byRange.push(...((await list({ range: JSON.stringify([start, start + 2]) })).body.data as Entry[]));
    expect(byRange.map((e) => e.id)).toEqual(whole.map((e) => e.id));

    const byCursor: Entry[] = [];
    let cursor: string | null = null;
    do {
      const page = await list({ limit: '2', ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      byCursor.push(...(page.body.data as Entry[]));
      cursor = page.body.meta.next_cursor;
    } while (cursor);
    expect(byCursor.map((e) => e.id)).toEqual(whole.map((e) => e.id));
  });

  it('refuses bad filters naming the field, other roles, and internal calls without the service credential', async () => {
    const bad = async (query: Record<string, string>, field: string) => {
      const { status, body } = await list(query);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body.errors.map((e: { path: string }) => e.path).join(' ')).toContain(field);
    };
    await bad({ method: 'GET' }, 'method');
    await bad({ route: '/admin/nowhere' }, 'route');
    await bad({ service: 'mail' }, 'service');
    await bad({ cursor: 'bm90LWEtY3Vyc29y' }, 'cursor');
    await bad({ range: JSON.stringify([5000, 5024]) }, 'range');
    await bad({ q: 'dealer' }, 'q');
    expect((await list({}, tokens.sales)).status).toBe(403);
    expect((await system.services.catalog.inject({ method: 'GET', url: '/internal/audit-log' })).statusCode).toBe(401);
    const internal = await system.services.catalog.inject({
      method: 'GET',
      url: '/internal/audit-log?limit=1',
      headers: { 'x-service-token': process.env.INTERNAL_SERVICE_TOKEN ?? loadAuthConfig().INTERNAL_SERVICE_TOKEN },
    });
    expect(internal.json().data).toMatchObject({ total: 2, items: [{ actor_id: 'tie-c' }] });
  });
});
