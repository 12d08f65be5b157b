import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccount } from '@esim/contracts';
import { forwardedFor, bearer, footprint, freshIp, seededSessions, startAuth, type AuthTestApp } from './support';

/**
 * Bad input on every auth endpoint that takes any: each case must get a 4xx whose `errors` name
 * the field, in the caller's language, and must create nothing (no account, profile, session,
 * reset link or event). Generated from one table of endpoints × field kinds × bad values.
 */
const SQL = "' OR '1'='1'; DROP TABLE users; --";
const SCRIPT = '<script>alert(1)</script>';
const TEN_KB = 'a'.repeat(10 * 1024);

type Kind =
  | 'email'
  | 'newPassword'
  | 'givenPassword'
  | 'name'
  | 'text'
  | 'phone'
  | 'tax'
  | 'taxOffice'
  | 'uuid'
  | 'status'
  | 'token'
  | 'bool';

const wrongTypes: Array<[string, unknown]> = [
  ['a number', 12345],
  ['an object', { value: 'x' }],
  ['an array', ['x']],
];

const BAD: Record<Kind, Array<[string, unknown]>> = {
  email: [
    ...wrongTypes,
    ['10 kB', `${TEN_KB}@example.com`],
    ['not an email', 'not-an-email'],
    ['SQL', SQL],
    ['script', `${SCRIPT}@example.com`],
  ],
  // SQL or script text is a legitimate password (it is only ever hashed), so passwords get length and type cases.
  newPassword: [...wrongTypes, ['10 kB', TEN_KB], ['too short', 'kisa']],
  givenPassword: [...wrongTypes, ['10 kB', TEN_KB], ['empty', '']],
  name: [...wrongTypes, ['10 kB', TEN_KB], ['SQL', SQL], ['script', SCRIPT], ['one letter', 'A']],
  text: [...wrongTypes, ['10 kB', TEN_KB], ['SQL', SQL], ['script', SCRIPT]],
  phone: [...wrongTypes, ['10 kB', TEN_KB], ['SQL', SQL], ['script', SCRIPT], ['letters', 'call me']],
  tax: [...wrongTypes, ['10 kB', TEN_KB], ['SQL', SQL], ['script', SCRIPT], ['short', '12345']],
  taxOffice: [...wrongTypes, ['10 kB', TEN_KB], ['SQL', SQL], ['script', SCRIPT], ['one letter', 'K']],
  uuid: [...wrongTypes, ['not a uuid', 'dealer-1'], ['SQL', SQL], ['script', SCRIPT]],
  status: [...wrongTypes, ['unknown', 'deleted'], ['SQL', SQL], ['script', SCRIPT]],
  token: [...wrongTypes, ['10 kB', TEN_KB], ['SQL', SQL], ['script', SCRIPT]],
  bool: [
    ['a string', 'yes'],
    ['a number', 1],
    ['an object', { value: true }],
  ],
};

interface Field {
  kind: Kind;
  required?: boolean;
}

interface Endpoint {
  method: 'POST' | 'PUT';
  url: string;
  as?: 'admin' | 'sales' | 'customer';
  valid: Record<string, unknown>;
  fields: Record<string, Field>;
}

