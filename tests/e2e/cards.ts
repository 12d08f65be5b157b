import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { DISTANCE_SALE_VERSION } from '@esim/contracts';
import type { RealSystem } from './harness';

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const APPROVE = '5528790000000008';

/**
 * A card payment paid as a buyer pays it, on whichever provider the system runs: the demo
 * provider's page under /api, or the fake iyzico's hosted page (card form, 3-D Secure, the page
 * that posts the token back to our callback). The callback is then posted as that browser would.
 * `checkout`: the payment pays the missing part of one order (the documents' version accepted).
 */
export async function payByCard(
  system: RealSystem,
  token: string,
  euros: number,
  options: { checkout?: boolean } = {},
): Promise<{ id: string; providerPaymentId: string }> {
  const started = await system.api('POST', '/user/payments/card', {
    token,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      amount: euros,
      return_path: '/packages/united-states',
      ...(options.checkout ? { agreement: { version: DISTANCE_SALE_VERSION } } : {}),
    },
  });
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  const page = new URL(started.body.data.page_url as string);
  const pageToken = system.cardProvider === 'fake-iyzico' ? await onFakeIyzico(page) : await onDemoPage(system, page);
  expect((await system.api('POST', '/payments/callback', { headers: form, body: `token=${pageToken}` })).status).toBe(
    200,
  );
  const paid = await system.api('GET', `/user/payments/${started.body.data.id}`, { token });
  expect(paid.body.data.status, JSON.stringify(paid.body.data)).toBe('paid');
  return { id: started.body.data.id as string, providerPaymentId: paid.body.data.provider_payment_id as string };
}

async function onDemoPage(system: RealSystem, page: URL): Promise<string> {
  const pageToken = page.pathname.split('/').pop()!;
  const card = new URLSearchParams({ name: 'Çağrı Işık', number: APPROVE, expiry: '12/39', cvc: '123' }).toString();
  const entered = await system.api('POST', `/payments/demo/${pageToken}`, { headers: form, body: card });
  expect(entered.status, String(entered.body)).toBe(200);
  // The bank's answer sends the browser on to our callback with a 307.
  const verified = await fetch(`${system.baseUrl}/api/payments/demo/${pageToken}/3ds`, {
    method: 'POST',
    headers: form,
    body: 'action=confirm',
    redirect: 'manual',
  });
  expect(verified.status).toBe(307);
  return pageToken;
}

async function onFakeIyzico(page: URL): Promise<string> {
  const pageToken = page.searchParams.get('token')!;
  expect((await fetch(page)).status).toBe(200);
  const post = (path: string, fields: Record<string, string>) =>
    fetch(new URL(path, page.origin), { method: 'POST', headers: form, body: new URLSearchParams(fields).toString() });
  const card = await post('/pay', {
    token: pageToken,
    cardHolderName: 'Çağrı Işık',
    cardNumber: APPROVE,
    expiry: '12/39',
    cvc: '123',
  });
  expect(card.status).toBe(200);
  // The page iyzico ends on posts the token to our callback by itself: the test posts it as that page would.
  const back = await post('/3ds', { token: pageToken, action: 'confirm' });
  expect(await back.text()).toContain(pageToken);
  return pageToken;
}

/** The refunds the provider itself holds for a payment: the demo provider's own books through our API, or the fake iyzico's. */
export async function refundsAtProvider(
  system: RealSystem,
  payment: { id: string; providerPaymentId: string },
): Promise<number[]> {
  if (system.cardProvider === 'fake-iyzico') {
    const state = (await (
      await fetch(`${system.fakeIyzicoUrl}/__fake/payments/${encodeURIComponent(payment.providerPaymentId)}`)
    ).json()) as { refunds: Array<{ cents: number }> };
    return state.refunds.map((refund) => refund.cents);
  }
  // The demo provider keeps its books in its own table beside ours.
  const client = new pg.Client({ connectionString: system.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ amount: string }>(
      'SELECT amount FROM balance.demo_card_refunds WHERE payment_id = $1 ORDER BY created_at',
      [payment.providerPaymentId],
    );
    return rows.map((row) => Number(row.amount));
  } finally {
    await client.end();
  }
}
