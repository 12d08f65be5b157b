import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DISTANCE_SALE_VERSION } from '@esim/contracts';
import { createHold } from '../src/ledger/holds';
import { app, as, expectLedgerValid, key, person, startApp, useBalanceApp, type App, type Person } from './support';
import {
  approveCard,
  backdate,
  balanceOf,
  callback,
  doNotHonourCard,
  form,
  formHeaders,
  insufficientCard,
  payOnDemoPage,
  startCardDeposit,
  status,
  sweep,
} from './card-payments';

/**
 * Card deposits end to end on the real service: the demo provider's hosted page driven as a browser
 * would (form posts, the 3-D Secure step, the 307 to the callback); the iyzico adapter's are in
 * iyzico.test.ts, against the fake iyzico. The ledger is verified after every case.
 */
useBalanceApp();
const admin = person(3);

const cardDeposits = async (target: App, buyer: Person) =>
  Number(
    (
      (await target
        .db('transfers')
        .where({ kind: 'card_top_up' })
        .whereRaw(`metadata->>'top_up_id' IN (SELECT id::text FROM deposits WHERE user_id = ?)`, [buyer.id])
        .count({ n: '*' })) as Array<{ n: number }>
    )[0]!.n,
  );

describe('card deposit through the demo provider', () => {
  it('approves 5528790000000008 after 3-D Secure: the callback re-reads the payment and credits the deposit once', async () => {
    const buyer = person(1);
    const { payment, token } = await startCardDeposit(app, buyer, 25.5);
    expect(payment).toMatchObject({
      status: 'pending',
      provider: 'demo',
      amount: 25.5,
      amount_cents: 2550,
      currency: 'EUR',
      locale: 'tr',
      return_path: '/balance',
    });
    expect(payment.page_url).toBe(`http://localhost:8080/api/payments/demo/${token}`);

    const page = await app.inject({ url: `/payments/demo/${token}` });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Kartla ödeme');
    expect(page.body).toContain('25,50');

    const location = await payOnDemoPage(token, approveCard);
    expect(location).toBe('http://localhost:8080/api/payments/callback');
    expect(await balanceOf(app, buyer)).toBe(0);

    const back = await callback(app, token, { action: 'confirm' });
    expect(back.statusCode).toBe(200);
    expect(back.body).toContain(`url=/balance?payment=${payment.id}`);
    const paid = await status(app, buyer, payment.id);
    expect(paid).toMatchObject({
      status: 'paid',
      failure_code: null,
      provider_payment_id: expect.stringMatching(/^demo-/),
    });
    expect(await balanceOf(app, buyer)).toBe(2550);
    expect(await cardDeposits(app, buyer)).toBe(1);
    expect(await app.db('deposits').where({ id: payment.deposit_id }).first()).toMatchObject({
      status: 'confirmed',
      method: 'card',
    });
    const transactions = (await app.inject({ url: '/user/transactions', headers: await as(buyer) })).json().data;
    expect(transactions[0]).toMatchObject({
      type: 'card_top_up',
      description: 'Bakiye yükleme (kart)',
      amount_cents: 2550,
    });
    await expectLedgerValid(app.db);
  });

  it('declines 4111111111111129 with the reason in the buyer’s language, and credits nothing', async () => {
    const buyer = person(1);
    const { payment, token } = await startCardDeposit(app, buyer, 40, { 'accept-language': 'en' });
    expect(payment.locale).toBe('en');
    expect((await app.inject({ url: `/payments/demo/${token}` })).body).toContain('Card payment');
    await callback(app, token).then((res) => expect(res.statusCode).toBe(200));
    await payOnDemoPage(token, insufficientCard);
    await callback(app, token);
    const failed = await status(app, buyer, payment.id, 'en');
    expect(failed).toMatchObject({
      status: 'failed',
      failure_code: 'card_declined_insufficient_funds',
      failure_message: 'Your card does not have enough funds. Try another card.',
    });
    expect((await status(app, buyer, payment.id, 'tr')).failure_message).toBe(
      'Kartınızın bakiyesi ya da limiti yetersiz. Başka bir kartla deneyin.',
    );
    expect(await app.db('deposits').where({ id: payment.deposit_id }).first()).toMatchObject({
      status: 'rejected',
      reason: 'card_declined_insufficient_funds',
      transfer_id: null,
    });
    expect(await balanceOf(app, buyer)).toBe(0);
    await expectLedgerValid(app.db);
  });

  it('declines 4129111111111111 as do not honour, and a cancelled 3-D Secure step charges nothing', async () => {
    const buyer = person(1);
    const declined = await startCardDeposit(app, buyer, 10);
    await payOnDemoPage(declined.token, doNotHonourCard);
    await callback(app, declined.token);
    expect(await status(app, buyer, declined.payment.id)).toMatchObject({
      status: 'failed',
      failure_message: 'Bankanız bu ödemeyi onaylamadı. Bankanızla görüşün ya da başka bir kart deneyin.',
    });
    const cancelled = await startCardDeposit(app, buyer, 10);
    await payOnDemoPage(cancelled.token, approveCard, 'cancel');
    await callback(app, cancelled.token);
    expect(await status(app, buyer, cancelled.payment.id, 'en')).toMatchObject({
      status: 'failed',
      failure_message: '3-D Secure verification was not completed; nothing was charged to your card.',
    });
    expect(await balanceOf(app, buyer)).toBe(0);
    await expectLedgerValid(app.db);
  });

  it('refuses a wrong card on the form, naming the field, and keeps the session open', async () => {
    const buyer = person(1);
    const { token } = await startCardDeposit(app, buyer, 5);
    const wrong = await app.inject({
      method: 'POST',
      url: `/payments/demo/${token}`,
      headers: formHeaders,
      payload: form({ name: 'A', number: '1234', expiry: '01/20', cvc: 'x' }),
    });
    expect(wrong.statusCode).toBe(400);
    for (const text of [
      'Kart üzerindeki ismi yazın.',
      'Kart numarası geçersiz.',
      'Kartın süresi dolmuş.',
      'Güvenlik kodu 3 ya da 4 haneli olmalı.',
    ])
      expect(wrong.body).toContain(text);
    const notTest = await app.inject({
      method: 'POST',
      url: `/payments/demo/${token}`,
      headers: formHeaders,
      payload: form({ ...approveCard, number: '4242424242424242' }),
    });
    expect(notTest.statusCode).toBe(400);
    expect(notTest.body).toContain('yalnızca aşağıdaki test kartlarını');
    expect((await app.inject({ url: `/payments/demo/${token}` })).body).toContain('Kart numarası');
    expect((await app.inject({ url: '/payments/demo/no-such-token' })).statusCode).toBe(404);
  });

  it('expires an abandoned payment after the configured time, tells the buyer nothing was charged only once the provider’s page is gone', async () => {
    const buyer = person(1);
    const { payment, token } = await startCardDeposit(app, buyer, 15);
    await app.inject({ url: `/payments/demo/${token}` });
    // 29 minutes old: still open.
    await backdate(payment.id, 29 * 60_000);
    expect((await sweep()).expired).toBe(0);
    expect((await status(app, buyer, payment.id)).status).toBe('pending');
    // 31 minutes old: expired by us, but the provider's page may still take the card.
    await backdate(payment.id, 31 * 60_000);
    expect((await sweep()).expired).toBe(1);
    expect(await status(app, buyer, payment.id, 'en')).toMatchObject({
      status: 'expired',
      failure_code: 'payment_expired_unconfirmed',
      failure_message:
        'The payment was not completed in time. If your card was charged, the amount is added to your balance automatically.',
    });
    // The provider's page is gone and it charged nothing: now the buyer may be told so.
    await app
      .db('payments')
      .where({ id: payment.id })
      .update({ page_expires_at: new Date(Date.now() - 10 * 60_000) });
    await app.db('payments').where({ id: payment.id }).update({ next_check_at: app.db.fn.now() });
    await sweep();
    await callback(app, token);
    expect(await status(app, buyer, payment.id, 'en')).toMatchObject({
      status: 'expired',
      failure_message: 'The payment expired before it was completed; nothing was charged to your card.',
    });
    expect((await app.db('payments').where({ id: payment.id }).first()).next_check_at).toBeNull();
    // Its deposit reads expired, not rejected and not pending: nobody turned it down and no money moved.
    expect(await app.db('deposits').where({ id: payment.deposit_id }).first()).toMatchObject({
      status: 'expired',
      reason: 'payment_expired',
      transfer_id: null,
    });
    const mine = (await app.inject({ url: '/user/balance/deposits', headers: await as(buyer) })).json().data;
    expect(mine).toEqual([expect.objectContaining({ id: payment.deposit_id, method: 'card', status: 'expired' })]);
    const expiredOnly = await app.inject({
      url: `/user/balance/deposits?filter=${encodeURIComponent('{"status":"expired"}')}`,
      headers: await as(buyer),
    });
    expect(expiredOnly.json().data.map((t: { id: string }) => t.id)).toEqual([payment.deposit_id]);
    const pendingForAdmin = await app.inject({ url: '/admin/deposits?status=pending', headers: await as(admin) });
    expect(pendingForAdmin.json().data.map((t: { id: string }) => t.id)).not.toContain(payment.deposit_id);
    const expiredForAdmin = await app.inject({ url: '/admin/deposits?status=expired', headers: await as(admin) });
    expect(expiredForAdmin.json().data).toContainEqual(
      expect.objectContaining({ id: payment.deposit_id, status: 'expired' }),
    );
    expect(await balanceOf(app, buyer)).toBe(0);
    await expectLedgerValid(app.db);
  });

  it('expires a payment whose page never opened (the provider could not be reached) and its deposit', async () => {
    const buyer = person(1);
    const { payment } = await startCardDeposit(app, buyer, 14);
    // As if the provider never answered: no token, so there is no page that could still take the card.
    await app.db('payments').where({ id: payment.id }).update({ token: null, page_url: null, page_expires_at: null });
    await backdate(payment.id, 31 * 60_000);
    expect((await sweep()).expired).toBe(1);
    expect(await status(app, buyer, payment.id, 'en')).toMatchObject({
      status: 'expired',
      failure_code: 'payment_expired',
    });
    expect((await app.db('deposits').where({ id: payment.deposit_id }).first()).status).toBe('expired');
    // Nothing left to ask: later passes leave it alone.
    expect((await app.db('payments').where({ id: payment.id }).first()).next_check_at).toBeNull();
    await expectLedgerValid(app.db);
  });

  it('a payment declined at the last moment after we expired it reads failed, its deposit rejected', async () => {
    const buyer = person(1);
    const { payment, token } = await startCardDeposit(app, buyer, 13);
    await app.inject({ url: `/payments/demo/${token}` });
    await backdate(payment.id, 31 * 60_000);
    expect((await sweep()).expired).toBe(1);
    await payOnDemoPage(token, doNotHonourCard);
    await app.db('payments').where({ id: payment.id }).update({ next_check_at: app.db.fn.now() });
    await sweep();
    expect((await status(app, buyer, payment.id)).status).toBe('failed');
    expect((await app.db('deposits').where({ id: payment.deposit_id }).first()).status).toBe('rejected');
    expect(await balanceOf(app, buyer)).toBe(0);
    await expectLedgerValid(app.db);
  });

  it('credits a payment the buyer finished on the provider’s page after we had expired it', async () => {
    const buyer = person(1);
    const { payment, token } = await startCardDeposit(app, buyer, 16);
    await app.inject({ url: `/payments/demo/${token}` });
    await backdate(payment.id, 31 * 60_000);
    expect((await sweep()).expired).toBe(1);
    expect((await status(app, buyer, payment.id)).status).toBe('expired');
    expect((await app.db('deposits').where({ id: payment.deposit_id }).first()).status).toBe('expired');
    // The page stayed open: the buyer pays at the last moment and never comes back.
    await payOnDemoPage(token, approveCard);
    await app.db('payments').where({ id: payment.id }).update({ next_check_at: app.db.fn.now() });
    await sweep();
    expect(await status(app, buyer, payment.id)).toMatchObject({ status: 'paid', failure_code: null });
    expect(await balanceOf(app, buyer)).toBe(1600);
    expect(await app.db('deposits').where({ id: payment.deposit_id }).first()).toMatchObject({ status: 'confirmed' });
    // The callback arriving late and another pass credit nothing more.
    await callback(app, token);
    await app.db('payments').where({ id: payment.id }).update({ next_check_at: app.db.fn.now() });
    await sweep();
    expect(await balanceOf(app, buyer)).toBe(1600);
    expect(await cardDeposits(app, buyer)).toBe(1);
    await expectLedgerValid(app.db);
  });

  it('credits a paid payment whose buyer never came back through the callback (the poll loop re-reads it)', async () => {
    const buyer = person(1);
    const { payment, token } = await startCardDeposit(app, buyer, 12);
    await payOnDemoPage(token, approveCard);
    await sweep();
    expect((await status(app, buyer, payment.id)).status).toBe('paid');
    expect(await balanceOf(app, buyer)).toBe(1200);
    await expectLedgerValid(app.db);
  });

  it('runs its poll loop because the service runs: a payment whose buyer never came back is credited by it', async () => {
    const running = await startApp({ env: { CARD_PAYMENT_POLL_INTERVAL_MS: '500' } });
    try {
      await running.app.startServingWork();
      expect(running.app.servingWork()).toContain('card-payments');
      const buyer = person(1);
      const { payment, token } = await startCardDeposit(running.app, buyer, 7, {}, {}, running.as);
      await payOnDemoPage(token, approveCard);
      await expect
        .poll(async () => (await running.app.db('payments').where({ id: payment.id }).first()).status, {
          timeout: 15_000,
          interval: 250,
        })
        .toBe('paid');
      expect(await balanceOf(running.app, buyer)).toBe(700);
    } finally {
      await running.app.close();
    }
    await expectLedgerValid(app.db);
  });

  it('ignores a forged callback: an unknown token is a 404, a claim of success in the body changes nothing', async () => {
    const buyer = person(1);
    const { payment, token } = await startCardDeposit(app, buyer, 30);
    const unknown = await callback(app, `forged-${randomUUID()}`, { paymentStatus: 'SUCCESS', status: 'success' });
    expect(unknown.statusCode).toBe(404);
    const claimed = await callback(app, token, {
      paymentStatus: 'SUCCESS',
      status: 'success',
      paidPrice: '30.0',
      paymentId: '123',
    });
    expect(claimed.statusCode).toBe(200);
    const json = await app.inject({
      method: 'POST',
      url: '/payments/callback',
      payload: { token, paymentStatus: 'SUCCESS' },
    });
    expect(json.statusCode).toBe(200);
    expect((await status(app, buyer, payment.id)).status).toBe('pending');
    expect(await balanceOf(app, buyer)).toBe(0);
    expect((await callback(app, '')).statusCode).toBe(400);
    await expectLedgerValid(app.db);
  });

  it('credits once when two callbacks and a poll arrive together for one paid payment', async () => {
    const buyer = person(1);
    const { payment, token } = await startCardDeposit(app, buyer, 20);
    await payOnDemoPage(token, approveCard);
    const answers = await Promise.all([
      callback(app, token),
      callback(app, token),
      sweep(),
      status(app, buyer, payment.id),
    ]);
    expect(answers.slice(0, 2).map((res) => (res as { statusCode: number }).statusCode)).toEqual([200, 200]);
    await callback(app, token);
    expect((await status(app, buyer, payment.id)).status).toBe('paid');
    expect(await balanceOf(app, buyer)).toBe(2000);
    expect(await cardDeposits(app, buyer)).toBe(1);
    await expectLedgerValid(app.db);
  });

  it('replays a start with the same Idempotency-Key and requires one', async () => {
    const buyer = person(1);
    const headers = await as(buyer, { 'idempotency-key': key() });
    const first = await app.inject({ method: 'POST', url: '/user/payments/card', headers, payload: { amount: 9 } });
    const again = await app.inject({ method: 'POST', url: '/user/payments/card', headers, payload: { amount: 9 } });
    expect(again.json().data).toEqual(first.json().data);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const keyless = await app.inject({
      method: 'POST',
      url: '/user/payments/card',
      headers: await as(buyer),
      payload: { amount: 9 },
    });
    expect(keyless.statusCode).toBe(400);
    const offSite = await app.inject({
      method: 'POST',
      url: '/user/payments/card',
      headers: await as(buyer, { 'idempotency-key': key() }),
      payload: { amount: 9, return_path: '//evil.example/x' },
    });
    expect(offSite.statusCode).toBe(400);
    expect(offSite.json().errors[0].path).toBe('return_path');
    expect(await app.db('payments').where({ user_id: buyer.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
    expect((await status(app, person(1), first.json().data.id)) ?? null).toBeNull();
  });

  it('lets an admin refund an unspent card deposit once, and refuses a spent one', async () => {
    const buyer = person(1);
    const { payment, token } = await startCardDeposit(app, buyer, 50);
    await payOnDemoPage(token, approveCard);
    await callback(app, token);
    expect(await balanceOf(app, buyer)).toBe(5000);

    const listed = await app.inject({ url: '/admin/payments?status=paid', headers: await as(admin) });
    expect(listed.json().data.map((row: { id: string }) => row.id)).toContain(payment.id);
    expect((await app.inject({ url: '/admin/payments', headers: await as(buyer) })).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/admin/deposits/${payment.deposit_id}/confirm`,
          headers: await as(admin),
        })
      ).statusCode,
    ).toBe(409);

    const refunded = await app.inject({
      method: 'POST',
      url: `/admin/payments/${payment.id}/refund`,
      headers: await as(admin),
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({
      status: 'refunded',
      refunded_cents: 5000,
      refundable_cents: 0,
      refunded_at: expect.any(String),
      refunds: [{ kind: 'unspent', amount_cents: 5000, status: 'succeeded', provider_refund_id: expect.any(String) }],
    });
    expect(await balanceOf(app, buyer)).toBe(0);
    const again = await app.inject({
      method: 'POST',
      url: `/admin/payments/${payment.id}/refund`,
      headers: await as(admin),
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.refunds).toHaveLength(1);
    expect(await balanceOf(app, buyer)).toBe(0);
    await expectLedgerValid(app.db);

    // Part of it spent: only what is still on the balance goes back to the card.
    const spender = person(1);
    const spent = await startCardDeposit(app, spender, 30);
    await payOnDemoPage(spent.token, approveCard);
    await callback(app, spent.token);
    await createHold(app.db, { orderId: `o-${randomUUID()}`, userId: spender.id, amountCents: 1000 });
    const part = await app.inject({
      method: 'POST',
      url: `/admin/payments/${spent.payment.id}/refund`,
      headers: await as(admin),
    });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json().data).toMatchObject({ status: 'paid', refunded_cents: 2000, refundable_cents: 0 });
    expect(await balanceOf(app, spender)).toBe(1000);

    // All of it spent: nothing goes back.
    const allSpent = person(1);
    const gone = await startCardDeposit(app, allSpent, 10);
    await payOnDemoPage(gone.token, approveCard);
    await callback(app, gone.token);
    await createHold(app.db, { orderId: `o-${randomUUID()}`, userId: allSpent.id, amountCents: 1000 });
    const refused = await app.inject({
      method: 'POST',
      url: `/admin/payments/${gone.payment.id}/refund`,
      headers: await as(admin),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('payment_already_spent');
    expect((await status(app, allSpent, gone.payment.id)).status).toBe('paid');
    const failedRefund = await app.inject({
      method: 'POST',
      url: `/admin/payments/${randomUUID()}/refund`,
      headers: await as(admin),
    });
    expect(failedRefund.statusCode).toBe(404);
    await expectLedgerValid(app.db);
  });

  it('keeps only the version of the distance-sale documents accepted before paying, never a text sent; an outdated version is a 400 naming it and writes nothing', async () => {
    const buyer = person(1);
    const sent = 'any text at all, 50 kB of it if the client likes';
    const { payment } = await startCardDeposit(
      app,
      buyer,
      24.99,
      {},
      { agreement: { version: DISTANCE_SALE_VERSION, text: sent } },
    );
    const row = await app.db('payments').where({ id: payment.id }).first();
    expect(row).toMatchObject({ purpose: 'order', agreement_version: DISTANCE_SALE_VERSION, agreement_text: null });
    expect(row.agreement_accepted_at).toBeInstanceOf(Date);
    expect(payment.purpose).toBe('order');

    const outdated = await app.inject({
      method: 'POST',
      url: '/user/payments/card',
      headers: await as(buyer, { 'idempotency-key': key() }),
      payload: { amount: 24.99, agreement: { version: '2020-01-01' } },
    });
    expect(outdated.statusCode).toBe(400);
    expect(outdated.json().errors[0]).toMatchObject({ path: 'agreement.version' });
    expect(outdated.json().errors[0].message).toContain('Sözleşme metni güncellendi');
    expect(await app.db('payments').where({ user_id: buyer.id }).count({ n: '*' })).toEqual([{ n: 1 }]);
  });

  it('lists payments for an admin by status, person, part of the provider reference, ids and Istanbul days', async () => {
    const paidBuyer = person(1);
    const paid = await startCardDeposit(app, paidBuyer, 12);
    await payOnDemoPage(paid.token, approveCard);
    await callback(app, paid.token);
    const declinedBuyer = person(2);
    const declined = await startCardDeposit(app, declinedBuyer, 7);
    await payOnDemoPage(declined.token, insufficientCard);
    await callback(app, declined.token);
    const reference = (await status(app, paidBuyer, paid.payment.id)).provider_payment_id as string;
    const ids = async (query: string) => {
      const res = await app.inject({ url: `/admin/payments?${query}`, headers: await as(admin) });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as Array<{ id: string }>).map((row) => row.id);
    };

    expect(
      await ids(`filter=${encodeURIComponent(JSON.stringify({ status: 'failed', user_id: declinedBuyer.id }))}`),
    ).toEqual([declined.payment.id]);
    expect(await ids(`q=${encodeURIComponent(reference.slice(5, 12))}`)).toEqual([paid.payment.id]);
    expect(
      await ids(`filter=${encodeURIComponent(JSON.stringify({ id: [declined.payment.id, 'not-a-uuid'] }))}`),
    ).toEqual([declined.payment.id]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date());
    expect(await ids(`start_date=${today}&end_date=${today}&user_id=${paidBuyer.id}`)).toEqual([paid.payment.id]);
    expect(await ids(`end_date=2020-01-01&user_id=${paidBuyer.id}`)).toEqual([]);
    const bad = await app.inject({ url: '/admin/payments?status=spent', headers: await as(admin) });
    expect(bad.statusCode).toBe(400);
  });
});
