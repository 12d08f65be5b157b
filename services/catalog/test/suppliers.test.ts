import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, setup, type Fixture } from './support';

/**
 * Suppliers per package: the esim service's sync of a supplier's offers, packages made from offers
 * or mapped to them, a package that stops selling when its cost rises above its price (and the
 * admin's resume), and the margin rule with its rounding.
 */
let f: Fixture;
const SERVICE = { 'x-service-token': 'demo-internal-service-token-change-me' };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read as JSON, shapes checked by the assertions
type Json = Record<string, any>;

beforeAll(async () => {
  f = await setup();
});
afterAll(async () => {
  await f.app.close();
});

const offer = (id: string, overrides: Json = {}) => ({
  supplier_package_id: id,
  name: `Offer ${id}`,
  countries: ['IT'],
  data_mb: 1024,
  validity_days: 7,
  net_cost_cents: 420,
  top_up: false,
  ...overrides,
});
let clock = Date.parse('2026-12-01T10:00:00Z');
/** Each sync an hour after the one before, as the esim service's hourly run sends them. */
const nextHour = () => new Date((clock += 3_600_000)).toISOString();

const sync = (supplier: string, offers: Json[], syncedAt = nextHour(), headers: Json = SERVICE) =>
  f.app.inject({
    method: 'POST',
    url: '/internal/supplier-offers',
    headers,
    payload: { supplier, synced_at: syncedAt, offers },
  });