const DEALER = demoAccount('dealer@esim.test').id;
const SALES = demoAccount('sales@esim.test').id;
const dealerFields: Record<string, Field> = {
  full_name: { kind: 'name', required: true },
  email: { kind: 'email', required: true },
  password: { kind: 'newPassword' },
  company_name: { kind: 'text', required: true },
  tax_number: { kind: 'tax' },
  tax_office: { kind: 'taxOffice' },
  phone: { kind: 'phone' },
  address: { kind: 'text' },
};
const validDealer = {
  full_name: 'Yeni Bayi',
  email: 'yeni.bayi@example.com',
  password: 'bayi-sifresi-1',
  company_name: 'Yeni Bayi Ltd.',
  tax_number: '1234567890',
  tax_office: 'Kadıköy',
  phone: '+90 555 000 11 22',
  address: 'Örnek Cad. No: 1',
};

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    url: '/register',
    valid: { full_name: 'Yeni Müşteri', email: 'yeni@example.com', password: 'gizli-sifre-1' },
    fields: {
      full_name: { kind: 'name', required: true },
      email: { kind: 'email', required: true },
      password: { kind: 'newPassword', required: true },
    },
  },
  {
    method: 'POST',
    url: '/login',
    valid: { email: 'customer@esim.test', password: 'Demo1234!', remember_me: true },
    fields: {
      email: { kind: 'email', required: true },
      password: { kind: 'givenPassword', required: true },
      remember_me: { kind: 'bool' },
    },
  },
  {
    method: 'POST',
    url: '/forgot-password',
    valid: { email: 'customer@esim.test' },
    fields: { email: { kind: 'email', required: true } },
  },
  {
    method: 'POST',
    url: '/reset-password',
    valid: { token: 'A'.repeat(43), password: 'yeni-sifre-1' },
    fields: { token: { kind: 'token', required: true }, password: { kind: 'newPassword', required: true } },
  },
  {
    method: 'PUT',
    url: '/me',
    as: 'customer',
    valid: { full_name: 'Can Müşteri', phone: '+90 555 111 22 33' },
    fields: { full_name: { kind: 'name' }, phone: { kind: 'phone' } },
  },
  {
    method: 'PUT',
    url: '/me/password',
    as: 'customer',
    valid: { current_password: 'Demo1234!', new_password: 'yeni-sifre-1' },
    fields: {
      current_password: { kind: 'givenPassword', required: true },
      new_password: { kind: 'newPassword', required: true },
    },
  },
  {
    method: 'POST',
    url: '/admin/dealers',
    as: 'admin',
    valid: { ...validDealer, sales_manager_id: SALES, status: 'active' },
    fields: { ...dealerFields, sales_manager_id: { kind: 'uuid' }, status: { kind: 'status' } },
  },
  {
    method: 'PUT',
    url: `/admin/dealers/${DEALER}`,
    as: 'admin',
    valid: { full_name: 'Deniz Bayi' },
    fields: {
      ...Object.fromEntries(
        Object.entries(dealerFields)
          .filter(([f]) => f !== 'password')
          .map(([f, d]) => [f, { kind: d.kind }]),
      ),
      sales_manager_id: { kind: 'uuid' },
      status: { kind: 'status' },
    },
  },
  {
    method: 'PUT',
    url: `/admin/dealers/${DEALER}/status`,
    as: 'admin',
    valid: { status: 'suspended' },
    fields: { status: { kind: 'status', required: true } },
  },
  {
    method: 'POST',
    url: '/admin/sales-managers',
    as: 'admin',
    valid: {
      full_name: 'Yeni Satış',
      email: 'yeni.satis@example.com',
      password: 'satis-sifresi',
      phone: '+90 555 222 33 44',
      region: 'İzmir',
    },
    fields: {
      full_name: { kind: 'name', required: true },
      email: { kind: 'email', required: true },
      password: { kind: 'newPassword' },
      phone: { kind: 'phone' },
      region: { kind: 'text' },
    },
  },
  {
    method: 'POST',
    url: '/sales-manager/dealers',
    as: 'sales',
    valid: validDealer,
    fields: { ...dealerFields, sales_manager_id: { kind: 'uuid' } },
  },
];

interface Case {
  name: string;
  endpoint: Endpoint;
  field: string;
  body: unknown;
}

const CASES: Case[] = ENDPOINTS.flatMap((endpoint) =>
  Object.entries(endpoint.fields).flatMap(([field, spec]) => {
    const cases: Case[] = [];
    if (spec.required) {
      const { [field]: _dropped, ...rest } = endpoint.valid;
      cases.push({ name: `${endpoint.method} ${endpoint.url} without ${field}`, endpoint, field, body: rest });
    }
    for (const [label, value] of BAD[spec.kind]) {
      cases.push({
        name: `${endpoint.method} ${endpoint.url} ${field} = ${label}`,
        endpoint,
        field,
        body: { ...endpoint.valid, [field]: value },
      });
    }
    return cases;
  }),
);

const QUERY_CASES: Array<[string, string, string]> = [
  ['/admin/dealers', `status=${encodeURIComponent(SQL)}`, 'status'],
  ['/admin/dealers', `status=${encodeURIComponent(SCRIPT)}`, 'status'],
  ['/admin/dealers', `search=${TEN_KB}`, 'search'],
  ['/admin/dealers', 'page=abc', 'page'],
  ['/admin/dealers', 'limit=100000', 'limit'],
  ['/admin/dealers', `range=${encodeURIComponent('[9,2]')}`, 'range'],
  ['/admin/dealers', `sort=${encodeURIComponent(SQL)}`, 'sort'],
  ['/admin/dealers', `filter=${encodeURIComponent(SCRIPT)}`, 'filter'],
  ['/admin/dealers', `sales_manager_id=${encodeURIComponent(SQL)}`, 'sales_manager_id'],
  ['/admin/sales-managers', 'status=bogus', 'status'],
  ['/admin/sales-managers', `search=${TEN_KB}`, 'search'],
  ['/sales-manager/dealers', `status=${encodeURIComponent(SQL)}`, 'status'],
  ['/sales-manager/dealers', 'page_size=0', 'page_size'],
];

