import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '@esim/contracts';
import { bearer, forwardedFor, freshIp, login, outbox, seededSessions, startAuth, type AuthTestApp } from './support';

const SALES = demoAccount('sales@esim.test').id;
const DEALER = demoAccount('dealer@esim.test').id;

describe('dealers and sales managers', () => {
  let app: AuthTestApp;
  let tokens: Awaited<ReturnType<typeof seededSessions>>;

  beforeAll(async () => {
    app = await startAuth();
    tokens = await seededSessions(app);
  });
  afterAll(async () => {
    await app.close();
  });

  const as = (token: string) => ({ ...bearer(token), ...forwardedFor(freshIp()) });
  const newDealer = (overrides: Record<string, unknown> = {}) => ({
    full_name: 'Mert Bayi',
    email: `mert.${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: 'bayi-sifresi-1',
    company_name: 'Mert İletişim Ltd. Şti.',
    tax_number: '1234567890',
    tax_office: 'Kadıköy',
    phone: '+90 555 123 45 67',
    address: 'Bağdat Cad. No: 12/3, Kadıköy, İstanbul',
    sales_manager_id: SALES,
    ...overrides,
  });
  const createDealer = async (overrides: Record<string, unknown> = {}) => {
    const response = await app.inject({
      method: 'POST',
      url: '/admin/dealers',
      headers: as(tokens.admin),
      payload: newDealer(overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as Record<string, unknown> & { id: string; email: string };
  };

  it('creates a dealer with its profile, publishes user.registered and dealer.created, and the dealer signs in', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/admin/dealers',
      headers: as(tokens.admin),
      payload: newDealer({ email: 'Mert@Example.com', tax_office: '  Kadıköy ' }),
    });
    expect(response.statusCode).toBe(201);
    const dealer = response.json().data;
    expect(response.json()).toMatchObject({ code: 'dealer_created', message: 'Bayi oluşturuldu' });
    expect(dealer).toMatchObject({
      email: 'mert@example.com',
      full_name: 'Mert Bayi',
      company_name: 'Mert İletişim Ltd. Şti.',
      tax_number: '1234567890',
      tax_office: 'Kadıköy',
      phone: '+90 555 123 45 67',
      sales_manager_id: SALES,
      sales_manager_name: 'Serkan Satış',
      status: 'active',
      invitation_sent: false,
    });

    const registered = (await outbox(app, 'auth.user.registered')).find((e) => e.aggregateId === dealer.id);
    expect(registered?.payload).toEqual({
      userId: dealer.id,
      email: 'mert@example.com',
      fullName: 'Mert Bayi',
      userType: 2,
      status: 'active',
    });
    const created = (await outbox(app, 'auth.dealer.created')).find((e) => e.aggregateId === dealer.id);
    expect(created?.payload).toEqual({
      dealerId: dealer.id,
      userId: dealer.id,
      email: 'mert@example.com',
      fullName: 'Mert Bayi',
      companyName: 'Mert İletişim Ltd. Şti.',
      phone: '+90 555 123 45 67',
      status: 'active',
      salesManagerId: SALES,
    });

    const session = await login(app, 'mert@example.com', 'bayi-sifresi-1');
    expect(session.response.json().data).toMatchObject({ id: dealer.id, user_type: 2 });
    // Who did it, from where: the admin's write is in the audit log.
    expect(
      await app
        .db('audit_log')
        .where({ actor_id: demoAccount('admin@esim.test').id, route: '/admin/dealers', method: 'POST' })
        .first(),
    ).toBeTruthy();
  });

  it('refuses an unknown sales manager, naming the field, and creates nothing', async () => {
    const before = await app.db('users').count({ n: '*' });
    const response = await app.inject({
      method: 'POST',
      url: '/admin/dealers',
      headers: as(tokens.admin),
      payload: newDealer({ sales_manager_id: '9b2d5f0e-1c3a-4e8b-9f6d-2a7c4e1b3d5f' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'sales_manager_not_found',
      errors: [{ path: 'sales_manager_id', message: 'Satış yöneticisi bulunamadı' }],
    });
    expect(await app.db('users').count({ n: '*' })).toEqual(before);
  });

  it('replays a create with the same Idempotency-Key and refuses the key with another body', async () => {
    const payload = newDealer();
    const headers = { ...as(tokens.admin), 'idempotency-key': 'create-dealer-0001' };
    const first = await app.inject({ method: 'POST', url: '/admin/dealers', headers, payload });
    const second = await app.inject({ method: 'POST', url: '/admin/dealers', headers, payload });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await app.db('users').where({ email: payload.email }).count({ n: '*' })).toEqual([{ n: 1 }]);
    const other = await app.inject({ method: 'POST', url: '/admin/dealers', headers, payload: newDealer() });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
  });

  it('reads one dealer, and answers an unknown one with dealer_not_found', async () => {
    const one = await app.inject({ url: `/admin/dealers/${DEALER}`, headers: as(tokens.admin) });
    expect(one.json().data).toMatchObject({
      id: DEALER,
      email: 'dealer@esim.test',
      company_name: 'Deniz Telekom Ltd. Şti.',
      // The demo seed gives its dealers a tax office.
      tax_office: 'Kadıköy',
      sales_manager_id: SALES,
    });
    const unknown = await app.inject({
      url: '/admin/dealers/9b2d5f0e-1c3a-4e8b-9f6d-2a7c4e1b3d5f',
      headers: as(tokens.admin),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'dealer_not_found', message: 'Bayi bulunamadı' });
  });

  describe('list', () => {
    beforeAll(async () => {
      await createDealer({
        full_name: 'Selin Arı',
        email: 'selin@arikovani.example',
        company_name: 'Arı Kovanı GSM',
        phone: '+90 212 999 88 77',
      });
      const suspended = await createDealer({
        full_name: 'Tolga Kış',
        email: 'tolga@example.com',
        company_name: 'Kış Mobil',
      });
      await app.inject({
        method: 'PUT',
        url: `/admin/dealers/${suspended.id}/status`,
        headers: as(tokens.admin),
        payload: { status: 'suspended' },
      });
    });
    const list = async (query: string) => {
      const response = await app.inject({ url: `/admin/dealers?${query}`, headers: as(tokens.admin) });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };
    const names = (response: { json(): { data: Array<{ full_name: string }> } }) =>
      response.json().data.map((d) => d.full_name);

    it('searches over name, company, email and phone, case-insensitively (Turkish i and ı alike)', async () => {
      expect(names(await list('search=selin'))).toEqual(['Selin Arı']);
      expect(names(await list('search=kovan%C4%B1%20GSM'))).toEqual(['Selin Arı']);
      expect(names(await list('search=ARI%20KOVANI'))).toEqual(['Selin Arı']);
      expect(names(await list('search=SEL%C4%B0N'))).toEqual(['Selin Arı']);
      expect(names(await list('search=arikovani.example'))).toEqual(['Selin Arı']);
      expect(names(await list('search=999%2088'))).toEqual(['Selin Arı']);
      // LIKE wildcards typed by the user are plain characters.
      expect(names(await list('search=%25'))).toEqual([]);
    });

    it('filters by status, where all means no filter, and refuses an unknown status', async () => {
      expect(names(await list('status=suspended'))).toEqual(['Tolga Kış']);
      const active = names(await list('status=active&limit=100'));
      expect(active).not.toContain('Tolga Kış');
      expect(names(await list('status=all&limit=100'))).toEqual(expect.arrayContaining([...active, 'Tolga Kış']));
      const bogus = await app.inject({ url: '/admin/dealers?status=bogus', headers: as(tokens.admin) });
      expect(bogus.statusCode).toBe(400);
      expect(bogus.json()).toMatchObject({ code: 'validation_error', errors: [{ path: 'status' }] });
      const bogusInFilter = await app.inject({
        url: `/admin/dealers?filter=${encodeURIComponent('{"status":"bogus"}')}`,
        headers: as(tokens.admin),
      });
      expect(bogusInFilter.json()).toMatchObject({ code: 'validation_error', errors: [{ path: 'filter.status' }] });
      // react-admin's filter form.
      expect(names(await list(`filter=${encodeURIComponent(JSON.stringify({ status: 'suspended' }))}`))).toEqual([
        'Tolga Kış',
      ]);
    });

    it('pages by page/limit and by react-admin range, sorted', async () => {
      const all = await list('sort=full_name&limit=100');
      const total = all.json().meta.total as number;
      expect(total).toBeGreaterThanOrEqual(5);
      const sorted = names(all);
      expect(sorted).toEqual([...sorted].sort((a, b) => a.localeCompare(b, 'en')));

      const page2 = await list('sort=full_name&page=2&limit=2');
      expect(page2.json().meta).toEqual({ total, page: 2, limit: 2 });
      expect(names(page2)).toEqual(sorted.slice(2, 4));

      const ranged = await list(
        `sort=${encodeURIComponent('["full_name","DESC"]')}&range=${encodeURIComponent('[1,3]')}`,
      );
      expect(names(ranged)).toEqual([...sorted].reverse().slice(1, 4));
      expect(ranged.headers['content-range']).toBe(`dealers 1-3/${total}`);
      expect(ranged.headers['x-total-count']).toBe(String(total));
    });

    it('lists one sales manager’s dealers for the admin', async () => {
      const response = await list(`sales_manager_id=${SALES}&limit=100`);
      expect(response.json().data.every((d: { sales_manager_id: string }) => d.sales_manager_id === SALES)).toBe(true);
      expect(names(response)).toContain('Deniz Bayi');
    });
  });

  it('updates a dealer and publishes dealer.updated only when something changed', async () => {
    const dealer = await createDealer();
    const count = async () =>
      (await outbox(app, 'auth.dealer.updated')).filter((e) => e.aggregateId === dealer.id).length;
    const updated = await app.inject({
      method: 'PUT',
      url: `/admin/dealers/${dealer.id}`,
      headers: as(tokens.admin),
      payload: {
        company_name: 'Yeni Unvan A.Ş.',
        tax_office: 'Boğaziçi Kurumlar',
        phone: '',
        address: null,
        sales_manager_id: null,
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      code: 'dealer_updated',
      data: {
        company_name: 'Yeni Unvan A.Ş.',
        tax_office: 'Boğaziçi Kurumlar',
        phone: null,
        address: null,
        sales_manager_id: null,
      },
    });
    expect(await count()).toBe(1);
    const event = (await outbox(app, 'auth.dealer.updated')).find((e) => e.aggregateId === dealer.id)!;
    expect(event.payload).toMatchObject({ companyName: 'Yeni Unvan A.Ş.', phone: null, salesManagerId: null });

    // react-admin sends the whole record back: nothing changed, nothing published.
    const same = await app.inject({
      method: 'PUT',
      url: `/admin/dealers/${dealer.id}`,
      headers: as(tokens.admin),
      payload: updated.json().data,
    });
    expect(same.statusCode).toBe(200);
    expect(await count()).toBe(1);

    // An emptied tax office input clears it, as the tax number's does.
    const cleared = await app.inject({
      method: 'PUT',
      url: `/admin/dealers/${dealer.id}`,
      headers: as(tokens.admin),
      payload: { tax_office: '' },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ tax_number: '1234567890', tax_office: null });

    const taken = await app.inject({
      method: 'PUT',
      url: `/admin/dealers/${dealer.id}`,
      headers: as(tokens.admin),
      payload: { email: 'dealer2@esim.test' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'user_already_exists', errors: [{ path: 'email' }] });
  });

  it('refuses a bad tax office on create and edit with a 400 naming the field, in Turkish and English, changing nothing', async () => {
    const usersBefore = await app.db('users').count({ n: '*' });
    const created = await app.inject({
      method: 'POST',
      url: '/admin/dealers',
      headers: as(tokens.admin),
      payload: newDealer({ tax_office: 'K' }),
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      code: 'validation_error',
      errors: [
        {
          path: 'tax_office',
          message: "Vergi dairesi 2-100 karakter olmalı; harf, rakam, boşluk ve . , ' ( ) / - içerebilir",
        },
      ],
    });
    expect(await app.db('users').count({ n: '*' })).toEqual(usersBefore);

    const dealer = await createDealer();
    const before = await app.db('dealer_profiles').where({ user_id: dealer.id }).first();
    for (const bad of ['<script>alert(1)</script>', 'Kadıköy; DROP TABLE users', 'V'.repeat(101)]) {
      const edited = await app.inject({
        method: 'PUT',
        url: `/admin/dealers/${dealer.id}`,
        headers: { ...as(tokens.admin), 'accept-language': 'en' },
        payload: { company_name: 'Başka Unvan', tax_office: bad },
      });
      expect(edited.statusCode, bad).toBe(400);
      expect(edited.json().errors).toEqual([
        {
          path: 'tax_office',
          message: "The tax office must be 2-100 characters of letters, digits, spaces and . , ' ( ) / -",
        },
      ]);
    }
    expect(await app.db('dealer_profiles').where({ user_id: dealer.id }).first()).toEqual(before);
  });

  it('suspends a dealer: no login (told it is suspended), its tokens refused at once; reactivation lets it back in', async () => {
    const dealer = await createDealer({ email: 'askida@example.com' });
    const session = await login(app, 'askida@example.com', 'bayi-sifresi-1');

    const suspended = await app.inject({
      method: 'PUT',
      url: `/admin/dealers/${dealer.id}/status`,
      headers: as(tokens.admin),
      payload: { status: 'suspended' },
    });
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json()).toMatchObject({ code: 'dealer_status_changed', data: { status: 'suspended' } });
    const event = (await outbox(app, 'auth.dealer.status-changed')).find((e) => e.aggregateId === dealer.id);
    expect(event?.payload).toEqual({
      dealerId: dealer.id,
      userId: dealer.id,
      status: 'suspended',
      previousStatus: 'active',
    });

    expect((await app.inject({ url: '/me', headers: bearer(session.token) })).statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/refresh', cookies: { refresh_token: session.refresh } })).statusCode,
    ).toBe(401);
    const refused = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...forwardedFor(freshIp()) },
      payload: { email: 'askida@example.com', password: 'bayi-sifresi-1' },
    });
    // With its own password the dealer is told the account is suspended; a wrong password learns nothing.
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'account_suspended',
      message: 'Hesabınız askıya alındı. Yeniden açılması için satış müdürünüzle ya da bizimle iletişime geçin.',
    });
    const guessed = await app.inject({
      method: 'POST',
      url: '/login',
      headers: { ...forwardedFor(freshIp()) },
      payload: { email: 'askida@example.com', password: 'yanlis-sifre-9' },
    });
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json().code).toBe('invalid_credentials');

    await app.inject({
      method: 'PUT',
      url: `/admin/dealers/${dealer.id}/status`,
      headers: as(tokens.admin),
      payload: { status: 'active' },
    });
    const back = await login(app, 'askida@example.com', 'bayi-sifresi-1');
    expect((await app.inject({ url: '/me', headers: bearer(back.token) })).statusCode).toBe(200);
  });

  describe('sales managers', () => {
    it('creates a sales manager with events, and lists them with their dealer counts', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/admin/sales-managers',
        headers: as(tokens.admin),
        payload: {
          full_name: 'Oya Satış',
          email: 'oya@example.com',
          password: 'satis-sifresi',
          phone: '+90 555 444 33 22',
          region: 'Ankara',
        },
      });
      expect(response.statusCode).toBe(201);
      const manager = response.json().data;
      expect(manager).toMatchObject({
        email: 'oya@example.com',
        region: 'Ankara',
        status: 'active',
        dealer_count: 0,
        invitation_sent: false,
      });
      expect(
        (await outbox(app, 'auth.sales-manager.created')).find((e) => e.aggregateId === manager.id)?.payload,
      ).toEqual({
        salesManagerId: manager.id,
        userId: manager.id,
        email: 'oya@example.com',
        fullName: 'Oya Satış',
        status: 'active',
      });
      expect(
        (await outbox(app, 'auth.user.registered')).find((e) => e.aggregateId === manager.id)?.payload,
      ).toMatchObject({ userType: 4 });

      const list = await app.inject({ url: '/admin/sales-managers?search=serkan', headers: as(tokens.admin) });
      expect(list.json().data).toEqual([expect.objectContaining({ id: SALES, full_name: 'Serkan Satış' })]);
      expect(list.json().data[0].dealer_count).toBeGreaterThanOrEqual(2);
      const session = await login(app, 'oya@example.com', 'satis-sifresi');
      expect(session.response.json().data.user_type).toBe(4);
    });

    it('lets a sales manager see and create only their own dealers', async () => {
      const other = await app.inject({
        method: 'POST',
        url: '/admin/sales-managers',
        headers: as(tokens.admin),
        payload: { full_name: 'Ozan Rakip', email: 'ozan@example.com', password: 'satis-sifresi' },
      });
      const otherToken = (await login(app, 'ozan@example.com', 'satis-sifresi')).token;

      const mine = await app.inject({ url: '/sales-manager/dealers?limit=100', headers: as(tokens.sales) });
      expect(mine.statusCode).toBe(200);
      const mineIds = mine.json().data.map((d: { id: string }) => d.id);
      expect(mineIds).toContain(DEALER);
      expect(mine.json().data.every((d: { sales_manager_id: string }) => d.sales_manager_id === SALES)).toBe(true);

      // The other sales manager sees none of them, whatever the query asks for.
      const theirs = await app.inject({ url: '/sales-manager/dealers?limit=100', headers: as(otherToken) });
      expect(theirs.json().data).toEqual([]);
      // Choosing another sales manager is not a filter this list has: a 400, never someone else's dealers.
      const asking = await app.inject({
        url: `/sales-manager/dealers?limit=100&filter=${encodeURIComponent(JSON.stringify({ sales_manager_id: SALES }))}`,
        headers: as(otherToken),
      });
      expect(asking.statusCode).toBe(400);
      expect(asking.json().errors[0].path).toBe('filter.sales_manager_id');
      // react-admin's getMany on the same list stays within the caller's own dealers.
      const many = await app.inject({
        url: `/sales-manager/dealers?filter=${encodeURIComponent(JSON.stringify({ id: mineIds }))}`,
        headers: as(otherToken),
      });
      expect(many.json().data).toEqual([]);
      const own = await app.inject({
        url: `/sales-manager/dealers?filter=${encodeURIComponent(JSON.stringify({ id: [DEALER] }))}`,
        headers: as(tokens.sales),
      });
      expect(own.json().data.map((d: { id: string }) => d.id)).toEqual([DEALER]);
      expect(theirs.json().meta.total).toBe(0);

      const created = await app.inject({
        method: 'POST',
        url: '/sales-manager/dealers',
        headers: as(otherToken),
        payload: newDealer({ email: 'ozanin@example.com', sales_manager_id: undefined }),
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.sales_manager_id).toBe(other.json().data.id);
      expect(
        (await app.inject({ url: '/sales-manager/dealers', headers: as(otherToken) }))
          .json()
          .data.map((d: { email: string }) => d.email),
      ).toEqual(['ozanin@example.com']);

      const before = await app.db('users').count({ n: '*' });
      const forSomeoneElse = await app.inject({
        method: 'POST',
        url: '/sales-manager/dealers',
        headers: as(otherToken),
        payload: newDealer({ sales_manager_id: SALES }),
      });
      expect(forSomeoneElse.statusCode).toBe(403);
      expect(forSomeoneElse.json()).toMatchObject({
        code: 'sales_manager_mismatch',
        errors: [{ path: 'sales_manager_id' }],
      });
      expect(await app.db('users').count({ n: '*' })).toEqual(before);
    });

    it('keeps admin and sales-manager routes from other roles', async () => {
      const cases: Array<[string, string, string | undefined, number]> = [
        ['GET', '/admin/dealers', undefined, 401],
        ['GET', '/admin/dealers', tokens.customer, 403],
        ['GET', '/admin/dealers', tokens.dealer, 403],
        ['GET', '/admin/dealers', tokens.sales, 403],
        ['POST', '/admin/sales-managers', tokens.sales, 403],
        ['DELETE', `/admin/dealers/${DEALER}`, tokens.customer, 403],
        ['GET', '/sales-manager/dealers', tokens.admin, 403],
        ['GET', '/sales-manager/dealers', tokens.dealer, 403],
        ['POST', '/sales-manager/dealers', undefined, 401],
      ];
      for (const [method, url, token, status] of cases) {
        const response = await app.inject({
          method: method as 'GET',
          url,
          headers: token ? bearer(token) : {},
          payload: method === 'GET' || method === 'DELETE' ? undefined : newDealer(),
        });
        expect(`${method} ${url} ${response.statusCode}`).toBe(`${method} ${url} ${status}`);
      }
    });
  });
});
