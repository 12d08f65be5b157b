import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EsimOrder, EsimProfile } from '@esim/contracts';
import { admin, customer, key, newIccid, startEsimSystem, type EsimSystem, type Person } from './esim';
import { signWebhook } from '@esim/platform';
import { withLuhnDigit } from '../../services/esim/src/profiles/iccid';

const GB = 1024 ** 3;
/** A report's time this many hours ago: a fixed date would one day lie past the eSIM's validity, which ends it. */
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** After the purchase: ownership, usage webhook and files, status changes, refunds, the public balance check, the pool. */
describe('eSIM lifecycle', () => {
  let sys: EsimSystem;
  let owner: Person;
  let stranger: Person;
  let boss: Person;
  // Bought with three eSIMs in beforeAll.
  let order: EsimOrder & { esims: [EsimProfile, EsimProfile, EsimProfile] };
  beforeAll(async () => {
    sys = await startEsimSystem();
    owner = customer();
    stranger = customer();
    boss = admin();
    await sys.fund(owner, 200_00);
    await sys.stock('US-7D-3GB', 6);
    order = await purchase(owner, 3);
  });
  afterAll(async () => {
    await sys.verifyLedger();
    await sys.stop();
  });

  async function purchase(who: Person, quantity: number) {
    const res = await sys.esim.inject({
      method: 'POST',
      url: '/user/packages/buy',
      headers: await sys.as(who, { 'idempotency-key': key() }),
      payload: { package_id: await sys.packageId('US-7D-3GB'), quantity },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  const webhook = (body: unknown, options: { secret?: string; at?: number } = {}) =>
    webhookRaw(JSON.stringify(body), options);
  const webhookRaw = (raw: string, options: { secret?: string; at?: number } = {}) => {
    const at = options.at ?? Math.floor(Date.now() / 1000);
    return sys.esim.inject({
      method: 'POST',
      url: '/webhooks/esim-usage',
      headers: {
        'content-type': 'application/json',
        'x-esim-timestamp': String(at),
        'x-esim-signature': signWebhook(options.secret ?? sys.esim.esim.ctx.config.ESIM_WEBHOOK_SECRET, at, raw),
      },
      payload: raw,
    });
  };
  const profile = (iccid: string) => sys.esim.db('profiles').where({ iccid }).first();

  it("another user's order, QR, usage, status and refund answer 404", async () => {
    const esim = order.esims[0];
    const h = await sys.as(stranger);
    for (const [method, url, payload] of [
      ['GET', `/user/esim/orders/${order.id}`],
      ['GET', `/user/esim/orders/${order.order_number}`],
      ['POST', `/user/esim/orders/${order.id}/qr-codes`],
      ['GET', `/user/esim/qr/${esim.iccid}.png`],
      ['GET', `/user/esim/${esim.id}/usage`],
      ['PUT', `/user/esim/${esim.id}/status`, { status: 'suspended' }],
      ['POST', `/user/esim/${esim.id}/refund`, {}],
    ] as const) {
      const res = await sys.esim.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await sys.esim.inject({ url: '/user/esim/orders', headers: h })).json().meta.total).toBe(0);
    // An admin sees any order.
    const asAdmin = await sys.esim.inject({ url: `/user/esim/orders/${order.id}`, headers: await sys.as(boss) });
    expect(asAdmin.statusCode).toBe(200);
  });

  it('QR file names follow the identifier rules and messages', async () => {
    const h = await sys.as(owner);
    for (const [name, message] of [
      ['89012345678901234567.jpg', 'Geçersiz dosya formatı'],
      ['8901..5678901234567.png', 'Geçersiz dosya formatı'],
      ['12345.png', 'Geçersiz ICCID formatı'],
      ['8901234567890123456A.png', 'Geçersiz ICCID formatı'],
    ]) {
      const res = await sys.esim.inject({ url: `/user/esim/qr/${encodeURIComponent(name!)}`, headers: h });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('webhook: a bad signature or an old timestamp is a 401 and changes nothing; a replay changes nothing', async () => {
    const iccid = order.esims[0].iccid;
    const report = { reports: [{ id: 'r-1', iccid, used_bytes: 1 * GB }] };
    expect((await webhook(report, { secret: 'wrong-secret-wrong-secret' })).statusCode).toBe(401);
    expect((await webhook(report, { at: Math.floor(Date.now() / 1000) - 301 })).statusCode).toBe(401);
    const unsigned = await sys.esim.inject({
      method: 'POST',
      url: '/webhooks/esim-usage',
      headers: { 'content-type': 'application/json' },
      payload: report,
    });
    expect(unsigned.statusCode).toBe(401);
    expect(Number((await profile(iccid)).data_used_bytes)).toBe(0);

    const ok = await webhook(report);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ applied: 1, replayed: 0 });
    const after = await profile(iccid);
    expect(after).toMatchObject({ status: 'active' });
    expect(Number(after.data_used_bytes)).toBe(GB);
    expect(new Date(after.expires_at).getTime() - new Date(after.activated_at).getTime()).toBe(7 * 24 * 3600 * 1000);

    const replay = await webhook(report);
    expect(replay.json().data).toMatchObject({ applied: 0, replayed: 1 });
    const bad = await webhook({ reports: [{ iccid: '123', used_bytes: -1 }] });
    expect(bad.statusCode).toBe(400);
  });

  it('webhook: the signature is checked before the body is parsed (unsigned malformed JSON is a 401, signed a 400 naming the body)', async () => {
    const malformed = '{"reports": [{"id": "r-1",';
    const unsigned = await sys.esim.inject({
      method: 'POST',
      url: '/webhooks/esim-usage',
      headers: { 'content-type': 'application/json' },
      payload: malformed,
    });
    expect(unsigned.statusCode, unsigned.body).toBe(401);
    expect(unsigned.json().code).toBe('esim_webhook_signature_invalid');
    expect((await webhookRaw(malformed, { secret: 'wrong-secret-wrong-secret' })).statusCode).toBe(401);
    const signed = await webhookRaw(malformed);
    expect(signed.statusCode, signed.body).toBe(400);
    expect(signed.json()).toMatchObject({ code: 'invalid_json', errors: [{ path: 'body' }] });
    const wrongShape = await webhook({ reports: 'none' });
    expect(wrongShape.statusCode).toBe(400);
    expect(wrongShape.json().errors[0].path).toMatch(/^reports/);
    // A good signed report (the first one again) is still answered.
    const good = await webhook({ reports: [{ id: 'r-1', iccid: order.esims[0].iccid, used_bytes: 1 * GB }] });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toMatchObject({ applied: 0, replayed: 1 });
  });

  it('usage shows used / remaining / percentage and the reports behind it', async () => {
    const esim = order.esims[0];
    const res = await sys.esim.inject({ url: `/user/esim/${esim.id}/usage`, headers: await sys.as(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.esim).toMatchObject({
      status: 'active',
      usage: { total_bytes: 3 * GB, used_bytes: GB, remaining_bytes: 2 * GB, percentage: 33, unlimited: false },
    });
    expect(res.json().data.records).toEqual([
      expect.objectContaining({ id: 'webhook:r-1', used_bytes: GB, remaining_bytes: 2 * GB, source: 'webhook' }),
    ]);
    const byIccid = await sys.esim.inject({
      url: `/user/esim/${esim.iccid}/usage?includeUsed=false`,
      headers: await sys.as(owner),
    });
    expect(byIccid.json().data.records).toEqual([]);
    const bad = await sys.esim.inject({ url: `/user/esim/${esim.id}/usage?limit=0`, headers: await sys.as(owner) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('limit');
  });

  it('status: the owner suspends and resumes; revoke is admin-only; other transitions are refused', async () => {
    const esim = order.esims[1];
    const put = async (who: Person, status: string) =>
      sys.esim.inject({
        method: 'PUT',
        url: `/user/esim/${esim.id}/status`,
        headers: await sys.as(who),
        payload: { status },
      });
    expect((await put(owner, 'suspended')).json().data.status).toBe('suspended');
    expect((await put(owner, 'active')).json().data.status).toBe('inactive');
    const again = await put(owner, 'active');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('esim_status_transition_refused');
    expect((await put(owner, 'revoked')).statusCode).toBe(403);
    const bad = await put(owner, 'deleted');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('status');
  });

  it('refunds an unused eSIM within the window once; refuses an activated one and one past the window', async () => {
    const unused = order.esims[2];
    const before = await sys.available(owner);
    const refund = async (id: string, who = owner, body: object = {}) =>
      sys.esim.inject({ method: 'POST', url: `/user/esim/${id}/refund`, headers: await sys.as(who), payload: body });
    const first = await refund(unused.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ refunded: 14.99, refunded_cents: 14_99, status: 'refunded' });
    expect(await sys.available(owner)).toBe(before + 14_99);
    expect((await refund(unused.id)).statusCode).toBe(200);
    expect(await sys.available(owner)).toBe(before + 14_99);
    expect((await profile(unused.iccid)).status).toBe('refunded');
    const detail = await sys.esim.inject({ url: `/user/esim/orders/${order.id}`, headers: await sys.as(owner) });
    expect(detail.json().data.status).toBe('partially_refunded');

    const activated = await refund(order.esims[0].id);
    expect(activated.statusCode).toBe(422);
    expect(activated.json().code).toBe('esim_refund_activated');

    const old = await purchase(owner, 1);
    await sys.esim
      .db('orders')
      .where({ id: old.id })
      .update({ created_at: sys.esim.db.raw(`now() - interval '31 days'`) });
    const late = await refund(old.esims[0].id);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toContain('30 gün');

    // An admin may refund it anyway, with a reason.
    expect((await refund(old.esims[0].id, boss)).statusCode).toBe(400);
    const byAdmin = await refund(old.esims[0].id, boss, { reason: 'Müşteri memnuniyeti' });
    expect(byAdmin.statusCode).toBe(200);
  });

  it('50 %, 80 % and 100 % usage publish one alert each through the outbox; 100 % marks it used', async () => {
    const fresh = await purchase(owner, 1);
    const iccid = fresh.esims[0].iccid;
    await webhook({ reports: [{ id: 'u80', iccid, used_bytes: Math.ceil(2.5 * GB) }] });
    await webhook({ reports: [{ id: 'u81', iccid, used_bytes: Math.ceil(2.6 * GB) }] });
    await webhook({ reports: [{ id: 'u100', iccid, used_bytes: 3 * GB }] });
    const alerts = await sys.esim
      .db('outbox')
      .where({ type: 'esim.profile.usage-alert', aggregate_id: fresh.esims[0].id });
    expect(alerts.map((a: { envelope: { payload: { kind: string } } }) => a.envelope.payload.kind).sort()).toEqual([
      'usage-100',
      'usage-50',
      'usage-80',
    ]);
    expect((await profile(iccid)).status).toBe('used');
    expect(
      await sys.esim.db('outbox').where({ type: 'esim.profile.depleted', aggregate_id: fresh.esims[0].id }),
    ).toHaveLength(1);
  });

  it('public balance check: format rules, 404, result in MB', async () => {
    const get = (n: string, lang = 'tr') =>
      sys.esim.inject({ url: `/public/balance/esim/${encodeURIComponent(n)}`, headers: { 'accept-language': lang } });
    const empty = await get(' ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Lütfen sipariş numarası veya sıra numarası girin');
    for (const n of ['ABC123', 'ABCD-1234', 'ÇÇÇÇÇÇÇÇ']) {
      const res = await get(n);
      expect(res.statusCode, n).toBe(400);
      expect(res.json().message).toBe('Geçersiz QR eSIM sipariş numarası formatı');
    }
    const unknown = await get('ZZZZZZZZZZZZ');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Bakiye bilgileri bulunamadı');

    const found = await get(order.order_number.toLowerCase());
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ message: 'Bakiye bilgileri başarıyla yüklendi' });
    expect(found.json().data).toMatchObject({
      type: 'esim',
      orderNumber: order.order_number,
      status: 'active',
      // The third eSIM was refunded (the refund test): its data is not the buyer's any more.
      totalData: 2 * 3 * 1024,
      usedData: 1024,
      remainingData: 5 * 1024,
      // The plan and its country by name, as the order page shows them.
      packageName: 'Amerika Birleşik Devletleri 3 GB · 7 gün',
      country: 'Amerika Birleşik Devletleri',
      operator: 'Turkcell',
      demo: false,
    });
  });

  it('a refunded or revoked eSIM: usage reports (webhook and file) ignored and counted so, its QR png 410 Gone, the balance check says refunded', async () => {
    // A buyer of its own: the other tests count the owner's orders.
    const buyer = customer();
    await sys.fund(buyer, 50_00);
    await sys.stock('US-7D-3GB', 3);
    const pair = await purchase(buyer, 2);
    const single = await purchase(buyer, 1);
    const [refunded, kept] = pair.esims;
    const revoked = single.esims[0];
    const refund = async (id: string) =>
      sys.esim.inject({ method: 'POST', url: `/user/esim/${id}/refund`, headers: await sys.as(buyer), payload: {} });
    expect((await refund(refunded.id)).statusCode).toBe(200);
    const revoke = await sys.esim.inject({
      method: 'PUT',
      url: `/user/esim/${revoked.id}/status`,
      headers: await sys.as(boss),
      payload: { status: 'revoked' },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);

    const hook = await webhook({
      reports: [
        { id: 'gone-1', iccid: refunded.iccid, used_bytes: GB },
        { id: 'gone-2', iccid: revoked.iccid, used_bytes: GB },
      ],
    });
    expect(hook.statusCode, hook.body).toBe(200);
    expect(hook.json().data).toEqual({ applied: 0, replayed: 0, ignored: 2, unknown: [] });
    const csv = [
      'iccid,used_bytes,recorded_at',
      `${refunded.iccid},${2 * GB},2026-11-20T10:00:00Z`,
      `${revoked.iccid},${2 * GB},2026-11-20T10:00:00Z`,
    ].join('\n');
    const file = await sys.esim.inject({
      method: 'POST',
      url: '/admin/esim/usage-upload',
      headers: await sys.as(boss, { 'content-type': 'text/csv' }),
      payload: csv,
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json().data).toEqual({ applied: 0, replayed: 0, ignored: 2, errors: [] });
    for (const [esim, status] of [
      [refunded, 'refunded'],
      [revoked, 'revoked'],
    ] as const) {
      expect(await profile(esim.iccid)).toMatchObject({ status, activated_at: null });
      expect(Number((await profile(esim.iccid)).data_used_bytes), status).toBe(0);
      const usage = await sys.esim.inject({ url: `/user/esim/${esim.id}/usage`, headers: await sys.as(buyer) });
      expect(usage.json().data.records, status).toEqual([]);
      const png = await sys.esim.inject({ url: `/user/esim/qr/${esim.iccid}.png`, headers: await sys.as(buyer) });
      expect(png.statusCode, status).toBe(410);
      expect(png.json()).toMatchObject({
        code: 'esim_qr_gone',
        message: 'Bu eSIM iade edildi veya iptal edildi; QR kodu artık kullanılamaz',
      });
    }
    const english = await sys.esim.inject({
      url: `/user/esim/qr/${refunded.iccid}.png`,
      headers: await sys.as(buyer, { 'accept-language': 'en' }),
    });
    expect(english.json().message).toBe('This eSIM was refunded or revoked; its QR code can no longer be used');
    expect(
      (await sys.esim.inject({ url: `/user/esim/qr/${kept.iccid}.png`, headers: await sys.as(buyer) })).statusCode,
    ).toBe(200);

    // The balance check: half refunded reads by the eSIM still running, whose data alone is left; all refunded reads refunded.
    const check = async (number = pair.order_number) =>
      (await sys.esim.inject({ url: `/public/balance/esim/${number}` })).json().data;
    // The eSIM left was never used: ready to install, as its order page says; a revoked one cannot run (inactive).
    expect(await check()).toMatchObject({ status: 'ready', totalData: 3 * 1024, usedData: 0, remainingData: 3 * 1024 });
    expect((await check(single.order_number)).status).toBe('inactive');
    expect((await refund(kept.id)).statusCode).toBe(200);
    expect(await check()).toMatchObject({ status: 'refunded', totalData: 2 * 3 * 1024, usedData: 0, remainingData: 0 });
  });

  it('expiry: the job expires eSIMs past their date and reminds 1 day before, once', async () => {
    const { expireDueProfiles, sendExpiryReminders } = await import('../../services/esim/src/profiles/lifecycle');
    const { id: esimId, iccid } = order.esims[0];
    await sys.esim
      .db('profiles')
      .where({ iccid })
      .update({ expires_at: sys.esim.db.raw(`now() + interval '12 hours'`) });
    // The service's recovery loop runs the same jobs every 2 s: whichever comes first sends the reminder, and only it.
    await sendExpiryReminders(sys.esim.db);
    expect(await sendExpiryReminders(sys.esim.db)).toBe(0);
    const alerts = await sys.esim.db('outbox').where({ type: 'esim.profile.usage-alert', aggregate_id: esimId });
    expect(
      alerts.filter((a: { envelope: { payload: { kind: string } } }) => a.envelope.payload.kind === 'expiry-1d'),
    ).toHaveLength(1);
    await sys.esim
      .db('profiles')
      .where({ iccid })
      .update({ expires_at: sys.esim.db.raw(`now() - interval '1 minute'`) });
    await expireDueProfiles(sys.esim.db);
    expect((await profile(iccid)).status).toBe('expired');
  });

  it('pool import: validates every row (Luhn, 89 prefix, duplicates in file and pool) and reports per row', async () => {
    const existing = order.esims[0].iccid;
    const good = newIccid();
    const badLuhn = `${good.slice(0, -1)}${(Number(good.slice(-1)) + 1) % 10}`;
    const notTelecom = withLuhnDigit('770000000000000000');
    const csv = [
      'ICCID,SM-DP+ Address,Matching ID,Confirmation Code,Package Code,Operator',
      `${good},smdp.example.com,M1,yes,us-7d-3gb,Turkcell`,
      `${good},smdp.example.com,M2,,US-7D-3GB,Turkcell`,
      `${badLuhn},smdp.example.com,M3,,US-7D-3GB,Turkcell`,
      `${notTelecom},smdp.example.com,M4,,US-7D-3GB,Turkcell`,
      `${existing},smdp.example.com,M5,,US-7D-3GB,Turkcell`,
      `${newIccid()},,M6,,US-7D-3GB,Turkcell`,
    ].join('\n');
    const res = await sys.esim.inject({
      method: 'POST',
      url: '/admin/esim/pool/import',
      headers: await sys.as(boss, { 'content-type': 'text/csv' }),
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json().data;
    expect(report).toMatchObject({ imported: 1, rejected: 5 });
    expect(report.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '3:iccid',
      '4:iccid',
      '5:iccid',
      '6:iccid',
      '7:smdp_address',
    ]);
    expect((await profile(good)).confirmation_code_required).toBe(true);

    const forbidden = await sys.esim.inject({
      method: 'POST',
      url: '/admin/esim/pool/import',
      headers: await sys.as(owner, { 'content-type': 'text/csv' }),
      payload: csv,
    });
    expect(forbidden.statusCode).toBe(403);

    const stock = await sys.esim.inject({ url: '/admin/esim/pool/stock', headers: await sys.as(boss) });
    const us = stock.json().data.find((r: { package_code: string }) => r.package_code === 'US-7D-3GB');
    expect(us).toMatchObject({ id: 'US-7D-3GB', threshold: 10, low: true });
    const set = await sys.esim.inject({
      method: 'PUT',
      url: '/admin/esim/pool/thresholds/US-7D-3GB',
      headers: await sys.as(boss),
      payload: { threshold: -1 },
    });
    expect(set.statusCode).toBe(400);
    expect(set.json().errors[0].path).toBe('threshold');
    // The row's id is the threshold route's parameter: what the back office edits by.
    const lowered = await sys.esim.inject({
      method: 'PUT',
      url: `/admin/esim/pool/thresholds/${us.id}`,
      headers: await sys.as(boss),
      payload: { threshold: 0 },
    });
    expect(lowered.json().data).toEqual({ package_code: 'US-7D-3GB', threshold: 0 });
    const after = (await sys.esim.inject({ url: '/admin/esim/pool/stock', headers: await sys.as(boss) }))
      .json()
      .data.find((r: { id: string }) => r.id === us.id);
    expect(after).toMatchObject({ threshold: 0, low: false });
    const lowStock = await sys.esim.db('outbox').where({ type: 'esim.pool.low-stock' });
    expect(lowStock.length).toBeGreaterThanOrEqual(1);

    const search = await sys.esim.inject({
      url: `/admin/esim/pool/profiles?search=${good}`,
      headers: await sys.as(boss),
    });
    expect(search.json().data.map((p: { iccid: string }) => p.iccid)).toEqual([good]);
  });

  it('imports an xlsx file too', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Profiles');
    sheet.addRow(['iccid', 'smdp_address', 'matching_id', 'package_code', 'operator']);
    const iccid = newIccid();
    sheet.addRow([iccid, 'smdp.example.com', 'XL-1', 'DE-7D-3GB', 'Telekom']);
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await sys.esim.inject({
      method: 'POST',
      url: '/admin/esim/pool/import',
      headers: await sys.as(boss, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
      payload: buffer,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ imported: 1, rejected: 0 });
  });

  it('usage files (CSV or xlsx): each good row applied once, each bad row named by row and field; a renamed executable refused', async () => {
    // A buyer of its own: the other tests count the owner's orders.
    const buyer = customer();
    await sys.fund(buyer, 50_00);
    await sys.stock('US-7D-3GB', 1);
    const bought = await purchase(buyer, 1);
    const iccid = bought.esims[0].iccid;
    const upload = async (payload: string | Buffer, type = 'text/csv', who = boss) =>
      sys.esim.inject({
        method: 'POST',
        url: '/admin/esim/usage-upload',
        headers: await sys.as(who, { 'content-type': type }),
        payload,
      });
    const csv = [
      'ICCID,Used Bytes,Recorded At',
      `${iccid},${5 * 1024 * 1024},${hoursAgo(48)}`,
      '12345,100,',
      `${iccid},-5,`,
      `${iccid},7,not a date`,
      `${newIccid()},100,`,
    ].join('\n');
    const first = await upload(csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ applied: 1, replayed: 0 });
    expect(first.json().data.errors.map((e: { row: number; field: string }) => `${e.row}:${e.field}`)).toEqual([
      '3:iccid',
      '4:used_bytes',
      '5:recorded_at',
      '6:iccid',
    ]);
    expect(Number((await profile(iccid)).data_used_bytes)).toBe(5 * 1024 * 1024);
    // The same file again: nothing new.
    const again = await upload(csv);
    expect(again.json().data).toMatchObject({ applied: 0, replayed: 1 });
    expect(Number((await profile(iccid)).data_used_bytes)).toBe(5 * 1024 * 1024);

    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Usage');
    sheet.addRow(['iccid', 'used_mb', 'recorded_at']);
    sheet.addRow([iccid, 6, hoursAgo(24)]);
    const xlsx = await upload(
      Buffer.from(await workbook.xlsx.writeBuffer()),
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.json().data).toMatchObject({ applied: 1, errors: [] });
    expect(Number((await profile(iccid)).data_used_bytes)).toBe(6 * 1024 * 1024);

    const executable = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(512, 0)]);
    const renamed = await upload(executable, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors[0].path).toBe('file');
    expect((await upload(csv, 'text/csv', owner)).statusCode).toBe(403);
  });

  it('lists orders with status and country filters, react-admin style too', async () => {
    const h = await sys.as(owner);
    const all = await sys.esim.inject({ url: '/user/esim/orders', headers: h });
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe(String(all.json().meta.total));
    const us = await sys.esim.inject({
      url: `/user/esim/orders?filter=${encodeURIComponent('{"country":"us","status":"completed"}')}&range=[0,1]`,
      headers: h,
    });
    // Completed without refunds: the one bought for the usage mails (the others were refunded in part or whole).
    expect(us.json().data).toHaveLength(1);
    expect(us.headers['content-range']).toBe('orders 0-0/1');
    for (const [status, count] of [
      ['partially_refunded', 1],
      ['refunded', 1],
      ['failed', 0],
    ] as const) {
      const res = await sys.esim.inject({ url: `/user/esim/orders?status=${status}`, headers: h });
      expect(res.json().meta.total, status).toBe(count);
    }
    const none = await sys.esim.inject({ url: '/user/esim/orders?country=de', headers: h });
    expect(none.json().meta.total).toBe(0);
    const bad = await sys.esim.inject({ url: '/user/esim/orders?status=weird', headers: h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].path).toBe('status');
    const badFilter = await sys.esim.inject({
      url: `/user/esim/orders?filter=${encodeURIComponent('{"country":"USA"}')}`,
      headers: h,
    });
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().errors[0].path).toBe('filter.country');
    const many = await sys.esim.inject({
      url: `/user/esim/orders?filter=${encodeURIComponent(JSON.stringify({ id: [order.id] }))}`,
      headers: h,
    });
    expect(many.json().data.map((o: { id: string }) => o.id)).toEqual([order.id]);
  });
});
