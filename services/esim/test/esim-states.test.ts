import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ESIM_ORDER_NUMBERS, demoAccount, referenceCountries, type UserType } from '@esim/contracts';
import { COUNTRY_REGIONS, planTitle } from '../src/orders/plan-title';
import { withLuhnDigit } from '../src/profiles/iccid';
import { seedDemoData } from '../src/seed';
import { startEsim, type EsimAlone } from './support';

/**
 * What a traveller reads of their eSIMs (docs/product.md): the plan named by where it works, the
 * home's list of eSIMs ready to install and in use, why an eSIM takes no top-up, and the public
 * balance check by ICCID answering as by order number and never more. The esim service alone on
 * its own database, with the demo seed's orders.
 */
const MB = 1024 * 1024;
let sys: EsimAlone;
const customer = demoAccount('customer@esim.test');
const demo = demoAccount('demo@esim.test');
const as = async (user: { id: string; userType: UserType }, lng = 'tr') => ({
  authorization: `Bearer ${await sys.keys.token({ id: user.id, userType: user.userType })}`,
  'accept-language': lng,
});
const orderIdOf = async (number: string) =>
  ((await sys.esim.db('orders').where({ order_number: number }).first('id')) as { id: string }).id;
const profileOf = async (number: string) =>
  (await sys.esim
    .db('profiles')
    .where({ order_id: await orderIdOf(number) })
    .orderBy('iccid')
    .first()) as { id: string; iccid: string };
const check = (number: string, lng = 'tr') =>
  sys.esim.inject({ url: `/public/balance/esim/${number}`, headers: { 'accept-language': lng } });

beforeAll(async () => {
  sys = await startEsim();
  await seedDemoData(sys.esim.db);
});
afterAll(async () => sys.stop());

describe('a plan is named by where it works, its data and its days', () => {
  it('a country, a region, a mixed list, the world; unlimited data; both languages', () => {
    const plan = (package_type: string, countries: string[], data_mb: number | null = 3072, validity_days = 7) => ({
      package_type,
      countries,
      data_mb,
      validity_days,
    });
    expect(planTitle(plan('local', ['TR']), 'tr')).toBe('Türkiye 3 GB · 7 gün');
    expect(planTitle(plan('local', ['TR']), 'en')).toBe('Turkey 3 GB · 7 days');
    expect(planTitle(plan('local', ['DE'], 1536, 1), 'en')).toBe('Germany 1.5 GB · 1 day');
    expect(planTitle(plan('local', ['DE'], 1536, 1), 'tr')).toBe('Almanya 1,5 GB · 1 gün');
    expect(planTitle(plan('regional', ['AT', 'TR', 'GB'], 5120, 15), 'tr')).toBe('Avrupa 5 GB · 15 gün');
    expect(planTitle(plan('regional', ['AE', 'EG', 'TR'], 5120, 15), 'tr')).toBe('3 ülke 5 GB · 15 gün');
    expect(planTitle(plan('regional', ['AE', 'EG', 'TR'], 5120, 15), 'en')).toBe('3 countries 5 GB · 15 days');
    expect(planTitle(plan('global', ['US', 'TR'], 10240, 30), 'tr')).toBe('Dünya 10 GB · 30 gün');
    expect(planTitle(plan('local', ['US'], null, 30), 'en')).toBe('United States Unlimited · 30 days');
  });

  it("knows each country's region as the catalog's reference data does", () => {
    const require = createRequire(import.meta.url);
    const iso = require('i18n-iso-countries');
    iso.registerLocale(require('i18n-iso-countries/langs/tr.json'));
    iso.registerLocale(require('i18n-iso-countries/langs/en.json'));
    const byRegion: Record<string, string[]> = {};
    for (const country of referenceCountries(require('world-countries'), iso))
      (byRegion[country.region] ??= []).push(country.a2);
    expect(Object.fromEntries(Object.entries(COUNTRY_REGIONS).map(([k, v]) => [k, v.split(' ')]))).toEqual(byRegion);
  });

  it('orders and their list carry the title', async () => {
    const order = (await sys.esim.inject({ url: '/user/esim/orders?limit=10', headers: await as(customer) })).json()
      .data as Array<{ order_number: string; package: { name: string; title: string } }>;
    expect(order.find((o) => o.order_number === DEMO_ESIM_ORDER_NUMBERS.active)!.package).toMatchObject({
      name: 'Standart',
      title: 'Türkiye 5 GB · 15 gün',
    });
    const regional = await sys.esim.inject({
      url: `/user/esim/orders/${DEMO_ESIM_ORDER_NUMBERS.demoRegional}`,
      headers: await as(demo, 'en'),
    });
    expect(regional.json().data.package.title).toBe('Europe 5 GB · 15 days');
  });
});

