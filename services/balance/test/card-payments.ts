import { expect } from 'vitest';
import { spendable } from '../src/ledger/accounts';
import { demoProvider } from '../src/payments/demo-provider';
import { rateLimiter, sweepPayments } from '../src/payments/poller';
import { providersOf } from '../src/payments/provider';
import { accountOf, app, as, key, type App, type Person } from './support';

/** A card payment driven as a buyer drives it: the start, the demo provider's hosted page, the callback. */
export const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
export const formHeaders = { 'content-type': 'application/x-www-form-urlencoded' };
export const approveCard = { name: 'Ada Yılmaz', number: '5528 7900 0000 0008', expiry: '12/39', cvc: '123' };
export const insufficientCard = { ...approveCard, number: '4111111111111129' };
export const doNotHonourCard = { ...approveCard, number: '4129111111111111' };

export async function startCardDeposit(
  target: App,
  buyer: Person,
  euros: number,
  extra: Record<string, string> = {},
  body: Record<string, unknown> = {},
  sign = as,
) {
  const res = await target.inject({
    method: 'POST',
    url: '/user/payments/card',
    headers: await sign(buyer, { 'idempotency-key': key(), ...extra }),
    payload: { amount: euros, ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  const payment = res.json().data;
  return { payment, token: new URL(payment.page_url).pathname.split('/').pop()! };
}

/** The buyer on the demo page: card form, then the 3-D Secure answer; returns the redirect to the callback. */
export async function payOnDemoPage(token: string, card: typeof approveCard, action: 'confirm' | 'cancel' = 'confirm') {
  const page = await app.inject({ url: `/payments/demo/${token}` });
  expect(page.statusCode).toBe(200);
  const submitted = await app.inject({
    method: 'POST',
    url: `/payments/demo/${token}`,
    headers: formHeaders,
    payload: form(card),
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  expect(submitted.body).toContain('3-D Secure');
  const verified = await app.inject({
    method: 'POST',
    url: `/payments/demo/${token}/3ds`,
    headers: formHeaders,
    payload: form({ token, action }),
  });
  expect(verified.statusCode).toBe(307);
  return verified.headers.location as string;
}

export const callback = (target: App, token: string, extra: Record<string, string> = {}) =>
  target.inject({
    method: 'POST',
    url: '/payments/callback',
    headers: formHeaders,
    payload: form({ token, ...extra }),
  });

export const status = async (target: App, buyer: Person, id: string, language = 'tr') =>
  (
    await target.inject({ url: `/user/payments/${id}`, headers: await as(buyer, { 'accept-language': language }) })
  ).json().data;

export const balanceOf = async (target: App, buyer: Person) =>
  (await accountOf(target.db, spendable(buyer.id).key)).balance;

export const testSchedule = {
  expireAfterMs: 30 * 60_000,
  openEveryMs: 30_000,
  reviewEveryMs: 300_000,
  pageGraceMs: 300_000,
};

/** The demo provider as the service builds it from its configuration (the test app has no iyzico keys). */
export const demo = () => demoProvider(app.db, { publicBaseUrl: 'http://localhost:8080' });

/** One pass of the poll loop over what is due now, with the service's own schedule. */
export const sweep = () =>
  sweepPayments(app.db, providersOf(demo()), {
    ...testSchedule,
    concurrency: 4,
    limiter: rateLimiter(1000),
  });

/** A payment made `ms` ago, due a look now. */
export async function backdate(id: string, ms: number): Promise<void> {
  await app
    .db('payments')
    .where({ id })
    .update({ created_at: new Date(Date.now() - ms), next_check_at: app.db.fn.now() });
}
