import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DISTANCE_SALE_VERSION, formatEuros, type EsimOrder } from '@esim/contracts';
import { waitFor } from '@esim/platform/testing';
import { payByCard, refundsAtProvider } from './cards';
import type { RealSystem } from './harness';

const key = () => ({ 'idempotency-key': randomUUID() });
const TIMEOUT_MS = 15_000;

/**
 * Money back to where it came from, on the real processes: a new buyer puts 3 € on the balance by
 * card, pays the rest of a US package by card at checkout, then refunds the eSIM never installed.
 * The card's part is refunded at the provider (the demo provider's books, or the fake iyzico's), the
 * balance's part lands on the balance, the eSIM's code is gone from every answer and its refund mail
 * is in the demo inbox; a second refund of the same sale moves nothing more. Last, the unspent 3 €
 * go back to their own card from the balance page.
 */
export async function cardRefundFlow(system: RealSystem): Promise<void> {
  const email = `e2e-${randomUUID().slice(0, 8)}@iade.test`;
  const password = 'Gezgin-Iade-Sifre-2026';
  expect((await system.api('POST', '/register', { body: { full_name: 'İade Gezgin', email, password } })).status).toBe(
    201,
  );
  const token = await system.login(email, password);
  const us = await system.api('GET', '/public/countries/united-states/packages');
  // The pool's package (a run with a fake supplier sells the supplier's beside it).
  const starter = us.body.data.packages.find((p: { code: string }) => p.code === 'US-7D-3GB') as {
    id: string;
    price: number;
  };
  const cents = Math.round(starter.price * 100);

  const deposit = await payByCard(system, token, 3);
  const checkout = await payByCard(system, token, (cents - 300) / 100, { checkout: true });
  const bought = await system.api('POST', '/user/packages/buy', {
    token,
    headers: key(),
    body: {
      package_id: starter.id,
      quantity: 1,
      agreement: { version: DISTANCE_SALE_VERSION },
      card_payment_id: checkout.id,
    },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);
  const order = bought.body.data as EsimOrder;
  const esim = order.esims[0]!;
  expect(order.agreement).toMatchObject({ paid_by_card_cents: cents - 300 });

  // Before confirming, the buyer sees where each part goes.
  const preview = await system.api('GET', `/user/esim/${esim.id}/refund`, { token });
  expect(preview.body.data).toMatchObject({
    refundable: true,
    amount_cents: cents,
    to_card_cents: cents - 300,
    to_balance_cents: 300,
  });
  const refunded = await system.api('POST', `/user/esim/${esim.id}/refund`, { token, body: {} });
  expect(refunded.status, JSON.stringify(refunded.body)).toBe(200);
  expect(refunded.body.data).toMatchObject({ to_card_cents: cents - 300, to_balance_cents: 300 });

  await waitFor(async () => (await refundsAtProvider(system, checkout)).length > 0, {
    timeoutMs: TIMEOUT_MS,
    what: 'the card refund at the provider',
  });
  expect(await refundsAtProvider(system, checkout)).toEqual([cents - 300]);
  await waitFor(
    async () => {
      const money = (await system.api('GET', '/user/balance', { token })).body.data;
      return money.balance_cents === 300 && money.held_cents === 0;
    },
    { timeoutMs: TIMEOUT_MS, what: 'the balance part back on the balance' },
  );

  // The eSIM is taken back: its code is in no answer, its QR is gone.
  const page = (await system.api('GET', `/user/esim/orders/${order.id}`, { token })).body.data;
  const usage = (await system.api('GET', `/user/esim/${esim.id}/usage`, { token })).body.data;
  for (const view of [page.esims[0], usage.esim]) {
    expect(view).toMatchObject({ status: 'refunded', activation_code: null, ios_install_url: null, qr_url: null });
  }
  expect(JSON.stringify([page, usage])).not.toContain(esim.matching_id!);
  expect((await system.api('GET', `/user/esim/qr/${esim.iccid}.png`, { token })).status).toBe(410);

  // The buyer is told, in Turkish, where the money went.
  const mail = await waitFor(
    async () => {
      const inbox = (await (await fetch(`${system.mailWebUrl}/email`)).json()) as Array<{
        subject: string;
        text: string;
        to: Array<{ address: string }>;
      }>;
      return inbox.find(
        (m) =>
          m.to.some((to) => to.address === email) && m.subject === `eSIM iadeniz tamamlandı (${order.order_number})`,
      );
    },
    { timeoutMs: TIMEOUT_MS, intervalMs: 200, what: 'the refund mail in the demo inbox' },
  );
  expect(mail!.text).toContain(`${formatEuros(cents - 300)} ödemeyi yaptığınız karta iade edildi`);
  expect(mail!.text).toContain(`${formatEuros(300)} bakiyenize eklendi`);

  // A second refund of the same sale: the same answer, nothing more anywhere.
  const again = await system.api('POST', `/user/esim/${esim.id}/refund`, { token, body: {} });
  expect(again.status).toBe(200);
  expect(await refundsAtProvider(system, checkout)).toEqual([cents - 300]);

  // The 3 € still on the balance go back to the card that paid them, asked from the balance page.
  const back = await system.api('POST', `/user/payments/${deposit.id}/refund`, { token });
  expect(back.status, JSON.stringify(back.body)).toBe(200);
  await waitFor(async () => (await refundsAtProvider(system, deposit)).length > 0, {
    timeoutMs: TIMEOUT_MS,
    what: 'the unspent deposit refunded at the provider',
  });
  expect(await refundsAtProvider(system, deposit)).toEqual([300]);
  expect((await system.api('GET', '/user/balance', { token })).body.data.balance_cents).toBe(0);
}