const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Json = {}) =>
  f.app.inject({
    method,
    url,
    headers: f.auth(f.tokens.admin, headers),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const offers = async (filter: Json = {}, extra = '') => {
  const res = await admin('GET', `/admin/supplier-offers?filter=${q(filter)}&range=[0,99]${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json[];
};
const offerId = async (supplier: string, supplierPackageId: string) => {
  const row = await f.app.db('supplier_offers').where({ supplier, supplier_package_id: supplierPackageId }).first('id');
  return row.id as string;
};
const quote = (packageId: string, locale = 'tr') =>
  f.app.inject({
    method: 'POST',
    url: '/internal/quote',
    headers: { ...SERVICE, 'accept-language': locale },
    payload: { user_id: CUSTOMER.id, package_id: packageId, quantity: 1, kind: 'esim' },
  });
const publicCodes = async (slug: string) =>
  ((await f.app.inject(`/public/countries/${slug}/packages`)).json().data.packages as Json[]).map((p) => p.code);
const priceListCodes = async () =>
  (
    (await f.app.inject({ url: '/user/packages?limit=100&country=it', headers: f.auth(f.tokens.customer) })).json()
      .data as Json[]
  ).map((p) => p.code);
const tableState = async () =>
  JSON.stringify(
    await Promise.all([
      f.app.db('supplier_offers').orderBy(['supplier', 'supplier_package_id']),
      f.app.db('packages').orderBy('code'),
      f.app.db('supplier_syncs').orderBy('supplier'),
      f.app.db('margin_rule'),
      f.app.db('outbox').count({ n: '*' }),
    ]),
  );

describe('the sync of a supplier list (POST /internal/supplier-offers)', () => {
  it('stores the list, then replaces it: changed offers updated, new ones added, missing ones marked gone (kept)', async () => {
    const first = await sync('airalo', [offer('al-a'), offer('al-b', { net_cost_cents: 900 }), offer('al-c')]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      code: 'supplier_offers_synced',
      data: { offers: 3, mapped: 0, unmapped: 3, paused: 0, gone: 0 },
    });
    const before = await f.app.db('supplier_offers').where({ supplier: 'airalo', supplier_package_id: 'al-a' }).first();

    const second = await sync('airalo', [
      offer('al-a', { name: 'Italia 1 GB', net_cost_cents: 450, countries: ['it', 'sm', 'IT'] }),
      offer('al-b', { net_cost_cents: 900 }),
      offer('al-d', { data_mb: null, validity_days: 30 }),
    ]);
    expect(second.json().data).toEqual({ offers: 3, mapped: 0, unmapped: 3, paused: 0, gone: 1 });

    const all = await offers({ supplier: 'airalo' });
    expect(all.map((o) => o.supplier_package_id).sort()).toEqual(['al-a', 'al-b', 'al-c', 'al-d']);
    const a = all.find((o) => o.supplier_package_id === 'al-a')!;
    expect(a).toMatchObject({
      name: 'Italia 1 GB',
      countries: ['IT', 'SM'],
      net_cost: 4.5,
      gone: false,
      mapped: false,
    });
    expect(new Date(a.first_seen_at).getTime()).toBe(new Date(before.first_seen_at).getTime());
    expect(new Date(a.last_seen_at).getTime()).toBeGreaterThan(new Date(before.last_seen_at).getTime());
    expect(all.find((o) => o.supplier_package_id === 'al-c')).toMatchObject({
      gone: true,
      gone_at: expect.any(String),
    });
    expect((await offers({ supplier: 'airalo', gone: true })).map((o) => o.supplier_package_id)).toEqual(['al-c']);
    // The list's default order: still listed before gone, then by name.
    expect(all.at(-1)!.supplier_package_id).toBe('al-c');

    // Listed again: no longer gone. Another supplier's list never touches airalo's.
    await sync('airalo', [offer('al-a'), offer('al-b'), offer('al-c'), offer('al-d')]);
    expect((await offers({ supplier: 'airalo', gone: true })).length).toBe(0);
    expect((await sync('esimaccess', [offer('EA-1', { countries: ['FR'] })])).json().data.offers).toBe(1);
    expect((await offers({ supplier: 'airalo' })).length).toBe(4);
  });

  it('refuses a list older than the one stored, and changes nothing', async () => {
    await sync('esimaccess', [offer('EA-1', { countries: ['FR'] })], '2027-06-01T00:00:00Z');
    const state = await tableState();
    const stale = await sync('esimaccess', [offer('EA-2')], '2027-05-31T23:00:00+00:00', {
      ...SERVICE,
      'accept-language': 'en',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'supplier_sync_stale',
      message: 'This list is older than the one stored (2027-06-01T00:00:00.000Z); nothing was changed',
    });
    expect(await tableState()).toBe(state);
    // The same list again (a retry) is fine.
    expect((await sync('esimaccess', [offer('EA-1', { countries: ['FR'] })], '2027-06-01T00:00:00Z')).statusCode).toBe(
      200,
    );
  });

  it('refuses bad input with a 400 naming the field, in the caller language, and changes nothing', async () => {
    const state = await tableState();
    const cases: Array<[Json, string]> = [
      [{ supplier: 'pool' }, 'supplier'],
      [{ synced_at: 'yesterday' }, 'synced_at'],
      [{ offers: [] }, 'offers'],
      [{ offers: [offer('x', { countries: ['ITA'] })] }, 'offers.0.countries.0'],
      [{ offers: [offer('x', { net_cost_cents: 4.2 })] }, 'offers.0.net_cost_cents'],
      [{ offers: [offer('x', { data_mb: 0 })] }, 'offers.0.data_mb'],
      [{ offers: [offer('x', { validity_days: 0 })] }, 'offers.0.validity_days'],
      [{ offers: [offer('x', { top_up: 'no' })] }, 'offers.0.top_up'],
      [{ offers: [offer('x'), offer('y', { name: '' })] }, 'offers.1.name'],
      [{ offers: [offer('x'), offer('x')] }, 'offers.1.supplier_package_id'],
    ];
    for (const [overrides, path] of cases) {
      const res = await f.app.inject({
        method: 'POST',
        url: '/internal/supplier-offers',
        headers: { ...SERVICE, 'accept-language': 'en' },
        payload: { supplier: 'airalo', synced_at: nextHour(), offers: [offer('x')], ...overrides },
      });
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors[0].path, path).toBe(path);
    }
    const tr = await sync('airalo', [offer('x'), offer('x')]);
    expect(tr.json().errors[0].message).toBe('Bu tedarikçi paket kimliği listede birden fazla kez geçiyor');
    // Only services call it: a signed-in admin, or no credential, is refused.
    expect((await sync('airalo', [offer('x')], nextHour(), {})).statusCode).toBe(401);
    expect((await sync('airalo', [offer('x')], nextHour(), f.auth(f.tokens.admin))).statusCode).toBe(401);
    expect(await tableState()).toBe(state);
  });
});

describe('packages made from offers, and offers mapped to packages', () => {
  it('creates a package from an offer: countries, data, validity, cost and supplier from it, the price from the margin rule', async () => {
    await sync('airalo', [
      offer('it-7d-1gb', { name: 'Italy 1 GB 7 days', net_cost_cents: 420 }),
      offer('eu-15d-5gb', { name: 'Eurolink', countries: ['DE', 'FR', 'IT', 'TR'], data_mb: 5120, validity_days: 15 }),
      offer('world-30d', {
        name: 'Discover Global',
        countries: ['DE', 'JP', 'US', 'BR'],
        data_mb: null,
        validity_days: 30,
      }),
      offer('it-topup', { top_up: true }),
    ]);
    const listed = await offers({ supplier: 'airalo', q: 'italy 1 gb' });
    expect(listed.map((o) => o.supplier_package_id)).toEqual(['it-7d-1gb']);
    // 30 % over 4,20 € is 5,46 €, up to the next x,99: 5,99 €.
    expect(listed[0]).toMatchObject({ suggested_price: 5.99, suggested_type: 'local', package: null });
    expect((await offers({ q: 'eurolink' }))[0]!.suggested_type).toBe('regional');
    expect((await offers({ q: 'discover' }))[0]!.suggested_type).toBe('global');

    const id = await offerId('airalo', 'it-7d-1gb');
    const body = { code: 'it-al-7d-1gb', name_tr: 'İtalya 1 GB', name_en: 'Italy 1 GB' };
    const headers = { 'idempotency-key': 'from-offer-it-7d-1gb-1' };
    const res = await admin('POST', `/admin/supplier-offers/${id}/package`, body, headers);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      code: 'IT-AL-7D-1GB',
      kind: 'esim',
      type: 'local',
      countries: ['IT'],
      data_mb: 1024,
      validity_days: 7,
      retail_price: 5.99,
      cost_price: 4.2,
      supplier: 'airalo',
      supplier_package_id: 'it-7d-1gb',
      paused_reason: null,
      on_sale: true,
    });
    // Asked again with the same key: the first answer, no second package.
    const again = await admin('POST', `/admin/supplier-offers/${id}/package`, body, headers);
    expect(again.json().data.id).toBe(created.id);
    expect(again.headers['idempotent-replayed']).toBe('true');

    expect(await publicCodes('italy')).toContain('IT-AL-7D-1GB');
    const quoted = await quote(created.id);
    expect(quoted.json().data.package).toMatchObject({ supplier: 'airalo', supplier_package_id: 'it-7d-1gb' });
    const pool = await quote(await f.packageId('JP-7D-3GB'));
    expect(pool.json().data.package).toMatchObject({ supplier: 'pool', supplier_package_id: null });

    const mapped = (await offers({ supplier: 'airalo', mapped: true })).map((o) => [o.supplier_package_id, o.package]);
    expect(mapped).toEqual([
      [
        'it-7d-1gb',
        {
          id: created.id,
          code: 'IT-AL-7D-1GB',
          name_tr: 'İtalya 1 GB',
          name_en: 'Italy 1 GB',
          retail_price: 5.99,
          active: true,
          paused_reason: null,
        },
      ],
    ]);
    // Unmapped first by default.
    expect((await offers({ supplier: 'airalo' }))[0]!.mapped).toBe(false);

    const world = await admin('POST', `/admin/supplier-offers/${await offerId('airalo', 'world-30d')}/package`, {
      code: 'WORLD-AL-30D',
      retail_price: 49.99,
    });
    expect(world.statusCode, world.body).toBe(201);
    expect(world.json().data).toMatchObject({
      type: 'global',
      name_tr: 'Discover Global',
      name_en: 'Discover Global',
      data_mb: null,
      retail_price: 49.99,
    });
  });

  it('refuses what cannot be made, naming the field, and changes nothing', async () => {
    const state = await tableState();
    const mappedId = await offerId('airalo', 'it-7d-1gb');
    const eu = await offerId('airalo', 'eu-15d-5gb');
    const post = (id: string, body: Json, locale = 'en') =>
      admin('POST', `/admin/supplier-offers/${id}/package`, body, { 'accept-language': locale });

    const taken = await post(mappedId, { code: 'OTHER-CODE' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This supplier package is already mapped to IT-AL-7D-1GB');
    const below = await post(eu, { code: 'EU-X', retail_price: 1 });
    expect(below.statusCode).toBe(422);
    expect(below.json().errors[0]).toEqual({
      path: 'retail_price',
      message: 'The supplier’s cost (4,20\u00a0€) is above the price (1,00\u00a0€): give a higher price',
    });
    const code = await post(eu, { code: 'JP-7D-3GB' }, 'tr');
    expect(code.statusCode).toBe(409);
    expect(code.json().errors[0]).toEqual({ path: 'code', message: 'Bu paket kodu zaten kullanılıyor' });
    for (const [body, path] of [
      [{}, 'code'],
      [{ code: 'a b' }, 'code'],
      [{ code: 'EU-Y', retail_price: 0 }, 'retail_price'],
      [{ code: 'EU-Y', retail_price: 5.555 }, 'retail_price'],
      [{ code: 'EU-Y', type: 'galactic' }, 'type'],
      [{ code: 'EU-Y', name_tr: '' }, 'name_tr'],
    ] as const) {
      const res = await post(eu, body);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    expect((await post('00000000-0000-4000-8000-00000000ffff', { code: 'EU-Z' })).statusCode).toBe(404);
    expect((await post('nope', { code: 'EU-Z' })).json().errors[0].path).toBe('id');
    expect(await tableState()).toBe(state);

    // A gone offer: refused too.
    await sync('esimaccess', [offer('EA-3', { countries: ['FR'] })], '2027-07-01T00:00:00Z');
    const gone = await post(await offerId('esimaccess', 'EA-1'), { code: 'EA-GONE' }, 'tr');
    expect(gone.json()).toMatchObject({ code: 'supplier_offer_gone', message: 'Tedarikçi bu paketi artık satmıyor' });
  });

  it('maps an offer to a package of the same countries, data and validity, or says which differs', async () => {
    const jp = await f.packageId('JP-7D-3GB');
    await sync(
      'esimaccess',
      [
        offer('EA-3', { countries: ['FR'] }),
        offer('EA-JP', { countries: ['JP'], data_mb: 3072, validity_days: 7, net_cost_cents: 700 }),
        offer('EA-JP-BAD', { countries: ['JP', 'KR'], data_mb: 2048, validity_days: 10 }),
      ],
      '2027-07-01T01:00:00Z',
    );
    const state = await tableState();
    const bad = await admin('POST', `/admin/supplier-offers/${await offerId('esimaccess', 'EA-JP-BAD')}/map`, {
      package_id: jp,
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      code: 'supplier_offer_mismatch',
      message: 'Tedarikçi paketi bu paketle aynı değil: ülkeler, veri, geçerlilik',
      errors: [
        { path: 'countries', message: 'Ülkeler farklı: paket JP, tedarikçi paketi JP, KR' },
        { path: 'data_mb', message: 'Veri farklı: paket 3 GB, tedarikçi paketi 2 GB' },
        { path: 'validity_days', message: 'Geçerlilik farklı: paket 7 gün, tedarikçi paketi 10 gün' },
      ],
    });
    const plus = (await f.app.db('packages').where({ kind: 'plus' }).first('id')).id;
    const kind = await admin('POST', `/admin/supplier-offers/${await offerId('esimaccess', 'EA-JP')}/map`, {
      package_id: plus,
    });
    expect(kind.json().errors[0].path).toBe('package_id');
    expect(
      (
        await admin('POST', `/admin/supplier-offers/${await offerId('esimaccess', 'EA-JP')}/map`, {
          package_id: '00000000-0000-4000-8000-00000000ffff',
        })
      ).json().errors[0],
    ).toMatchObject({ path: 'package_id', message: 'Paket bulunamadı' });
    expect(await tableState()).toBe(state);

    const res = await admin('POST', `/admin/supplier-offers/${await offerId('esimaccess', 'EA-JP')}/map`, {
      package_id: jp,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'supplier_offer_mapped_to_package',
      data: { id: jp, supplier: 'esimaccess', supplier_package_id: 'EA-JP', cost_price: 7, retail_price: 13.99 },
    });
    // Mapping it again is the same mapping; mapping the offer to another package is refused.
    expect(
      (await admin('POST', `/admin/supplier-offers/${await offerId('esimaccess', 'EA-JP')}/map`, { package_id: jp }))
        .statusCode,
    ).toBe(200);
    const other = await admin('POST', `/admin/supplier-offers/${await offerId('esimaccess', 'EA-JP')}/map`, {
      package_id: await f.packageId('JP-15D-5GB'),
    });
    expect(other.json().code).toBe('supplier_offer_mapped');
    expect(await f.app.db('outbox').where({ type: 'catalog.package.upserted', aggregate_id: jp })).not.toHaveLength(0);
  });

  it('makes a top-up offer a top-up-only package: offered for its eSIMs, never listed or quoted as a new eSIM', async () => {
    await sync(
      'esimaccess',
      [
        offer('EA-3', { countries: ['FR'] }),
        offer('EA-JP', { countries: ['JP'], data_mb: 3072, validity_days: 7, net_cost_cents: 700 }),
        offer('EA-IT-TOPUP', { top_up: true }),
      ],
      '2027-07-01T02:00:00Z',
    );
    const topUpOffer = await offerId('esimaccess', 'EA-IT-TOPUP');
    // A top-up offer maps to top-up-only packages only.
    const wrongKind = await admin('POST', `/admin/supplier-offers/${topUpOffer}/map`, {
      package_id: await f.packageId('IT-AL-7D-1GB'),
    });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json()).toMatchObject({
      code: 'supplier_offer_top_up_package_kind',
      errors: [
        {
          path: 'package_id',
          message: 'Tedarikçinin ek paketleri yalnızca "Yalnızca yükleme" paketlerine bağlanabilir',
        },
      ],
    });

    const made = await admin('POST', `/admin/supplier-offers/${topUpOffer}/package`, { code: 'IT-EA-TOPUP-1GB' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data).toMatchObject({
      kind: 'top_up',
      supplier: 'esimaccess',
      supplier_package_id: 'EA-IT-TOPUP',
    });
    const id = made.json().data.id as string;

    expect(await publicCodes('italy')).not.toContain('IT-EA-TOPUP-1GB');
    expect(await priceListCodes()).not.toContain('IT-EA-TOPUP-1GB');
    const asNewEsim = await quote(id, 'en');
    expect(asNewEsim.statusCode).toBe(422);
    expect(asNewEsim.json()).toMatchObject({
      code: 'package_top_up_only',
      message: 'This package is sold only as a top-up of an eSIM you already have',
    });
    // The top-up panel asks without a kind, and lists the top-up-only packages of the eSIM's country.
    const asTopUp = await f.app.inject({
      method: 'POST',
      url: '/internal/quote',
      headers: SERVICE,
      payload: { user_id: CUSTOMER.id, package_id: id, quantity: 1 },
    });
    expect(asTopUp.statusCode, asTopUp.body).toBe(200);
    expect(asTopUp.json().data.package).toMatchObject({ kind: 'top_up', supplier_package_id: 'EA-IT-TOPUP' });
    const topUps = await f.app.inject({
      url: `/internal/packages?user_id=${CUSTOMER.id}&country=IT&kind=top_up`,
      headers: SERVICE,
    });
    expect((topUps.json().data as Json[]).map((p) => p.code)).toEqual(['IT-EA-TOPUP-1GB']);
  });
});

describe('a package whose cost rises above its price stops selling', () => {
  it('is paused by the sync: off the public pages, the price lists and the quote, announced, until an admin resumes it', async () => {
    const id = await f.packageId('IT-AL-7D-1GB');
    const list = async () => [
      offer('it-7d-1gb', { name: 'Italy 1 GB 7 days', net_cost_cents: cost }),
      offer('eu-15d-5gb', { name: 'Eurolink', countries: ['DE', 'FR', 'IT', 'TR'], data_mb: 5120, validity_days: 15 }),
      offer('world-30d', {
        name: 'Discover Global',
        countries: ['DE', 'JP', 'US', 'BR'],
        data_mb: null,
        validity_days: 30,
      }),
      offer('it-topup', { top_up: true }),
    ];
    // A rise still below the price: the cost follows, the package sells on.
    let cost = 550;
    expect((await sync('airalo', await list())).json().data).toMatchObject({ mapped: 2, paused: 0 });
    expect((await admin('GET', `/admin/packages/${id}`)).json().data).toMatchObject({ cost_price: 5.5, on_sale: true });

    cost = 640;
    const res = await sync('airalo', await list());
    expect(res.json().data).toEqual({ offers: 4, mapped: 2, unmapped: 2, paused: 1, gone: 0 });
    const paused = (await admin('GET', `/admin/packages/${id}`)).json().data;
    expect(paused).toMatchObject({
      cost_price: 6.4,
      retail_price: 5.99,
      active: true,
      paused_reason: 'cost_above_price',
      paused_at: expect.any(String),
      on_sale: false,
    });
    expect(await publicCodes('italy')).not.toContain('IT-AL-7D-1GB');
    expect(await priceListCodes()).not.toContain('IT-AL-7D-1GB');
    const refused = await quote(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'package_paused', message: 'Bu paket şu an satışta değil' });
    expect((await quote(id, 'en')).json().message).toBe('This package is not on sale at the moment');
    const [upserted] = await f.app
      .db('outbox')
      .where({ type: 'catalog.package.upserted', aggregate_id: id })
      .orderBy('position', 'desc')
      .limit(1);
    expect(upserted.envelope.payload).toMatchObject({ packageId: id, active: false });
    expect(await f.app.db('outbox').where({ type: 'catalog.package.deactivated', aggregate_id: id })).toHaveLength(1);

    // The admin's lists and the home's count.
    const pausedList = await admin('GET', `/admin/packages?filter=${q({ paused: 'cost_above_price', active: true })}`);
    expect(pausedList.json().data.map((p: Json) => p.code)).toEqual(['IT-AL-7D-1GB']);
    expect(pausedList.headers['x-total-count']).toBe('1');
    expect((await offers({ q: 'italy 1 gb' }))[0]!.package.paused_reason).toBe('cost_above_price');

    // The next sync at the same cost changes nothing; a cost falling back does not resume it either: an admin decides.
    cost = 500;
    expect((await sync('airalo', await list())).json().data.paused).toBe(0);
    expect((await admin('GET', `/admin/packages/${id}`)).json().data).toMatchObject({
      cost_price: 5,
      paused_reason: 'cost_above_price',
    });
    cost = 640;
    await sync('airalo', await list());

    // Other edits of a paused package are kept, and it stays paused.
    const edit = await admin('PUT', `/admin/packages/${id}`, { recommended: true });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ recommended: true, paused_reason: 'cost_above_price' });
    // A price still below the cost is refused; a price at or above it sells again.
    expect((await admin('PUT', `/admin/packages/${id}`, { retail_price: 6.2 })).json().code).toBe(
      'package_cost_above_retail',
    );
    const raised = await admin('PUT', `/admin/packages/${id}`, { retail_price: 6.99 });
    expect(raised.json().data).toMatchObject({ retail_price: 6.99, paused_reason: null, on_sale: true });
    expect(await publicCodes('italy')).toContain('IT-AL-7D-1GB');
    expect((await quote(id)).statusCode).toBe(200);
  });

  it('resumes a paused package at the price given: below its cost only when the admin says so', async () => {
    const id = await f.packageId('IT-AL-7D-1GB');
    await sync('airalo', [
      offer('it-7d-1gb', { name: 'Italy 1 GB 7 days', net_cost_cents: 800 }),
      offer('eu-15d-5gb', { name: 'Eurolink', countries: ['DE', 'FR', 'IT', 'TR'], data_mb: 5120, validity_days: 15 }),
      offer('world-30d', {
        name: 'Discover Global',
        countries: ['DE', 'JP', 'US', 'BR'],
        data_mb: null,
        validity_days: 30,
      }),
    ]);
    expect((await admin('GET', `/admin/packages/${id}`)).json().data.paused_reason).toBe('cost_above_price');
    const state = await tableState();
    const below = await admin(
      'POST',
      `/admin/packages/${id}/resume`,
      { retail_price: 7.5 },
      { 'accept-language': 'en' },
    );
    expect(below.statusCode).toBe(422);
    expect(below.json().errors[0]).toEqual({
      path: 'retail_price',
      message: 'The price is below the cost (8,00\u00a0€); confirm that to sell at a loss',
    });
    for (const [body, path] of [
      [{}, 'retail_price'],
      [{ retail_price: -1 }, 'retail_price'],
      [{ retail_price: 8, allow_below_cost: 'yes' }, 'allow_below_cost'],
    ] as const) {
      const res = await admin('POST', `/admin/packages/${id}/resume`, body);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    expect(await tableState()).toBe(state);

    const resumed = await admin('POST', `/admin/packages/${id}/resume`, { retail_price: 7.5, allow_below_cost: true });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({
      code: 'package_resumed',
      message: 'Paket yeniden satışta',
      data: { retail_price: 7.5, cost_price: 8, paused_reason: null, on_sale: true },
    });
    expect(await priceListCodes()).toContain('IT-AL-7D-1GB');
    const notPaused = await admin('POST', `/admin/packages/${id}/resume`, { retail_price: 9.99 });
    expect(notPaused.statusCode).toBe(409);
    expect(notPaused.json().code).toBe('package_not_paused');
    // Resumed knowingly below its cost, the same cost at the next sync keeps it selling; a new rise pauses it again.
    const again = (cents: number) =>
      sync('airalo', [
        offer('it-7d-1gb', { name: 'Italy 1 GB 7 days', net_cost_cents: cents }),
        offer('eu-15d-5gb', {
          name: 'Eurolink',
          countries: ['DE', 'FR', 'IT', 'TR'],
          data_mb: 5120,
          validity_days: 15,
        }),
        offer('world-30d', {
          name: 'Discover Global',
          countries: ['DE', 'JP', 'US', 'BR'],
          data_mb: null,
          validity_days: 30,
        }),
      ]);
    expect((await again(800)).json().data.paused).toBe(0);
    expect((await again(810)).json().data.paused).toBe(1);
  });

  it('stops selling a package whose offer the supplier no longer lists, and sells it again once listed', async () => {
    const id = await f.packageId('WORLD-AL-30D');
    const withoutWorld = await sync('airalo', [
      offer('it-7d-1gb', { name: 'Italy 1 GB 7 days', net_cost_cents: 810 }),
      offer('eu-15d-5gb', { name: 'Eurolink', countries: ['DE', 'FR', 'IT', 'TR'], data_mb: 5120, validity_days: 15 }),
    ]);
    expect(withoutWorld.json().data).toEqual({ offers: 2, mapped: 1, unmapped: 1, paused: 1, gone: 1 });
    expect((await admin('GET', `/admin/packages/${id}`)).json().data.paused_reason).toBe('offer_gone');
    expect((await quote(id)).json().code).toBe('package_paused');
    const resume = await admin('POST', `/admin/packages/${id}/resume`, { retail_price: 49.99 });
    expect(resume.statusCode).toBe(409);
    expect(resume.json().code).toBe('package_paused_offer_gone');

    await sync('airalo', [
      offer('it-7d-1gb', { name: 'Italy 1 GB 7 days', net_cost_cents: 810 }),
      offer('eu-15d-5gb', { name: 'Eurolink', countries: ['DE', 'FR', 'IT', 'TR'], data_mb: 5120, validity_days: 15 }),
      offer('world-30d', {
        name: 'Discover Global',
        countries: ['DE', 'JP', 'US', 'BR'],
        data_mb: null,
        validity_days: 30,
      }),
    ]);
    expect((await admin('GET', `/admin/packages/${id}`)).json().data).toMatchObject({
      paused_reason: null,
      on_sale: true,
    });
  });
});

describe('the margin rule', () => {
  it('reads the default, is set by the admin (percent or fixed, with its rounding), and prices offers by it', async () => {
    expect((await admin('GET', '/admin/margin-rule')).json().data).toMatchObject({
      kind: 'percent',
      value: 30,
      rounding: 'x99',
      updated_by: null,
    });
    const set = await admin('PUT', '/admin/margin-rule', { kind: 'percent', value: 12.5, rounding: 'whole_euro' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      code: 'margin_rule_updated',
      data: { kind: 'percent', value: 12.5, rounding: 'whole_euro', updated_by: expect.any(String) },
    });
    // 4,20 € + 12,5 % = 4,73 €, up to a whole euro: 5,00 €.
    expect((await offers({ q: 'eurolink' }))[0]!.suggested_price).toBe(5);
    await admin('PUT', '/admin/margin-rule', { kind: 'fixed', value: 2.5, rounding: 'x49_x99' });
    // 4,20 € + 2,50 € = 6,70 €, up to the next x,49 or x,99: 6,99 €.
    expect((await offers({ q: 'eurolink' }))[0]!.suggested_price).toBe(6.99);
    expect((await admin('GET', '/admin/margin-rule')).json().data).toMatchObject({ kind: 'fixed', value: 2.5 });
  });

  it('refuses a bad rule naming the field, in the caller language, and keeps the rule', async () => {
    const state = await tableState();
    for (const [body, path] of [
      [{ kind: 'ratio', value: 10, rounding: 'x99' }, 'kind'],
      [{ kind: 'percent', value: -1, rounding: 'x99' }, 'value'],
      [{ kind: 'percent', value: 10.123, rounding: 'x99' }, 'value'],
      [{ kind: 'percent', value: 1001, rounding: 'x99' }, 'value'],
      [{ kind: 'fixed', value: 1000.01, rounding: 'x99' }, 'value'],
      [{ kind: 'percent', value: 10, rounding: 'x95' }, 'rounding'],
      [{ kind: 'percent', rounding: 'x99' }, 'value'],
    ] as const) {
      const res = await admin('PUT', '/admin/margin-rule', body, { 'accept-language': 'en' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].path).toBe(path);
    }
    const tr = await admin('PUT', '/admin/margin-rule', { kind: 'percent', value: -1, rounding: 'x99' });
    expect(tr.json().errors[0].message).toBe('Kâr negatif olamaz');
    expect(await tableState()).toBe(state);
    expect((await f.app.inject({ url: '/admin/margin-rule', headers: f.auth(f.tokens.salesManager) })).statusCode).toBe(
      403,
    );
  });

  it('reprices from cost: a dry run says what would change, the real run changes it and resumes a package paused for its cost', async () => {
    await admin('PUT', '/admin/margin-rule', { kind: 'percent', value: 30, rounding: 'x99' });
    const it = await f.packageId('IT-AL-7D-1GB');
    expect((await admin('GET', `/admin/packages/${it}`)).json().data).toMatchObject({
      cost_price: 8.1,
      paused_reason: 'cost_above_price',
    });
    const state = await tableState();
    const dry = await admin('POST', '/admin/packages/reprice', { dry_run: true });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().code).toBe('packages_reprice_preview');
    const planned = dry.json().data;
    // 8,10 € + 30 % = 10,53 €: 10,99 €. Every supplier's package (the pool's are left alone).
    expect(planned.packages.find((p: Json) => p.code === 'IT-AL-7D-1GB')).toEqual({
      id: it,
      code: 'IT-AL-7D-1GB',
      cost_price: 8.1,
      old_price: 7.5,
      new_price: 10.99,
      resumed: true,
    });
    expect(planned.packages.map((p: Json) => p.code)).not.toContain('TR-7D-3GB');
    expect(await tableState()).toBe(state);

    const real = await admin('POST', '/admin/packages/reprice', {});
    expect(real.json()).toMatchObject({
      code: 'packages_repriced',
      data: { dry_run: false, changed: planned.changed },
    });
    expect((await admin('GET', `/admin/packages/${it}`)).json().data).toMatchObject({
      retail_price: 10.99,
      paused_reason: null,
      on_sale: true,
    });
    expect((await admin('POST', '/admin/packages/reprice', {})).json().data.changed).toBe(0);

    // Named packages, the pool's too; unknown ones refused by name.
    const tr = await f.packageId('TR-7D-3GB');
    const named = await admin('POST', '/admin/packages/reprice', { package_ids: [tr], dry_run: true });
    expect(named.json().data.packages).toEqual([
      expect.objectContaining({ code: 'TR-7D-3GB', cost_price: 5.99, old_price: 9.99, new_price: 7.99 }),
    ]);
    const unknown = await admin('POST', '/admin/packages/reprice', {
      package_ids: ['00000000-0000-4000-8000-00000000ffff'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].path).toBe('package_ids');
    expect((await admin('POST', '/admin/packages/reprice', { package_ids: ['x'] })).json().errors[0].path).toBe(
      'package_ids.0',
    );
  });
});

describe('access', () => {
  it('is for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/admin/supplier-offers'],
      ['GET', '/admin/margin-rule'],
      ['POST', '/admin/packages/reprice'],
    ] as const) {
      const res = await f.app.inject({
        method,
        url,
        headers: f.auth(f.tokens.dealer),
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, url).toBe(403);
    }
  });
});