const PARAM_CASES: Array<['GET' | 'PUT' | 'DELETE', string, unknown]> = [
  ['GET', `/admin/dealers/${encodeURIComponent(SQL)}`, undefined],
  ['GET', `/admin/dealers/${encodeURIComponent(SCRIPT)}`, undefined],
  ['PUT', '/admin/dealers/dealer-1', { full_name: 'Deniz Bayi' }],
  ['PUT', '/admin/dealers/12345/status', { status: 'active' }],
  ['DELETE', `/admin/dealers/${encodeURIComponent(SQL)}`, undefined],
];

describe('bad input on every auth endpoint', () => {
  let app: AuthTestApp;
  let tokens: Awaited<ReturnType<typeof seededSessions>>;
  beforeAll(async () => {
    app = await startAuth();
    tokens = await seededSessions(app);
  });
  afterAll(async () => {
    await app.close();
  });

  function expectNamedFieldError(
    response: { statusCode: number; json(): { success: boolean; errors?: Array<{ path: string; message: string }> } },
    field: string,
  ) {
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    const body = response.json();
    expect(body.success).toBe(false);
    expect(
      body.errors?.map((e: { path: string }) => e.path),
      JSON.stringify(body),
    ).toContain(field);
    // A sentence in the caller's language, never a bare code.
    for (const error of body.errors ?? []) expect(error.message).not.toMatch(/^[a-z_]+$/);
  }

  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, { endpoint, field, body }) => {
    const before = await footprint(app);
    const response = await app.inject({
      method: endpoint.method,
      url: endpoint.url,
      headers: { ...forwardedFor(freshIp()), ...(endpoint.as ? bearer(tokens[endpoint.as]) : {}) },
      payload: body as object,
    });
    expectNamedFieldError(response, field);
    expect(await footprint(app)).toEqual(before);
  });

  it.each(QUERY_CASES)('GET %s?%s names %s', async (url, query, field) => {
    const token = url.startsWith('/sales-manager') ? tokens.sales : tokens.admin;
    expectNamedFieldError(await app.inject({ url: `${url}?${query}`, headers: bearer(token) }), field);
  });

  it.each(PARAM_CASES)('%s %s names the id', async (method, url, payload) => {
    const before = await footprint(app);
    expectNamedFieldError(
      await app.inject({ method, url, headers: bearer(tokens.admin), payload: payload as object | undefined }),
      'id',
    );
    expect(await footprint(app)).toEqual(before);
  });

  it('answers malformed bodies as a whole with 400, in English when asked', async () => {
    for (const url of ['/register', '/login', '/forgot-password', '/reset-password', '/logout']) {
      const response = await app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: '{"email": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_json', message: 'The request body is not valid JSON' });
    }
    const array = await app.inject({
      method: 'POST',
      url: '/register',
      headers: { 'accept-language': 'en' },
      payload: ['x'] as unknown as object,
    });
    expectNamedFieldError(array, 'body');
    const empty = await app.inject({ method: 'POST', url: '/login', headers: { 'content-type': 'application/json' } });
    expectNamedFieldError(empty, 'body');
  });

  it('explains a field error in Turkish by default and in English on request', async () => {
    const payload = { full_name: 'Ad Soyad', email: 'bozuk-adres', password: 'gizli-sifre-1' };
    const tr = (
      await app.inject({ method: 'POST', url: '/register', headers: { ...forwardedFor(freshIp()) }, payload })
    ).json();
    expect(tr.errors).toEqual([{ path: 'email', message: 'Geçerli bir email adresi girin' }]);
    expect(tr.message).toBe('Girilen bilgiler geçersiz: email — Geçerli bir email adresi girin');
    const en = (
      await app.inject({
        method: 'POST',
        url: '/register',
        headers: { ...forwardedFor(freshIp()), 'accept-language': 'en' },
        payload,
      })
    ).json();
    expect(en.errors).toEqual([{ path: 'email', message: 'Enter a valid email address' }]);
  });

  it('refuses an empty profile update', async () => {
    const response = await app.inject({ method: 'PUT', url: '/me', headers: bearer(tokens.customer), payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: 'body', message: 'Güncellenecek bir alan gönderilmedi' }]);
  });
});
