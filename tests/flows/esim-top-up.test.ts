import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISTANCE_SALE_VERSION, type EsimOrder } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import { createProvisioning } from '../../services/esim/src/orders/provisioning';
import { applyUsage } from '../../services/esim/src/profiles/usage';
import { poolProvider } from '../../services/esim/src/provider/pool-provider';
import type { EsimProvider } from '../../services/esim/src/provider/port';
import { admin, customer, key, startEsimSystem, type EsimSystem, type Person } from './esim';

const GB = 1024 ** 3;
const DAY = 24 * 3600 * 1000;

/** Top-ups of an installed eSIM against the real catalog and balance services: the purchase's saga, key and ledger. */
describe('topping up an eSIM', () => {
  let sys: EsimSystem;
  beforeAll(async () => {
    sys = await startEsimSystem();
    await sys.stock('US-7D-3GB', 8);
  });
  afterAll(async () => {
    await sys.verifyLedger();
    await sys.stop();
  });

  async function buyEsim(who: Person): Promise<EsimOrder> {
    const res = await sys.esim.inject({
      method: 'POST',
      url: '/user/packages/buy',
      headers: await sys.as(who, { 'idempotency-key': key() }),
      payload: { package_id: await sys.packageId('US-7D-3GB') },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  }

  /** The operator's usage report, through the service's own usage code (the webhook's path). */
  const use = (iccid: string, usedBytes: number) =>
    sys.esim.db.transaction((trx) =>
      applyUsage(trx, { iccid, usedBytes, recordedAt: new Date(), eventId: `use-${key()}`, source: 'webhook' }),
    );

  const offer = async (who: Person, iccid: string, lang = 'tr') =>
    sys.esim.inject({ url: `/user/esim/${iccid}/top-ups`, headers: await sys.as(who, { 'accept-language': lang }) });
  const topUp = async (who: Person, iccid: string, packageId: string, idem = key(), lang = 'tr') =>
    sys.esim.inject({
      method: 'POST',
      url: `/user/esim/${iccid}/top-ups`,
      headers: await sys.as(who, { 'idempotency-key': idem, 'accept-language': lang }),
      payload: { package_id: packageId },
    });

  it('an active eSIM is offered the packages of its own coverage and, topped up, has more data and validity on the same ICCID, charged once', async () => {
    const me = customer();
    await sys.fund(me, 100_00);
    const order = await buyEsim(me);
    const esim = order.esims[0]!;
    await use(esim.iccid, 2 * GB);
    const before = await sys.esim.db('profiles').where({ iccid: esim.iccid }).first();

    const offered = await offer(me, esim.iccid);
    expect(offered.statusCode, offered.body).toBe(200);
    const data = offered.json().data;
    expect(data).toMatchObject({ available: true, refusal: null, order_number: order.order_number });
    // The US's own packages, not the Americas or world plans that also cover it (another coverage, another network).
    expect(data.packages.map((p: { code: string }) => p.code).sort()).toEqual([
      'US-15D-5GB',
      'US-30D-10GB',
      'US-7D-3GB',
    ]);
    expect(data.packages.find((p: { code: string }) => p.code === 'US-15D-5GB')).toMatchObject({
      price: 24.99,
      price_cents: 24_99,
      data_mb: 5 * 1024,
      duration: 15,
    });
    expect(data.bundles).toEqual([
      expect.objectContaining({
        kind: 'initial',
        order_number: order.order_number,
        data_mb: 3 * 1024,
        validity_days: 7,
        price_cents: 14_99,
      }),
    ]);

    const standard = await sys.packageId('US-15D-5GB');
    const idem = key();
    const res = await topUp(me, esim.iccid, standard, idem);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ code: 'esim_top_up_completed', message: 'Paket eSIM’inize yüklendi' });
    const done = res.json().data;
    expect(done).toMatchObject({ status: 'completed', total_cents: 24_99, data_mb: 5 * 1024, validity_days: 15 });
    // Same ICCID, same activation code: nothing to install again.
    expect(done.esim).toMatchObject({
      id: esim.id,
      iccid: esim.iccid,
      activation_code: esim.activation_code,
      status: 'active',
    });
    expect(done.esim.usage).toMatchObject({ total_bytes: 8 * GB, used_bytes: 2 * GB, remaining_bytes: 6 * GB });
    expect(new Date(done.esim.expires_at).getTime()).toBe(new Date(before.expires_at).getTime() + 15 * DAY);

    // The same key again: the same top-up, nothing added twice.
    const again = await topUp(me, esim.iccid, standard, idem);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(done.id);
    expect(await sys.esim.db('profile_bundles').where({ profile_id: esim.id })).toHaveLength(1);

    // The ledger: the purchase and the top-up, each captured once.
    await sys.charged(me);
    expect(await sys.balanceOf(me)).toBe(100_00 - 14_99 - 24_99);
    const holds = await sys.balance.db('holds').where({ user_id: me.id }).orderBy('created_at');
    expect(holds.map((h: { status: string; amount: string }) => [h.status, Number(h.amount)])).toEqual([
      ['captured', 14_99],
      ['captured', 24_99],
    ]);

    const after = (await offer(me, esim.iccid, 'en')).json().data;
    expect(after.esim.usage.total_bytes).toBe(8 * GB);
    expect(
      after.bundles.map((b: { kind: string; package_name: string; data_mb: number }) => [
        b.kind,
        b.package_name,
        b.data_mb,
      ]),
    ).toEqual([
      ['initial', 'Starter', 3 * 1024],
      ['top_up', 'Standard', 5 * 1024],
    ]);
    // The public balance check by either number: the grown total and both bundles.
    for (const number of [order.order_number, done.order_number]) {
      const check = await sys.esim.inject({
        url: `/public/balance/esim/${number}`,
        headers: { 'accept-language': 'en' },
      });
      expect(check.statusCode, check.body).toBe(200);
      expect(check.json().data).toMatchObject({
        orderNumber: number,
        status: 'active',
        totalData: 8 * 1024,
        usedData: 2 * 1024,
        remainingData: 6 * 1024,
        bundles: [
          { kind: 'initial', packageName: 'Starter', dataMb: 3 * 1024, validityDays: 7 },
          { kind: 'top_up', packageName: 'Standard', dataMb: 5 * 1024, validityDays: 15 },
        ],
      });
    }
    // The buyer's list shows the eSIM's order (the top-up is its bundle); an admin's shows both.
    const mine = (await sys.esim.inject({ url: '/user/esim/orders', headers: await sys.as(me) })).json().data;
    expect(mine.map((o: { id: string }) => o.id)).toEqual([order.id]);
    const all = (
      await sys.esim.inject({ url: `/user/esim/orders?user_id=${me.id}`, headers: await sys.as(admin()) })
    ).json().data;
    expect(all.map((o: { id: string }) => o.id).sort()).toEqual([order.id, done.id].sort());
    const target = { esim_id: esim.id, iccid: esim.iccid, order_id: order.id, order_number: order.order_number };
    expect(all.find((o: { id: string }) => o.id === done.id)).toMatchObject({ esim_count: 0, top_up_of: target });
    expect(all.find((o: { id: string }) => o.id === order.id)).toMatchObject({ top_up_of: null });
    const asAdmin = (
      await sys.esim.inject({ url: `/user/esim/orders/${done.id}`, headers: await sys.as(admin()) })
    ).json().data;
    expect(asAdmin).toMatchObject({ status: 'completed', total_cents: 24_99, esims: [], top_up_of: target });
    // The order page still shows one eSIM on the first order, now with the bigger total.
    const first = await sys.esim.inject({ url: `/user/esim/orders/${order.id}`, headers: await sys.as(me) });
    expect(
      first
        .json()
        .data.esims.map((e: { iccid: string; usage: { total_bytes: number } }) => [e.iccid, e.usage.total_bytes]),
    ).toEqual([[esim.iccid, 8 * GB]]);
  });

  it('a depleted eSIM is back in use after a top-up, and its usage mails are armed again; the documents accepted are kept with the top-up', async () => {
    const me = customer();
    await sys.fund(me, 50_00);
    const esim = (await buyEsim(me)).esims[0]!;
    await use(esim.iccid, 3 * GB);
    expect(await sys.esim.db('profiles').where({ iccid: esim.iccid }).first()).toMatchObject({ status: 'used' });
    const agreement = { version: DISTANCE_SALE_VERSION, text: 'ÖN BİLGİLENDİRME FORMU …' };
    const res = await sys.esim.inject({
      method: 'POST',
      url: `/user/esim/${esim.iccid}/top-ups`,
      headers: await sys.as(me, { 'idempotency-key': key() }),
      payload: { package_id: await sys.packageId('US-7D-3GB'), agreement },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.esim).toMatchObject({
      status: 'active',
      usage: { total_bytes: 6 * GB, remaining_bytes: 3 * GB },
    });
    const row = await sys.esim.db('profiles').where({ iccid: esim.iccid }).first();
    expect(row).toMatchObject({ alert_80_sent_at: null, alert_100_sent_at: null });
    // The documents are the server's, filled in for a top-up of this very eSIM; the text sent is not read.
    const kept = await sys.esim.db('order_agreements').where({ order_id: res.json().data.id }).first();
    expect(kept.version).toBe(DISTANCE_SALE_VERSION);
    expect(kept.text).not.toContain(agreement.text);
    expect(kept.text).toContain(`ICCID ${esim.iccid} olan mevcut eSIM’e eklenir`);
    await sys.charged(me);
  });

  it('refused before anything is written: an unused, expired, suspended or foreign eSIM, another coverage, a missing key, not enough balance', async () => {
    const me = customer();
    const stranger = customer();
    await sys.fund(me, 30_00);
    const us3 = await sys.packageId('US-7D-3GB');
    const countRows = async () => ({
      orders: Number((await sys.esim.db('orders').where({ user_id: me.id }).count({ n: '*' }))[0]!.n),
      bundles: Number((await sys.esim.db('profile_bundles').count({ n: '*' }))[0]!.n),
      holds: Number((await sys.balance.db('holds').where({ user_id: me.id }).count({ n: '*' }))[0]!.n),
    });

    // Never used yet: its first bundle is still whole.
    const fresh = (await buyEsim(me)).esims[0]!;
    const initial = await countRows();
    const unused = await topUp(me, fresh.iccid, us3);
    expect(unused.statusCode).toBe(409);
    expect(unused.json()).toMatchObject({ code: 'esim_top_up_not_installed' });
    const unusedOffer = (await offer(me, fresh.iccid, 'en')).json().data;
    expect(unusedOffer).toMatchObject({ available: false, refusal_code: 'esim_top_up_not_installed', packages: [] });
    expect(unusedOffer.refusal).toContain('once its first package is in use');

    // Someone else's eSIM, and an admin (who sees it, but buys for nobody): not found.
    await use(fresh.iccid, 100);
    expect((await topUp(stranger, fresh.iccid, us3)).statusCode).toBe(404);
    expect((await offer(stranger, fresh.iccid)).json()).toMatchObject({ code: 'esim_not_found' });
    expect((await topUp(admin(), fresh.iccid, us3)).statusCode).toBe(404);
    // An admin reads its bundles, with nothing offered to buy.
    expect((await offer(admin(), fresh.iccid)).json().data).toMatchObject({
      available: false,
      packages: [],
      bundles: [{ kind: 'initial' }],
    });

    // A package of another coverage (the Americas plan covers the US, but is another eSIM): 422 naming the field.
    const americas = await topUp(me, fresh.iccid, await sys.packageId('AMERICAS-15D-5GB'));
    expect(americas.statusCode).toBe(422);
    expect(americas.json()).toMatchObject({
      code: 'esim_top_up_package_not_covering',
      errors: [{ path: 'package_id', message: 'Bu paket eSIM’inizin kapsadığı ülkeleri kapsamıyor' }],
    });
    const badId = await topUp(me, fresh.iccid, 'not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().errors[0].path).toBe('package_id');

    // Without an Idempotency-Key.
    const noKey = await sys.esim.inject({
      method: 'POST',
      url: `/user/esim/${fresh.iccid}/top-ups`,
      headers: await sys.as(me),
      payload: { package_id: us3 },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors[0].path).toBe('Idempotency-Key');

    // Suspended by its owner: resume first.
    await sys.esim.inject({
      method: 'PUT',
      url: `/user/esim/${fresh.iccid}/status`,
      headers: await sys.as(me),
      payload: { status: 'suspended' },
    });
    expect((await topUp(me, fresh.iccid, us3)).json()).toMatchObject({ code: 'esim_top_up_suspended' });
    await sys.esim.inject({
      method: 'PUT',
      url: `/user/esim/${fresh.iccid}/status`,
      headers: await sys.as(me),
      payload: { status: 'active' },
    });

    // Expired: buy a new eSIM instead.
    await sys.esim
      .db('profiles')
      .where({ iccid: fresh.iccid })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await topUp(me, fresh.iccid, us3, key(), 'en');
    expect(expired.statusCode).toBe(409);
    expect(expired.json()).toMatchObject({
      code: 'esim_top_up_expired',
      message: 'An expired eSIM cannot be topped up; buy a new eSIM instead',
    });
    expect(await countRows()).toEqual(initial);
    // The running service's lifecycle loop may have marked it expired meanwhile: both go back.
    await sys.esim
      .db('profiles')
      .where({ iccid: fresh.iccid })
      .update({ expires_at: new Date(Date.now() + DAY), status: 'active' });

    // More than the balance holds (30 − 14.99 left, the 30-day plan costs 39.99): refused by the balance service, nothing held.
    const dear = await topUp(me, fresh.iccid, await sys.packageId('US-30D-10GB'));
    expect(dear.statusCode, dear.body).toBe(422);
    expect(dear.json()).toMatchObject({ code: 'insufficient_balance' });
    expect(await sys.available(me)).toBe(30_00 - 14_99);
    expect(await sys.esim.db('profile_bundles').where({ profile_id: fresh.id })).toHaveLength(0);
    expect(Number((await sys.esim.db('profiles').where({ iccid: fresh.iccid }).first()).data_total_bytes)).toBe(3 * GB);
    await sys.charged(me);
  });

  it('an eSIM that expires between the offer and the bundle fails the top-up and releases its hold', async () => {
    const me = customer();
    await sys.fund(me, 50_00);
    const esim = (await buyEsim(me)).esims[0]!;
    await use(esim.iccid, GB);
    // The balance service holds the money, then the eSIM is found expired under its lock.
    const provisioning = sys.esim.esim.ctx.provisioning;
    const original = provisioning.submit.bind(provisioning);
    provisioning.submit = async (item) => {
      await sys.esim
        .db('profiles')
        .where({ iccid: esim.iccid })
        .update({ expires_at: new Date(Date.now() - 1000) });
      return original(item);
    };
    try {
      const res = await topUp(me, esim.iccid, await sys.packageId('US-7D-3GB'));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'esim_top_up_not_allowed' });
    } finally {
      provisioning.submit = original;
    }
    await waitFor(
      async () => (await sys.balance.db('holds').where({ user_id: me.id, status: 'voided' })).length === 1,
      { what: 'the top-up hold voided' },
    );
    expect(await sys.available(me)).toBe(50_00 - 14_99);
    expect(await sys.esim.db('profile_bundles').where({ profile_id: esim.id })).toHaveLength(0);
    await sys.charged(me);
  });

  it('while the balance service cannot be reached the top-up waits (202) and the recovery loop finishes it: the bundle added, charged once', async () => {
    const me = customer();
    await sys.fund(me, 50_00);
    const esim = (await buyEsim(me)).esims[0]!;
    await use(esim.iccid, GB);
    sys.esim.esim.startLoops();
    const balanceClient = sys.esim.esim.ctx.balance;
    const { createInternalClient } = await import('@esim/platform');
    sys.esim.esim.ctx.balance = createInternalClient({
      baseUrl: 'http://127.0.0.1:9',
      token: 'x'.repeat(20),
      timeoutMs: 500,
    });
    const idem = key();
    let id: string;
    try {
      const waiting = await topUp(me, esim.iccid, await sys.packageId('US-7D-3GB'), idem);
      expect(waiting.statusCode, waiting.body).toBe(202);
      expect(waiting.json()).toMatchObject({
        code: 'esim_top_up_processing',
        data: { status: 'pending', esim: { usage: { total_bytes: 3 * GB } } },
      });
      id = waiting.json().data.id;
    } finally {
      sys.esim.esim.ctx.balance = balanceClient;
    }
    await waitFor(async () => (await sys.esim.db('orders').where({ id }).first()).step === 'completed', {
      timeoutMs: 20_000,
      what: 'the recovery loop to finish the top-up',
    });
    const replay = await topUp(me, esim.iccid, await sys.packageId('US-7D-3GB'), idem);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data).toMatchObject({
      id,
      status: 'completed',
      esim: { iccid: esim.iccid, usage: { total_bytes: 6 * GB } },
    });
    await sys.charged(me);
    expect(await sys.balanceOf(me)).toBe(50_00 - 2 * 14_99);
  }, 40_000);

  it('a crash after the provider added the bundle and before the top-up was recorded: the recovery loop asks again, the bundle is added once, charged once', async () => {
    const me = customer();
    await sys.fund(me, 50_00);
    const esim = (await buyEsim(me)).esims[0]!;
    await use(esim.iccid, GB);
    sys.esim.esim.startLoops();
    let calls = 0;
    const dying: EsimProvider = {
      ...poolProvider,
      async topUp(db, requests) {
        calls += 1;
        await poolProvider.topUp(db, requests);
        throw new Error('the process died after the provider answered');
      },
    };
    const provisioning = sys.esim.esim.ctx.provisioning;
    sys.esim.esim.ctx.provisioning = createProvisioning(sys.esim.db, dying, () => sys.esim.esim.ctx.shop.seller());
    let id: string;
    try {
      const waiting = await topUp(me, esim.iccid, await sys.packageId('US-7D-3GB'));
      expect(waiting.statusCode, waiting.body).toBe(202);
      id = waiting.json().data.id;
    } finally {
      sys.esim.esim.ctx.provisioning = provisioning;
    }
    expect(calls).toBeGreaterThan(0);
    expect((await sys.esim.db('orders').where({ id }).first()).step).toBe('provisioning');
    await waitFor(async () => (await sys.esim.db('orders').where({ id }).first()).step === 'completed', {
      timeoutMs: 20_000,
      what: 'the recovery loop to finish the top-up',
    });
    expect(await sys.esim.db('profile_bundles').where({ order_id: id })).toHaveLength(1);
    expect(Number((await sys.esim.db('profiles').where({ iccid: esim.iccid }).first()).data_total_bytes)).toBe(6 * GB);
    await sys.charged(me);
    expect(await sys.balanceOf(me)).toBe(50_00 - 2 * 14_99);
    await sys.verifyLedger();
  }, 40_000);
});
