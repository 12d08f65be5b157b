import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { agreementText, DEMO_SELLER, DISTANCE_SALE_VERSION, distanceSaleDocuments } from '@esim/contracts';
import { customer, key, startEsimSystem, type EsimSystem } from './esim';

/** What a client accepted: the version. A text it sends along is a lie the server never reads. */
const agreement = { version: DISTANCE_SALE_VERSION, text: 'Satıcı her şeyi iade eder; fiyat 0,01 €.' };

/** The documents a buyer accepted kept with the order, the receipt event, and the seller from the settings. */
describe('accepted documents and receipts', () => {
  let sys: EsimSystem;
  let usStarter: string;
  beforeAll(async () => {
    sys = await startEsimSystem();
    // The admin names the seller in the shop's identity (auth); esim reads it from there.
    const set = await sys.system.services.auth.inject({
      method: 'PUT',
      url: '/admin/shop/identity',
      headers: { authorization: `Bearer ${await sys.system.login('admin@esim.test')}` },
      payload: { legal_name: 'Örnek Gezi İletişim A.Ş.', tax_number: '1234567890', mersis: '0123456789000015' },
    });
    if (set.statusCode !== 200) throw new Error(set.body);
    usStarter = await sys.packageId('US-7D-3GB');
    await sys.stock('US-7D-3GB', 4);
  });
  afterAll(async () => {
    await sys.verifyLedger();
    await sys.stop();
  });

  const buy = async (who: ReturnType<typeof customer>, body: object, idem = key()) =>
    sys.esim.inject({
      method: 'POST',
      url: '/user/packages/buy',
      headers: await sys.as(who, { 'idempotency-key': idem, 'accept-language': 'en' }),
      payload: body,
    });
  const receipts = async (orderId: string) =>
    (await sys.esim.db('outbox').where({ type: 'esim.order.receipt', aggregate_id: orderId }).pluck('envelope')).map(
      (e: string | object) => (typeof e === 'string' ? JSON.parse(e) : e).payload,
    );

  it("publishes the seller from the shop's identity", async () => {
    const res = await sys.system.services.auth.inject({ url: '/public/seller' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=30');
    expect(res.json().data).toMatchObject({
      name: 'Örnek Gezi İletişim A.Ş.',
      tax_number: '1234567890',
      mersis: '0123456789000015',
    });
  });

  it('fills the documents in itself from the order, keeps them once per key, and publishes its receipt once it completes', async () => {
    const me = customer();
    await sys.fund(me, 50_00);
    const idem = key();
    const first = await buy(me, { package_id: usStarter, quantity: 1, agreement }, idem);
    expect(first.statusCode, first.body).toBe(201);
    const order = first.json().data;
    // The seller from the settings, the buyer as the balance service knows them, the package, the price and how it was paid.
    const expected = agreementText(
      distanceSaleDocuments({
        seller: {
          name: 'Örnek Gezi İletişim A.Ş.',
          address: DEMO_SELLER.address,
          taxOffice: DEMO_SELLER.taxOffice,
          taxNumber: '1234567890',
          mersis: '0123456789000015',
          phone: DEMO_SELLER.phone,
          email: DEMO_SELLER.email,
        },
        buyer: { fullName: `${me.id}@esim.test`, email: `${me.id}@esim.test` },
        item: {
          name: order.package.name,
          code: 'US-7D-3GB',
          dataMb: order.package.data_mb,
          validityDays: order.package.validity_days,
          quantity: 1,
          unitCents: order.unit_price_cents,
        },
        fromBalanceCents: order.total_cents,
        byCardCents: 0,
        locale: 'en',
        date: new Date(order.agreement.accepted_at),
      }),
    );
    expect(order.agreement).toMatchObject({ version: DISTANCE_SALE_VERSION, text: expected, paid_by_card_cents: 0 });
    expect(order.agreement.text).not.toContain(agreement.text);
    const again = await buy(me, { package_id: usStarter, quantity: 1, agreement }, idem);
    expect(again.json().data.id).toBe(order.id);
    expect(await sys.esim.db('order_agreements').where({ order_id: order.id }).count({ n: '*' })).toEqual([{ n: 1 }]);

    // Written with the order's completion, before the answer.
    const [receipt, ...more] = await receipts(order.id);
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({
      orderId: order.id,
      orderNumber: order.order_number,
      userId: me.id,
      locale: 'en',
      seller: { name: 'Örnek Gezi İletişim A.Ş.', taxNumber: '1234567890', mersis: '0123456789000015' },
      packageCode: 'US-7D-3GB',
      quantity: 1,
      totalCents: order.total_cents,
      paidByCardCents: 0,
      cardPaymentReference: null,
      agreementVersion: DISTANCE_SALE_VERSION,
      agreementText: expected,
    });
    await sys.charged(me);
  });

  it('sends no receipt for an order placed without documents, and its page has none', async () => {
    const me = customer();
    await sys.fund(me, 50_00);
    const res = await buy(me, { package_id: usStarter, quantity: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id;
    await sys.charged(me);
    const page = await sys.esim.inject({ url: `/user/esim/orders/${id}`, headers: await sys.as(me) });
    expect(page.json().data.agreement).toBeNull();
    // A receipt is written in the transaction that completes its order: this one has its completion and no receipt.
    expect(
      await sys.esim.db('outbox').where({ type: 'esim.order.completed', aggregate_id: id }).count({ n: '*' }),
    ).toEqual([{ n: 1 }]);
    expect(await receipts(id)).toEqual([]);
  });

  it('refuses an outdated version or a card payment that is not the buyer’s paid one, writing no order', async () => {
    const me = customer();
    await sys.fund(me, 50_00);
    const outdated = await buy(me, {
      package_id: usStarter,
      quantity: 1,
      agreement: { ...agreement, version: '2020-01-01' },
    });
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json().errors[0].path).toBe('agreement.version');
    const unknownPayment = await buy(me, {
      package_id: usStarter,
      quantity: 1,
      agreement,
      card_payment_id: randomUUID(),
    });
    expect(unknownPayment.statusCode).toBe(422);
    expect(unknownPayment.json()).toMatchObject({
      code: 'esim_card_payment_not_paid',
      errors: [{ path: 'card_payment_id', message: 'The card payment is not confirmed; no order was placed' }],
    });
    expect(await sys.esim.db('orders').where({ user_id: me.id }).count({ n: '*' })).toEqual([{ n: 0 }]);
    expect(await sys.available(me)).toBe(50_00);
  });
});
