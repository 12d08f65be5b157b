import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadOnCredit } from '../src/dealer-money/dealer-money';
import { createHold } from '../src/ledger/holds';
import { adminSales } from '../src/sales/sales';
import { istanbulDate } from '@esim/platform';
import { app, as, given, givenDealer, key, person, useBalanceApp, type Person } from './support';

/** The admin home's sales figures: captured eSIM and Plus orders, today, this month and by day. */
const admin = person(3);
useBalanceApp();

async function creditOf(dealer: Person, cents: number) {
  await app.db.transaction((trx) =>
    loadOnCredit(trx, {
      dealerId: dealer.id,
      amountCents: cents,
      note: null,
      actorId: admin.id,
      idempotencyKey: key(),
    }),
  );
}

/** An order held and then settled by its event, as the esim and physical-sim services' events do it. */
async function sold(dealer: Person, kind: 'esim' | 'plus', cents: number) {
  const orderId = randomUUID();
  const { holdId } = await createHold(app.db, { orderId, userId: dealer.id, amountCents: cents });
  const payload = { orderId, userId: dealer.id, amountCents: cents, holdId };
  if (kind === 'esim') await given(app.db, 'esim.order.completed', payload);
  else await given(app.db, 'physical-sim.order.approved', payload);
}

describe('GET /admin/sales', () => {
  it('sums captured eSIM and Plus orders of today and this month apart; a hold not captured is no sale', async () => {
    const dealer = await givenDealer(app.db, { companyName: 'Satış Test Ltd.' });
    await creditOf(dealer, 1_000_00);
    await sold(dealer, 'esim', 4_50);
    await sold(dealer, 'esim', 12_00);
    await sold(dealer, 'plus', 20_00);
    await createHold(app.db, { orderId: randomUUID(), userId: dealer.id, amountCents: 99_00 });

    const res = await app.inject({ url: '/admin/sales', headers: await as(admin) });
    expect(res.statusCode, res.body).toBe(200);
    const figures = res.json().data;
    const expected = { esim_cents: 16_50, esim_count: 2, plus_cents: 20_00, plus_count: 1, total_cents: 36_50 };
    expect(figures.today).toEqual(expected);
    expect(figures.this_month).toEqual(expected);
    expect(figures.by_day).toHaveLength(30);
    expect(figures.end_date).toBe(istanbulDate());
    expect(figures.by_day.at(-1)).toEqual({ date: istanbulDate(), ...expected });
    expect(figures.by_day.slice(0, -1).every((day: { total_cents: number }) => day.total_cents === 0)).toBe(true);
  });

  it('a sale of an earlier day counts in its day and month, not today', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000);
    const figures = await adminSales(app.db, tomorrow);
    expect(figures.today.total_cents).toBe(0);
    expect(figures.by_day.at(-2)).toMatchObject({ date: istanbulDate(), total_cents: 36_50 });
    expect(figures.by_day.at(-1)).toMatchObject({ date: istanbulDate(tomorrow), total_cents: 0 });
  });

  it('is for admins only', async () => {
    for (const who of [person(1), person(2), person(4)])
      expect((await app.inject({ url: '/admin/sales', headers: await as(who) })).statusCode).toBe(403);
    expect((await app.inject({ url: '/admin/sales' })).statusCode).toBe(401);
  });
});

describe('GET /admin/deposits names who asked', () => {
  it('from the balance service’s copy of people; someone it has not heard of has no name', async () => {
    const dealer = await givenDealer(app.db, { fullName: 'Deniz Bayi', companyName: 'Deniz Telekom Ltd. Şti.' });
    const stranger = person(1);
    for (const who of [dealer, stranger]) {
      const res = await app.inject({
        method: 'POST',
        url: '/user/balance/add',
        headers: await as(who, { 'idempotency-key': key() }),
        payload: { amount: 10 },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const list = (await app.inject({ url: '/admin/deposits?status=pending', headers: await as(admin) })).json()
      .data as Array<Record<string, unknown>>;
    expect(list.find((t) => t.user_id === dealer.id)).toMatchObject({
      user_name: 'Deniz Telekom Ltd. Şti.',
      user_email: dealer.email,
    });
    expect(list.find((t) => t.user_id === stranger.id)).toMatchObject({ user_name: null, user_email: null });
  });
});
