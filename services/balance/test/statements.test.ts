import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKeys } from '@esim/platform/testing';
import { buildApp as buildAuth } from '../../auth/src/app';
import { loadAuthConfig } from '../../auth/src/config';
import { collectFromDealer } from '../src/collections/collections';
import { loadOnCredit, recordCashPayment } from '../src/dealer-money/dealer-money';
import { receivable, spendable } from '../src/ledger/accounts';
import { captureHold, createHold } from '../src/ledger/holds';
import { refundCapturedHold } from '../src/ledger/refunds';
import { announceStatements } from '../src/statements/monthly';
import { istanbulMonth, nextMonth, previousMonth } from '../src/statements/statements';
import { app, as, givenSalesManagerWithDealers, key, person, useBalanceApp } from './support';

/**
 * A dealer's monthly statement, headed by the seller the real auth service (beside balance on a port
 * of its own) names: last month (a cash load, a credit load, an eSIM and a Plus purchase,
 * a collection in its last Istanbul hour) and this month (a purchase in its first Istanbul hour, a
 * refund of part of the Plus order).
 */
const internalToken = 'a-real-internal-secret-of-32-chars!';
const auth = await buildAuth({
  config: loadAuthConfig({ ...process.env, INTERNAL_SERVICE_TOKEN: internalToken }),
  jwks: (await createTestKeys()).jwks,
});
await auth.listen({ port: 0, host: '127.0.0.1' });
afterAll(() => auth.close());
useBalanceApp({
  env: {
    AUTH_URL: `http://127.0.0.1:${(auth.server.address() as { port: number }).port}`,
    INTERNAL_SERVICE_TOKEN: internalToken,
  },
});

const admin = person(3);
const customer = person(1);
const lastMonth = previousMonth(istanbulMonth());
const thisMonth = istanbulMonth();
/** An Istanbul wall-clock time (UTC+3 all year) as an instant. */
const istanbul = (month: string, day: number, time: string) =>
  new Date(`${month}-${String(day).padStart(2, '0')}T${time}:00+03:00`);
const lastDayOf = (month: string) => new Date(Date.parse(`${nextMonth(month)}-01T00:00:00Z`) - 86_400_000).getUTCDate();

let dealer: { id: string };
let manager: { id: string };
let otherManager: { id: string };
const plusOrder = randomUUID();

async function purchase(dealerId: string, orderId: string, cents: number, reference: string, at: Date) {
  await app.db.transaction(async (trx) => {
    const { holdId } = await createHold(trx, { orderId, userId: dealerId, amountCents: cents, reference, at });
    await captureHold(trx, holdId, { createdBy: 'test', at });
  });
}

/** The ledger's own figure at an instant: each account's balance after its last entry before it. */
async function ledgerAt(dealerId: string, instant: Date): Promise<number> {
  const rows = (await app.db.raw(
    `SELECT DISTINCT ON (e.account_id) e.balance_after
       FROM entries e JOIN accounts a ON a.id = e.account_id
      WHERE a.key = ANY(?) AND e.created_at < ?
      ORDER BY e.account_id, e.created_at DESC, e.id DESC`,
    [[spendable(dealerId).key, receivable(dealerId).key], instant],
  )) as { rows: Array<{ balance_after: string }> };
  return rows.rows.reduce((sum, row) => sum + Number(row.balance_after), 0);
}

beforeAll(async () => {
  const team = await givenSalesManagerWithDealers(app.db, 1);
  manager = team.manager;
  dealer = team.dealers[0]!;
  otherManager = (await givenSalesManagerWithDealers(app.db, 0)).manager;
  const actor = { id: admin.id, role: 'admin' };

  await app.db.transaction((trx) =>
    recordCashPayment(trx, {
      dealerId: dealer.id,
      amountCents: 300_00,
      note: null,
      actorId: actor.id,
      idempotencyKey: key(),
      load: true,
      at: istanbul(lastMonth, 2, '10:00'),
    }),
  );
  await app.db.transaction((trx) =>
    loadOnCredit(trx, {
      dealerId: dealer.id,
      amountCents: 200_00,
      note: null,
      actorId: actor.id,
      idempotencyKey: key(),
      at: istanbul(lastMonth, 2, '11:00'),
    }),
  );
  await purchase(dealer.id, randomUUID(), 40_00, 'eSIM EO-STMT01', istanbul(lastMonth, 4, '09:15'));
  await purchase(dealer.id, plusOrder, 100_00, `physical-sim order ${plusOrder}`, istanbul(lastMonth, 6, '16:40'));
  // The last Istanbul hour of the month is still the month's, though UTC says 20:30.
  await app.db.transaction((trx) =>
    collectFromDealer(trx, {
      salesManagerId: manager.id,
      dealerId: dealer.id,
      amountCents: 50_00,
      note: 'Ay sonu tahsilatı',
      actor: { id: manager.id, role: 'sales-manager' },
      idempotencyKey: key(),
      at: istanbul(lastMonth, lastDayOf(lastMonth), '23:30'),
    }),
  );
  // The first Istanbul hour of this month is this month's, though UTC still says last month.
  await purchase(dealer.id, randomUUID(), 10_00, 'eSIM EO-STMT02', istanbul(thisMonth, 1, '00:30'));
  await refundCapturedHold(app.db, {
    orderId: plusOrder,
    refundKey: `return-${plusOrder}`,
    amountCents: 30_00,
    reason: 'card returned',
    createdBy: 'test',
  });
  // Set now: last month closed without a limit, this month has one.
  await app.inject({
    method: 'PUT',
    url: `/admin/dealers/${dealer.id}/credit-limit`,
    headers: await as(admin, { 'idempotency-key': key() }),
    payload: { credit_limit: 1000, note: null },
  });
});

