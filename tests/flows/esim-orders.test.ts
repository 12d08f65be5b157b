import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@esim/platform/testing';
import { formatEuros } from '@esim/contracts';
import { randomUUID } from 'node:crypto';
import { createProvisioning } from '../../services/esim/src/orders/provisioning';
import { poolProvider } from '../../services/esim/src/provider/pool-provider';
import type { EsimProvider, ProvisionResult } from '../../services/esim/src/provider/port';
import { admin, customer, key, startEsimSystem, type EsimSystem, type Person } from './esim';

/** The purchase saga against the real catalog and balance services. */
describe('buying eSIMs', () => {
  let sys: EsimSystem;
  let usStarter: string;
  beforeAll(async () => {
    sys = await startEsimSystem();
    usStarter = await sys.packageId('US-7D-3GB');
  });
  afterAll(async () => {
    await sys.verifyLedger();
    await sys.stop();
  });

  const buy = async (
    who: ReturnType<typeof customer>,
    body: unknown,
    idem = key(),
    extra: Record<string, string> = {},
  ) =>
    sys.esim.inject({
      method: 'POST',
      url: '/user/packages/buy',
      headers: await sys.as(who, { 'idempotency-key': idem, ...extra }),
      payload: body as object,
    });

  it('buys → a completed order charged once, whose QR png decodes to the LPA activation code', async () => {
    const me = customer();
    await sys.fund(me, 100_00);
    await sys.stock('US-7D-3GB', 3);
    const res = await buy(me, { package_id: usStarter, quantity: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order).toMatchObject({
      status: 'completed',
      quantity: 2,
      total: 29.98,
      total_cents: 2998,
      esim_count: 2,
      package: { code: 'US-7D-3GB', country_slug: 'united-states' },
    });
    expect(order.order_number).toMatch(/^[A-Z0-9]{12}$/);
    expect(await sys.available(me)).toBe(100_00 - 29_98);
    // The balance service captures the hold when it consumes esim.order.completed: charged once.
    await sys.charged(me);
    const holds = await sys.balance.db('holds').where({ user_id: me.id });
    expect(holds.map((h: { status: string; amount: string }) => [h.status, Number(h.amount)])).toEqual([
      ['captured', 29_98],
    ]);
    expect(await sys.balance.db('transfers').where({ hold_id: holds[0].id }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect(await sys.available(me)).toBe(100_00 - 29_98);

    const esim = order.esims[0];
    expect(esim.activation_code).toBe(`LPA:1$smdp.example.com$${esim.matching_id}`);
    expect(esim.ios_install_url).toBe(
      `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(esim.activation_code)}`,
    );
    expect(esim.qr_url).toBe(`/api/user/esim/qr/${esim.iccid}.png`);

    const gen = await sys.esim.inject({
      method: 'POST',
      url: `/user/esim/orders/${order.id}/qr-codes`,
      headers: await sys.as(me),
    });
    expect(gen.statusCode).toBe(200);
    expect(gen.json().data.map((q: { file_name: string }) => q.file_name)).toEqual(
      order.esims.map((e: { iccid: string }) => `${e.iccid}.png`),
    );

    const png = await sys.esim.inject({ url: `/user/esim/qr/${esim.iccid}.png`, headers: await sys.as(me) });
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['cache-control']).toBe('no-store');
    const image = PNG.sync.read(png.rawPayload);
    const decoded = jsQR(new Uint8ClampedArray(image.data), image.width, image.height);
    expect(decoded?.data).toBe(esim.activation_code);

    const detail = await sys.esim.inject({ url: `/user/esim/orders/${order.order_number}`, headers: await sys.as(me) });
    expect(detail.json().data.esims).toHaveLength(2);
  });

  const ordersOf = async (who: Person, query = '') =>
    (await sys.esim.inject({ url: `/user/esim/orders${query}`, headers: await sys.as(who) })).json();

  it("insufficient balance → refused at once with the balance service message, nothing charged, no order in the buyer's list; the key replays the refusal", async () => {
    const me = customer();
    await sys.fund(me, 5_00);
    await sys.stock('US-7D-3GB', 1);
    const idem = key();
    const res = await buy(me, { package_id: usStarter, quantity: 1 }, idem);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'insufficient_balance',
      message: `Yetersiz bakiye. Kullanılabilir bakiye: ${formatEuros(5_00)}`,
    });
    expect(await sys.available(me)).toBe(5_00);
    expect(await sys.balance.db('holds').where({ user_id: me.id })).toHaveLength(0);
    for (const query of ['', '?status=failed']) {
      const list = await ordersOf(me, query);
      expect(list.data, query).toEqual([]);
      expect(list.meta.total, query).toBe(0);
    }
    expect(await sys.esim.db('profiles').where({ user_id: me.id })).toHaveLength(0);

    // The key names that one refused purchase: after a top-up it still answers the refusal, and a new key buys.
    await sys.fund(me, 100_00);
    const replay = await buy(me, { package_id: usStarter, quantity: 1 }, idem);
    expect(replay.statusCode).toBe(422);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toMatchObject({
      code: 'insufficient_balance',
      message: `Yetersiz bakiye. Kullanılabilir bakiye: ${formatEuros(5_00)}`,
    });
    const paid = await buy(me, { package_id: usStarter, quantity: 1 });
    expect(paid.statusCode, paid.body).toBe(201);
    const mine = await ordersOf(me);
    expect(mine.data.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([
      [paid.json().data.id, 'completed'],
    ]);
    // An admin still sees the refused order (support answers "why could I not buy?").
    const all = await ordersOf(admin(), `?user_id=${me.id}`);
    expect(all.data.map((o: { status: string; failure_code: string | null }) => [o.status, o.failure_code])).toEqual([
      ['completed', null],
      ['failed', 'insufficient_balance'],
    ]);
  });

  it('a Plus (physical card) package → 404 package_not_found before anything is written; the same key then buys an eSIM package', async () => {
    const me = customer();
    await sys.fund(me, 100_00);
    await sys.stock('US-7D-3GB', 1);
    const plus = (await sys.catalog.db('packages').where({ kind: 'plus', active: true }).first('id')) as
      { id: string } | undefined;
    expect(plus, 'a seeded Plus package').toBeDefined();
    const idem = key();
    const res = await buy(me, { package_id: plus!.id, quantity: 1 }, idem);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ code: 'package_not_found', message: 'Paket bulunamadı' });
    expect(await sys.esim.db('orders').where({ user_id: me.id })).toHaveLength(0);
    expect(await sys.esim.db('idempotency_keys').where('scope', 'like', `%${me.id}`)).toHaveLength(0);
    expect(await sys.balance.db('holds').where({ user_id: me.id })).toHaveLength(0);
    expect(await sys.available(me)).toBe(100_00);
    expect((await ordersOf(me)).meta.total).toBe(0);
    // Nothing was stored under the key, so the corrected request goes through with it.
    const corrected = await buy(me, { package_id: usStarter, quantity: 1 }, idem);
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(corrected.headers['idempotent-replayed']).toBeUndefined();
  });

  it('empty pool → failed with "Stok yetersiz", the hold voided, nothing charged', async () => {
    const me = customer();
    await sys.fund(me, 500_00);
    const premium = await sys.packageId('JP-30D-10GB');
    const res = await buy(me, { package_id: premium, quantity: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'esim_out_of_stock', message: 'Stok yetersiz' });
    const en = await buy(me, { package_id: premium, quantity: 1 }, key(), { 'accept-language': 'en' });
    expect(en.json().message).toBe('Out of stock');
    expect(await sys.available(me)).toBe(500_00);
    const holds = await sys.balance.db('holds').where({ user_id: me.id });
    expect(holds.map((h: { status: string }) => h.status)).toEqual(['voided', 'voided']);
  });

  it('buyers at the same moment are placed and provisioned together: each order its own eSIMs, charged once; those the stock runs out for fail alone, holds voided', async () => {
    const germany = await sys.packageId('DE-7D-3GB');
    const stocked = await sys.stock('DE-7D-3GB', 5);
    const buyers = Array.from({ length: 8 }, () => customer());
    for (const who of buyers) await sys.fund(who, 50_00);
    const answers = await Promise.all(buyers.map((who) => buy(who, { package_id: germany, quantity: 1 })));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
    const completed = answers.filter((res) => res.statusCode === 201).map((res) => res.json().data);
    const iccids = completed.flatMap((order: { esims: Array<{ iccid: string }> }) => order.esims.map((e) => e.iccid));
    expect(iccids.sort()).toEqual([...stocked].sort());
    for (const res of answers.filter((r) => r.statusCode === 409))
      expect(res.json()).toMatchObject({ code: 'esim_out_of_stock', message: 'Stok yetersiz' });
    for (const [i, who] of buyers.entries()) {
      const paid = answers[i]!.statusCode === 201;
      if (paid) await sys.charged(who);
      expect(await sys.available(who)).toBe(paid ? 50_00 - answers[i]!.json().data.total_cents : 50_00);
      const holds = await sys.balance.db('holds').where({ user_id: who.id });
      expect(holds.map((h: { status: string }) => h.status)).toEqual([paid ? 'captured' : 'voided']);
    }
  });

  it('the same Idempotency-Key twice → one order, charged once', async () => {
    const me = customer();
    await sys.fund(me, 100_00);
    await sys.stock('US-7D-3GB', 2);
    const idem = key();
    const [a, b] = await Promise.all([
      buy(me, { package_id: usStarter, quantity: 1 }, idem),
      buy(me, { package_id: usStarter, quantity: 1 }, idem),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().data.id).toBe(b.json().data.id);
    const again = await buy(me, { package_id: usStarter, quantity: 1 }, idem);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(a.json().data.id);
    expect(await sys.available(me)).toBe(100_00 - 14_99);
    const other = await buy(me, { package_id: usStarter, quantity: 2 }, idem);
    expect(other.statusCode).toBe(409);
  });

  it('refuses bad input naming the field, and no key at all', async () => {
    const me = customer();
    const noKey = await sys.esim.inject({
      method: 'POST',
      url: '/user/packages/buy',
      headers: await sys.as(me),
      payload: { package_id: usStarter },
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors[0].path).toBe('Idempotency-Key');
    for (const [body, field] of [
      [{ package_id: 'nope' }, 'package_id'],
      [{ package_id: usStarter, quantity: 0 }, 'quantity'],
      [{ package_id: usStarter, quantity: 51 }, 'quantity'],
      [{ package_id: usStarter, quantity: 1.5 }, 'quantity'],
    ] as const) {
      const res = await buy(me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors[0].path).toBe(field);
    }
    const unknown = await buy(me, { package_id: '00000000-0000-4000-8000-00000000abcd' });
    expect(unknown.statusCode).toBe(404);
    expect(await sys.esim.db('orders').where({ user_id: me.id })).toHaveLength(0);
    expect((await ordersOf(me)).meta.total).toBe(0);
  });

  it('a step that cannot run (balance down) leaves the order processing; the recovery loop completes it', async () => {
    const me = customer();
    await sys.fund(me, 100_00);
    await sys.stock('US-7D-3GB', 1);
    const port = (sys.balance.server.address() as { port: number }).port;
    // Point the saga at a closed port for the buying request only.
    const balanceClient = sys.esim.esim.ctx.balance;
    const { createInternalClient } = await import('@esim/platform');
    sys.esim.esim.ctx.balance = createInternalClient({
      baseUrl: 'http://127.0.0.1:9',
      token: 'x'.repeat(20),
      timeoutMs: 500,
    });
    const res = await buy(me, { package_id: usStarter, quantity: 1 });
    sys.esim.esim.ctx.balance = balanceClient;
    expect(res.statusCode).toBe(202);
    expect(res.json().data.status).toBe('pending');
    expect(port).toBeGreaterThan(0);
    sys.esim.esim.startLoops();
    await waitFor(
      async () => (await sys.esim.db('orders').where({ id: res.json().data.id }).first()).step === 'completed',
      { what: 'recovery to complete the order' },
    );
    expect(await sys.available(me)).toBe(100_00 - 14_99);
  });
  it("a crash between reserving the order and recording the provider's answer: the recovery loop asks the provider again, which gives the same eSIM, charged once", async () => {
    const me = customer();
    await sys.fund(me, 100_00);
    await sys.stock('US-7D-3GB', 2);
    // A provider that does its work and then the process "dies" before the answer is recorded.
    const answers: ProvisionResult[][] = [];
    const dying: EsimProvider = {
      ...poolProvider,
      async provision(db, requests) {
        answers.push(await poolProvider.provision(db, requests));
        throw new Error('the process died after the provider answered');
      },
    };
    const provisioning = sys.esim.esim.ctx.provisioning;
    sys.esim.esim.ctx.provisioning = createProvisioning(sys.esim.db, dying, () => sys.esim.esim.ctx.shop.seller());
    const res = await buy(me, { package_id: usStarter, quantity: 1 });
    sys.esim.esim.ctx.provisioning = provisioning;
    expect(res.statusCode, res.body).toBe(202);
    const orderId = res.json().data.id as string;
    const reserved = await sys.esim.db('orders').where({ id: orderId }).first();
    expect(reserved.step).toBe('provisioning');
    expect(reserved.hold_id).not.toBeNull();
    const first = answers[0]![0]!;
    expect(first.ok).toBe(true);
    sys.esim.esim.startLoops();
    await waitFor(async () => (await sys.esim.db('orders').where({ id: orderId }).first()).step === 'completed', {
      what: 'recovery to complete the order',
    });
    // Every call for the order got the same profile; the order has it and only it.
    for (const answer of answers) expect(answer[0]).toEqual(first);
    expect(await sys.esim.db('profiles').where({ order_id: orderId }).orderBy('iccid').pluck('iccid')).toEqual(
      (first as { iccids: string[] }).iccids,
    );
    await sys.charged(me);
    expect(await sys.balanceOf(me)).toBe(100_00 - 14_99);
    expect(await sys.available(me)).toBe(100_00 - 14_99);
    expect(await sys.balance.db('holds').where({ order_id: orderId }).pluck('status')).toEqual(['captured']);
    await sys.verifyLedger();
  });
  it('a hold refused for good fails the order with the reason, nothing held; while balance cannot be reached it keeps waiting', async () => {
    // A buyer id the balance service refuses (its person ids are uuids): a 400 on every try, not a missing balance.
    const odd: Person = { id: `legacy-${randomUUID()}`, userType: 1 };
    await sys.stock('US-7D-3GB', 2);
    const failedAt = async (id: string) =>
      (await sys.esim.db('orders').where({ id }).first()) as {
        step: string;
        attempts: number;
        failure_code: string | null;
        failure_params: Record<string, string>;
      };

    // The buying request: refused at once, in the caller's language.
    const direct = await buy(odd, { package_id: usStarter, quantity: 1 }, key(), { 'accept-language': 'en' });
    expect(direct.statusCode, direct.body).toBe(422);
    expect(direct.json()).toMatchObject({
      code: 'esim_payment_refused',
      message: 'The payment could not be taken, so the order was cancelled. Nothing was deducted from your balance.',
    });

    // The recovery loop: balance unreachable (transient) keeps the order placed and retried; the refusal then fails it.
    sys.esim.esim.startLoops();
    const balanceClient = sys.esim.esim.ctx.balance;
    const { createInternalClient } = await import('@esim/platform');
    sys.esim.esim.ctx.balance = createInternalClient({
      baseUrl: 'http://127.0.0.1:9',
      token: 'x'.repeat(20),
      timeoutMs: 500,
    });
    let pending: { statusCode: number; json(): { data: { id: string; status: string } } };
    try {
      pending = await buy(odd, { package_id: usStarter, quantity: 1 });
      expect(pending.statusCode).toBe(202);
      const id = pending.json().data.id;
      await waitFor(async () => (await failedAt(id)).attempts >= 2, {
        timeoutMs: 15_000,
        what: 'the recovery loop to retry the unreachable balance',
      });
      expect((await failedAt(id)).step).toBe('placed');
    } finally {
      sys.esim.esim.ctx.balance = balanceClient;
    }
    const id = pending.json().data.id;
    await waitFor(async () => (await failedAt(id)).step === 'failed', {
      timeoutMs: 15_000,
      what: 'the recovery loop to fail the refused order',
    });
    expect(await failedAt(id)).toMatchObject({
      failure_code: 'esim_payment_refused',
      failure_params: { refusal: 'validation_error' },
    });
    const view = await sys.esim.inject({ url: `/user/esim/orders/${id}`, headers: await sys.as(odd) });
    expect(view.json().data).toMatchObject({
      status: 'failed',
      failure_code: 'esim_payment_refused',
      failure_reason: 'Ödeme alınamadığı için sipariş iptal edildi. Bakiyenizden hiçbir tutar düşülmedi.',
    });
    // Answered 202 before the refusal, the buyer can open it by id; their list keeps only what was bought.
    expect((await ordersOf(odd)).data.map((o: { id: string }) => o.id)).not.toContain(id);

    // Nothing held or charged, no eSIM handed out, and the failure published.
    expect(await sys.balance.db('holds').where({ user_id: odd.id })).toHaveLength(0);
    expect(await sys.esim.db('profiles').where({ user_id: odd.id })).toHaveLength(0);
    const failed = await sys.esim.db('outbox').where({ type: 'esim.order.failed', aggregate_id: id }).first();
    expect(failed.envelope.payload).toMatchObject({ orderId: id, reason: 'esim_payment_refused', holdId: null });
  }, 40_000);
  it('a hold the balance service refuses for good to void is not retried forever: the order fails, its payment left for an admin, with the reason', async () => {
    const me = customer();
    await sys.fund(me, 50_00);
    const internal = { 'x-service-token': sys.esim.esim.ctx.config.INTERNAL_SERVICE_TOKEN };
    // An order that ran out of stock and is to be voided, whose hold was captured meanwhile (by hand, or a bug).
    const orderId = randomUUID();
    const hold = await sys.balance.inject({
      method: 'POST',
      url: '/internal/holds',
      headers: internal,
      payload: { order_id: orderId, user_id: me.id, amount_cents: 14_99 },
    });
    const holdId = hold.json().data.id as string;
    expect(
      (await sys.balance.inject({ method: 'POST', url: `/internal/holds/${holdId}/capture`, headers: internal }))
        .statusCode,
    ).toBe(200);
    await sys.esim.db('orders').insert({
      id: orderId,
      order_number: `T${randomUUID().replace(/-/g, '').slice(0, 11).toUpperCase()}`,
      user_id: me.id,
      package_code: 'US-7D-3GB',
      package_name_tr: 'ABD 3 GB',
      package_name_en: 'USA 3 GB',
      package_type: 'local',
      countries: ['US'],
      data_mb: 3072,
      validity_days: 7,
      quantity: 1,
      unit_price_cents: 14_99,
      total_cents: 14_99,
      locale: 'en',
      step: 'voiding',
      hold_id: holdId,
      failure_code: 'esim_out_of_stock',
      updated_at: sys.esim.db.raw(`now() - interval '1 minute'`),
    });
    sys.esim.esim.startLoops();
    const order = await waitFor(
      async () => {
        const row = await sys.esim.db('orders').where({ id: orderId }).first();
        return row.step === 'failed' ? row : undefined;
      },
      { what: 'the recovery loop to fail the order' },
    );
    expect(order).toMatchObject({
      failure_code: 'esim_payment_unsettled',
      failure_params: { refusal: 'hold_not_pending', hold_id: holdId, reason: 'esim_out_of_stock' },
      attempts: 0,
    });
    const view = await sys.esim.inject({
      url: `/user/esim/orders/${orderId}`,
      headers: await sys.as(me, { 'accept-language': 'en' }),
    });
    expect(view.json().data).toMatchObject({ status: 'failed', failure_code: 'esim_payment_unsettled' });
    expect(view.json().data.failure_reason).toContain('Our team will check its payment');
    const failed = await sys.esim.db('outbox').where({ type: 'esim.order.failed', aggregate_id: orderId }).first();
    expect(failed.envelope.payload).toMatchObject({ orderId, reason: 'esim_payment_unsettled', holdId });
    // Nothing else moved: the capture stands for an admin to settle, no eSIM went out.
    expect((await sys.balance.db('holds').where({ id: holdId }).first()).status).toBe('captured');
    expect(await sys.esim.db('profiles').where({ order_id: orderId })).toHaveLength(0);
  });
  it('alerts once when a purchase takes the stock below its threshold, with what is left', async () => {
    const me = customer();
    await sys.fund(me, 200_00);
    const boss = { id: randomUUID(), userType: 3 as const };
    const set = await sys.esim.inject({
      method: 'PUT',
      url: '/admin/esim/pool/thresholds/TR-7D-3GB',
      headers: await sys.as(boss),
      payload: { threshold: 3 },
    });
    expect(set.statusCode, set.body).toBe(200);
    await sys.stock('TR-7D-3GB', 5);
    const trStarter = await sys.packageId('TR-7D-3GB');
    const alerts = async () =>
      (await sys.esim.db('outbox').where({ type: 'esim.pool.low-stock', aggregate_id: 'TR-7D-3GB' })).map(
        (row: { envelope: { payload: unknown } }) => row.envelope.payload,
      );
    expect((await buy(me, { package_id: trStarter, quantity: 1 })).statusCode).toBe(201);
    expect(await alerts()).toEqual([]);
    expect((await buy(me, { package_id: trStarter, quantity: 2 })).statusCode).toBe(201);
    expect(await alerts()).toEqual([{ packageCode: 'TR-7D-3GB', available: 2, threshold: 3 }]);
    expect((await buy(me, { package_id: trStarter, quantity: 1 })).statusCode).toBe(201);
    expect(await alerts()).toHaveLength(1);
  });
});