describe("the customer's home: eSIMs ready to install and in use", () => {
  it('lists a newly bought, never installed eSIM first, with the active ones, never an expired, refunded or foreign one', async () => {
    // Bought just now and not installed yet: as a purchase leaves it.
    const [spare] = await sys.stock('TR-7D-3GB', 1);
    const orderId = await orderIdOf(DEMO_ESIM_ORDER_NUMBERS.active);
    const newOrder = await sys.esim
      .db('orders')
      .insert({
        order_number: 'READYTR7D3GB',
        user_id: customer.id,
        package_code: 'TR-7D-3GB',
        package_name_tr: 'Başlangıç',
        package_name_en: 'Starter',
        package_type: 'local',
        countries: ['TR'],
        data_mb: 3072,
        validity_days: 7,
        quantity: 1,
        unit_price_cents: 999,
        total_cents: 999,
        step: 'completed',
        completed_at: sys.esim.db.fn.now(),
      })
      .returning('id');
    await sys.esim
      .db('profiles')
      .where({ iccid: spare })
      .update({
        pool_status: 'assigned',
        order_id: newOrder[0].id,
        user_id: customer.id,
        status: 'inactive',
        data_total_bytes: 3072 * MB,
      });

    const res = await sys.esim.inject({ url: '/user/esims?state=current', headers: await as(customer) });
    expect(res.statusCode, res.body).toBe(200);
    const listed = res.json().data as Array<Record<string, unknown>>;
    expect(listed.map((e) => [e.iccid, e.status, e.title])).toEqual([
      [spare, 'inactive', 'Türkiye 3 GB · 7 gün'],
      [(await profileOf(DEMO_ESIM_ORDER_NUMBERS.active)).iccid, 'active', 'Türkiye 5 GB · 15 gün'],
    ]);
    expect(listed[0]).toMatchObject({ order_id: newOrder[0].id, order_number: 'READYTR7D3GB', activated_at: null });
    // No code to install it here: the order page has it.
    expect(listed[0]).not.toHaveProperty('activation_code');
    expect(res.headers['content-range']).toBe('esims 0-1/2');
    // The customer's expired one is in the whole list only.
    const all = (await sys.esim.inject({ url: '/user/esims', headers: await as(customer) })).json().data;
    expect(all).toHaveLength(3);
    expect(all.map((e: { order_id: string }) => e.order_id)).toContain(
      await orderIdOf(DEMO_ESIM_ORDER_NUMBERS.expired),
    );

    // Refunded: taken back, no longer listed as usable.
    await sys.esim.db('profiles').where({ iccid: spare }).update({ status: 'refunded', refunded_at: new Date() });
    const after = (await sys.esim.inject({ url: '/user/esims?state=current', headers: await as(customer) })).json()
      .data as Array<{ order_id: string }>;
    expect(after.map((e) => e.order_id)).toEqual([orderId]);
    // Another buyer sees only theirs.
    const theirs = (await sys.esim.inject({ url: '/user/esims?state=current', headers: await as(demo) })).json()
      .data as Array<{ order_number: string }>;
    expect(theirs.map((e) => e.order_number).sort()).toEqual(
      [
        DEMO_ESIM_ORDER_NUMBERS.demoFresh,
        DEMO_ESIM_ORDER_NUMBERS.demoRegional,
        DEMO_ESIM_ORDER_NUMBERS.nearlyUsed,
      ].sort(),
    );
    expect((await sys.esim.inject({ url: '/user/esims?state=sold', headers: await as(demo) })).statusCode).toBe(400);
  });
});