const own = async (url: string, who: { id: string; userType: 1 | 2 | 3 | 4; email: string }, locale = 'tr') =>
  app.inject({ url, headers: await as(who, { 'accept-language': locale }) });
const asDealer = () => ({ id: dealer.id, userType: 2 as const, email: 'stmt-dealer@esim.test' });
const asManager = (id: string) => ({ id, userType: 4 as const, email: `${id}@esim.test` });

describe('a dealer statement', () => {
  it('last month: opening and closing are the ledger at the month edges, movements grouped, credit at the close', async () => {
    const res = await own(`/user/statements?month=${lastMonth}`, asDealer());
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s.opening_balance_cents).toBe(0);
    expect(s.closing_balance_cents).toBe(210_00);
    expect(s.opening_balance_cents).toBe(await ledgerAt(dealer.id, istanbul(lastMonth, 1, '00:00')));
    expect(s.closing_balance_cents).toBe(await ledgerAt(dealer.id, istanbul(thisMonth, 1, '00:00')));
    expect(s.totals).toEqual({
      purchases_esim: -40_00,
      purchases_plus: -100_00,
      loads: 300_00,
      collections: 50_00,
      refunds: 0,
      other: 0,
    });
    expect(s.credit_drawn_cents).toBe(200_00);
    expect(s.balance_cents).toBe(360_00);
    expect(s.credit_used_cents).toBe(150_00);
    expect(s.credit_limit_cents).toBe(0);
    expect(s.dealer_name).toBe('Bayi 1 Ltd.');
    expect(
      s.lines.map(
        (l: { type: string; reference: string | null; amount_cents: number; balance_after_cents: number }) => [
          l.type,
          l.reference,
          l.amount_cents,
          l.balance_after_cents,
        ],
      ),
    ).toEqual([
      ['cash_load', null, 300_00, 300_00],
      ['purchase', 'EO-STMT01', -40_00, 260_00],
      ['purchase', `PS-${plusOrder.slice(0, 8).toUpperCase()}`, -100_00, 160_00],
      ['dealer_collection', 'Ay sonu tahsilatı', 50_00, 210_00],
    ]);
    expect(s.lines[3].description).toBe('Bayiden tahsilat');
  });

  it('this month opens where last month closed and closes at the ledger now', async () => {
    const s = (await own(`/user/statements/${thisMonth}`, asDealer(), 'en')).json().data;
    expect(s.opening_balance_cents).toBe(210_00);
    expect(s.totals).toMatchObject({ purchases_esim: -10_00, refunds: 30_00, collections: 0, loads: 0 });
    const accounts = await app.db('accounts').whereIn('key', [spendable(dealer.id).key, receivable(dealer.id).key]);
    expect(s.closing_balance_cents).toBe(accounts.reduce((sum, a) => sum + Number(a.balance), 0));
    expect(s.closing_balance_cents).toBe(230_00);
    expect(s.credit_used_cents).toBe(150_00);
    expect(s.credit_limit_cents).toBe(1000_00);
    expect(s.lines.map((l: { type: string; description: string }) => [l.type, l.description])).toEqual([
      ['purchase', 'Purchase'],
      ['refund', 'Refund'],
    ]);
    expect(s.lines[1].reference).toBe(`PS-${plusOrder.slice(0, 8).toUpperCase()}`);
  });

  it('downloads as a PDF and as a workbook that reads back with the same figures', async () => {
    const pdf = await own(`/user/statements/${lastMonth}.pdf`, asDealer());
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="hesap-ekstresi-${lastMonth}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const xlsx = await own(`/user/statements/${lastMonth}?format=xlsx`, asDealer(), 'en');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="statement-${lastMonth}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const summary = book.getWorksheet('Summary')!;
    const figures = new Map<string, unknown>();
    summary.eachRow((row) => figures.set(String(row.getCell(1).value), row.getCell(2).value));
    expect(figures.get('Seller')).toBe((await auth.inject({ url: '/public/seller' })).json().data.name);
    expect(figures.get('Dealer')).toBe('Bayi 1 Ltd.');
    expect(figures.get('Opening balance')).toBe(0);
    expect(figures.get('Closing balance')).toBe(210);
    expect(figures.get('Plus (physical SIM) purchases')).toBe(-100);
    expect(figures.get('Collections')).toBe(50);
    expect(figures.get('Credit used (owed)')).toBe(150);
    const sheet = book.getWorksheet('Transactions')!;
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(5).getCell(2).value).toBe('Collection from dealer');
    expect(sheet.getRow(5).getCell(4).value).toBe(50);
    expect(sheet.getRow(5).getCell(5).value).toBe(210);
    expect(sheet.getRow(5).getCell(4).numFmt).toContain('€');
    // Never an internal id on the page.
    sheet.eachRow((row) => expect(String(row.getCell(3).value ?? '')).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/));
  });

  it('is open to the dealer, its sales manager and admins; not to another sales manager nor a customer', async () => {
    const month = lastMonth;
    expect(
      (await own(`/sales-manager/dealers/${dealer.id}/statements/${month}`, asManager(manager.id))).statusCode,
    ).toBe(200);
    const mine = await own(`/sales-manager/dealers/${dealer.id}/statements/${month}.pdf`, asManager(manager.id));
    expect(mine.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const foreign = await own(`/sales-manager/dealers/${dealer.id}/statements/${month}`, asManager(otherManager.id));
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe('dealer_not_yours');
    const byAdmin = await own(`/admin/dealers/${dealer.id}/statements/${month}`, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().data.closing_balance_cents).toBe(210_00);
    expect((await own(`/admin/dealers/${dealer.id}/statements/${month}.xlsx`, admin)).statusCode).toBe(200);
    const retail = await own(`/user/statements?month=${month}`, customer, 'en');
    expect(retail.statusCode).toBe(403);
    expect(retail.json().message).toBe('Statements are for dealers only');
    // A sales manager has no own statement route, and a dealer none of another's.
    expect((await own(`/user/statements?month=${month}`, asManager(manager.id))).statusCode).toBe(403);
    expect((await own(`/admin/dealers/${dealer.id}/statements/${month}`, asDealer())).statusCode).toBe(403);
  });

  it('a bad or future month is a 400 naming month, in the reader language', async () => {
    for (const url of [
      '/user/statements?month=2026-13',
      '/user/statements?month=0026-03',
      '/user/statements/0026-03.pdf',
      '/user/statements',
      `/user/statements/2026-1.pdf`,
    ]) {
      const res = await own(url, asDealer());
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors[0], url).toEqual({ path: 'month', message: 'Ay YYYY-AA biçiminde olmalı' });
    }
    const future = await own(`/user/statements/${nextMonth(thisMonth)}.pdf`, asDealer(), 'en');
    expect(future.statusCode).toBe(400);
    expect(future.json().errors[0]).toEqual({ path: 'month', message: 'A month that has not begun has no statement' });
    const format = await own(`/user/statements/${lastMonth}?format=doc`, asDealer());
    expect(format.statusCode).toBe(400);
    expect(format.json().errors[0].path).toBe('format');
  });

  it('the monthly run announces each dealer once per month, even when run twice', async () => {
    const first = await announceStatements(app.db, lastMonth);
    const second = await announceStatements(app.db, lastMonth);
    expect(first.announced).toBeGreaterThanOrEqual(1);
    expect(second.announced).toBe(0);
    const events = await app.db('outbox').where({ type: 'balance.statement.ready' }).select('envelope');
    const ours = events.map((e) => e.envelope.payload).filter((p) => p.dealerId === dealer.id);
    expect(ours).toEqual([
      {
        dealerId: dealer.id,
        month: lastMonth,
        openingBalanceCents: 0,
        closingBalanceCents: 210_00,
        creditUsedCents: 150_00,
      },
    ]);
    // A dealer with nothing in the month and nothing on its accounts gets no mail.
    const quiet = (await givenSalesManagerWithDealers(app.db, 1)).dealers[0]!;
    await announceStatements(app.db, previousMonth(lastMonth));
    const quietEvents = (await app.db('outbox').where({ type: 'balance.statement.ready' }).select('envelope')).filter(
      (e) => e.envelope.payload.dealerId === quiet.id,
    );
    expect(quietEvents).toEqual([]);
  });
});
