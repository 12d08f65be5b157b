import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newIccid, startEsim, type EsimAlone } from './support';

/**
 * A dealer's end customer on an order: named when buying (dealers only, the e-mail checked) or later
 * by the order's own buyer, shown in the order's answers and found by the list's search, and "send
 * to customer" publishing the install mail to that customer. The orders are written directly: a
 * purchase needs the catalog and balance, which the flows run.
 */
describe("a dealer's customer on an order", () => {
  let app: EsimAlone;
  const dealer = { id: randomUUID(), userType: 2 as const };
  const otherDealer = { id: randomUUID(), userType: 2 as const };
  const retail = { id: randomUUID(), userType: 1 as const };
  const admin = { id: randomUUID(), userType: 3 as const };

  beforeAll(async () => {
    app = await startEsim();
  });
  afterAll(async () => app?.stop());

  const call = async (
    who: { id: string; userType: 1 | 2 | 3 },
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    app.esim.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await app.keys.token(who)}`, ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A completed order of `userId`, with one ready eSIM when `ready`. */
  async function order(userId: string, options: { ready?: boolean; customer?: boolean } = {}) {
    const id = randomUUID();
    await app.esim.db('orders').insert({
      id,
      order_number: `CU${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`,
      user_id: userId,
      package_code: 'TR-1GB-7D',
      package_name_tr: 'Türkiye 1 GB',
      package_name_en: 'Turkey 1 GB',
      package_type: 'local',
      countries: ['TR'],
      data_mb: 1024,
      validity_days: 7,
      quantity: 1,
      unit_price_cents: 450,
      total_cents: 450,
      step: 'completed',
      completed_at: new Date(),
      ...(options.customer ? { customer_name: 'Ayşe Yılmaz', customer_email: 'ayse@example.com' } : {}),
    });
    if (options.ready)
      await app.esim.db('profiles').insert({
        iccid: newIccid(),
        smdp_address: 'smdp.example.com',
        matching_id: `MATCH-${id.slice(0, 8)}`,
        package_code: 'TR-1GB-7D',
        operator: 'Turkcell',
        pool_status: 'assigned',
        order_id: id,
        user_id: userId,
        status: 'inactive',
      });
    return id;
  }

  it('refuses a customer on a retail purchase with a 400 naming `customer`, before anything is quoted', async () => {
    const body = { package_id: randomUUID(), quantity: 1, customer: { name: 'Ayşe', email: 'ayse@example.com' } };
    for (const dryRun of [false, true]) {
      const res = await call(
        retail,
        'POST',
        '/user/packages/buy',
        { ...body, dry_run: dryRun },
        {
          'idempotency-key': randomUUID(),
        },
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'esim_customer_dealers_only' });
      expect(res.json().errors).toEqual([expect.objectContaining({ path: 'customer' })]);
    }
  });

  it("checks a dealer's customer: a valid e-mail and a name", async () => {
    const bad = await call(
      dealer,
      'POST',
      '/user/packages/buy',
      {
        package_id: randomUUID(),
        customer: { name: 'Ayşe', email: 'not-an-address' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'customer.email' })]);
    const nameless = await call(
      dealer,
      'POST',
      '/user/packages/buy',
      {
        package_id: randomUUID(),
        customer: { name: ' ', email: 'ayse@example.com' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(nameless.statusCode, nameless.body).toBe(400);
    expect(nameless.json().errors).toEqual([expect.objectContaining({ path: 'customer.name' })]);
  });

  it('sets the customer later for the order’s own dealer only, shows it, and finds the order by it', async () => {
    const id = await order(dealer.id, { ready: true });
    const set = await call(dealer, 'PATCH', `/user/esim/orders/${id}/customer`, {
      customer: { name: 'Mert Kaya', email: ' mert@example.com ' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({
      id,
      customer_name: 'Mert Kaya',
      customer_email: 'mert@example.com',
      esim_count: 1,
    });

    const shown = await call(dealer, 'GET', `/user/esim/orders/${id}`);
    expect(shown.json().data).toMatchObject({ customer_name: 'Mert Kaya', customer_email: 'mert@example.com' });
    for (const query of ['q=mert%40example', 'customer=Mert']) {
      const listed = await call(dealer, 'GET', `/user/esim/orders?${query}`);
      expect(
        listed.json().data.map((o: { id: string }) => o.id),
        query,
      ).toEqual([id]);
    }

    // Another dealer and an admin are told the order does not exist; nothing changed.
    for (const who of [otherDealer, admin]) {
      const refused = await call(who, 'PATCH', `/user/esim/orders/${id}/customer`, {
        customer: { name: 'X', email: 'x@example.com' },
      });
      expect(refused.statusCode, refused.body).toBe(404);
    }
    const bad = await call(dealer, 'PATCH', `/user/esim/orders/${id}/customer`, {
      customer: { name: 'M', email: 'm@' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([expect.objectContaining({ path: 'customer.email' })]);
    expect(await app.esim.db('orders').where({ id }).first('customer_email')).toEqual({
      customer_email: 'mert@example.com',
    });

    const cleared = await call(dealer, 'PATCH', `/user/esim/orders/${id}/customer`, { customer: null });
    expect(cleared.json().data).toMatchObject({ customer_name: null, customer_email: null });
  });

  it('refuses a retail buyer naming a customer on their own order', async () => {
    const id = await order(retail.id);
    const res = await call(retail, 'PATCH', `/user/esim/orders/${id}/customer`, {
      customer: { name: 'Ayşe', email: 'ayse@example.com' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'customer' })]);
  });

  it('sends to the customer: 409 without an address or an eSIM to install, else the install mail for the customer, audited', async () => {
    const send = (who: typeof dealer, id: string, body: unknown = { locale: 'en' }) =>
      call(who, 'POST', `/user/esim/orders/${id}/send-to-customer`, body, { 'idempotency-key': randomUUID() });
    const noAddress = await send(dealer, await order(dealer.id, { ready: true }));
    expect(noAddress.statusCode, noAddress.body).toBe(409);
    expect(noAddress.json().code).toBe('customer_mail_no_email');
    const nothing = await send(dealer, await order(dealer.id, { customer: true }));
    expect(nothing.statusCode, nothing.body).toBe(409);
    expect(nothing.json().code).toBe('install_mail_nothing_to_send');

    const id = await order(dealer.id, { ready: true, customer: true });
    expect((await send(otherDealer, id)).statusCode).toBe(404);
    const sent = await send(dealer, id);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().data).toMatchObject({ order_id: id, esim_count: 1, locale: 'en' });
    expect(JSON.stringify(sent.json())).not.toContain('ayse@example.com');
    const event = await app.esim.db('outbox').where({ type: 'esim.order.install-mail', aggregate_id: id }).first();
    const envelope = typeof event.envelope === 'string' ? JSON.parse(event.envelope) : event.envelope;
    expect(envelope.payload).toMatchObject({
      userId: dealer.id,
      locale: 'en',
      customer: { name: 'Ayşe Yılmaz', email: 'ayse@example.com' },
    });
    expect(envelope.payload.esims[0].qrPngBase64).toMatch(/^iVBOR/);
    // Who sent which order to which address, written with the mail's event.
    const audited = await app.esim
      .db('audit_log')
      .where({ target_id: id, route: '/user/esim/orders/:id/send-to-customer' })
      .first();
    expect(audited).toMatchObject({ actor_id: dealer.id, detail: 'send-to-customer ayse@example.com' });
    // Counted towards the order's hourly limit as a mail to the customer.
    expect(await app.esim.db('install_mails').where({ order_id: id }).first('to_customer')).toEqual({
      to_customer: true,
    });
  });
});