describe('an eSIM that takes no top-up says why', () => {
  it('never installed, suspended, nothing of its countries on sale', async () => {
    const { id } = await profileOf(DEMO_ESIM_ORDER_NUMBERS.demoFresh);
    const offer = async (lng = 'tr') =>
      (await sys.esim.inject({ url: `/user/esim/${id}/top-ups`, headers: await as(demo, lng) })).json().data;

    await sys.esim.db('profiles').where({ id }).update({ status: 'inactive', activated_at: null, expires_at: null });
    expect(await offer()).toMatchObject({
      available: false,
      refusal_code: 'esim_top_up_not_installed',
      refusal: 'Bu eSIM henüz kullanılmadı: ilk paketiniz kullanılmaya başlayınca paket yükleyebilirsiniz',
      packages: [],
    });

    await sys.esim.db('profiles').where({ id }).update({ status: 'suspended' });
    expect(await offer('en')).toMatchObject({
      refusal_code: 'esim_top_up_suspended',
      refusal: 'A suspended eSIM cannot be topped up; resume it first',
    });

    // In use, and the catalog sells nothing of its countries: said, not a button opening an empty list.
    await sys.esim
      .db('profiles')
      .where({ id })
      .update({ status: 'active', expires_at: new Date(Date.now() + 86_400_000) });
    const catalog = sys.esim.esim.ctx.catalog;
    const original = catalog.request.bind(catalog);
    catalog.request = (async () => []) as typeof catalog.request;
    try {
      expect(await offer()).toMatchObject({
        available: false,
        refusal_code: 'esim_top_up_none_on_sale',
        refusal: 'eSIM’inizin kapsadığı ülkeler için şu an satışta yükleme paketi yok',
        packages: [],
      });
    } finally {
      catalog.request = original;
    }
  });
});

describe('the public balance check takes an ICCID', () => {
  it("answers one eSIM by its ICCID in the order number's shape, under the ICCID, never its order's number", async () => {
    const { iccid } = await profileOf(DEMO_ESIM_ORDER_NUMBERS.active);
    const res = await check(iccid);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const byNumber = (await check(DEMO_ESIM_ORDER_NUMBERS.active)).json().data;
    const byIccid = res.json().data;
    expect(Object.keys(byIccid).sort()).toEqual(Object.keys(byNumber).sort());
    expect(byIccid).toMatchObject({
      type: 'esim',
      orderNumber: iccid,
      status: 'active',
      packageName: 'Türkiye 5 GB · 15 gün',
      country: 'Türkiye',
      operator: 'Turkcell',
      totalData: 5120,
    });
    expect(JSON.stringify(byIccid)).not.toContain(DEMO_ESIM_ORDER_NUMBERS.active);
    // Spaces typed in groups and English.
    const english = await check(encodeURIComponent(` ${iccid} `), 'en');
    expect(english.json().data).toMatchObject({ packageName: 'Turkey 5 GB · 15 days', country: 'Turkey' });
  });

  it("an order's other eSIM is not read through one eSIM's ICCID", async () => {
    const orderId = await orderIdOf(DEMO_ESIM_ORDER_NUMBERS.nearlyUsed);
    const [second] = await sys.stock('US-7D-3GB', 1);
    await sys.esim
      .db('profiles')
      .where({ iccid: second })
      .update({
        pool_status: 'assigned',
        order_id: orderId,
        user_id: demo.id,
        status: 'inactive',
        data_total_bytes: 3072 * MB,
      });
    const whole = (await check(DEMO_ESIM_ORDER_NUMBERS.nearlyUsed)).json().data;
    expect(whole.totalData).toBe(6144);
    const one = (await check(second!)).json().data;
    expect(one).toMatchObject({ orderNumber: second, status: 'ready', totalData: 3072, usedData: 0 });
    expect(one.operator).toBe('Turkcell');
  });

  it('an unknown ICCID, one never sold and an unknown order number answer the same not-found', async () => {
    const unknownIccid = withLuhnDigit('899099999999999999');
    const [unsold] = await sys.stock('TR-7D-3GB', 1);
    const answers = await Promise.all([check(unknownIccid), check(unsold!), check('ZZZZZZZZZZZZ')]);
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({
        success: false,
        code: 'balance_check_not_found',
        message: 'Bakiye bilgileri bulunamadı',
      });
    }
    // Nothing tells which kind of number was unknown.
    const bodies = answers.map((a) => JSON.stringify(a.json()));
    expect(new Set(bodies).size).toBe(1);
  });

  it('19-20 digits failing the ICCID check are a format error naming the field', async () => {
    const valid = withLuhnDigit('899020000000000123');
    const bad = await check(`${valid.slice(0, -1)}${(Number(valid.at(-1)) + 1) % 10}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'balance_check_iccid_invalid',
      errors: [{ path: 'id', message: 'Geçersiz ICCID formatı' }],
    });
    expect((await check('abc')).json().code).toBe('balance_check_esim_number_invalid');
  });
});
