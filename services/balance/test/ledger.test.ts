import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { company, openAccounts, receivable, spendable } from '../src/ledger/accounts';
import { captureHold, createHold } from '../src/ledger/holds';
import { postTransfer, reverseTransfer } from '../src/ledger/transfers';
import { verifyLedger } from '../src/ledger/verify';
import { accountOf, app, useBalanceApp } from './support';

/** The ledger itself: sign convention, append-only facts, idempotent transfers, reversals, the invariant check. */
useBalanceApp();

async function pair() {
  const dealer = randomUUID();
  const ids = await openAccounts(app.db, [spendable(dealer), receivable(dealer), company('cash')]);
  return {
    dealer,
    spend: ids.get(spendable(dealer).key)!,
    recv: ids.get(receivable(dealer).key)!,
    cash: ids.get(company('cash').key)!,
  };
}

const codeOf = async (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: { code?: string }) => error.code,
  );

describe('double entry', () => {
  it('a transfer debits one account and credits the other by the same amount: balance = credits − debits', async () => {
    const { spend, recv } = await pair();
    const { transferId } = await postTransfer(app.db, {
      debitAccountId: recv,
      creditAccountId: spend,
      amountCents: 12_345,
      kind: 'credit_load',
      idempotencyKey: randomUUID(),
      createdBy: 'test',
    });
    const entries = await app.db('entries').where({ transfer_id: transferId }).orderBy('amount');
    expect(entries.map((e) => [e.account_id, e.amount, e.balance_after])).toEqual([
      [recv, -12_345, -12_345],
      [spend, 12_345, 12_345],
    ]);
    const [sum] = await app.db('entries').sum({ total: 'amount' });
    expect(Number(sum?.total)).toBe(0);
  });

  it('the same idempotency key posts once; with another transfer it is a 409', async () => {
    const { dealer, spend, recv } = await pair();
    const input = {
      debitAccountId: recv,
      creditAccountId: spend,
      amountCents: 500,
      kind: 'credit_load' as const,
      idempotencyKey: randomUUID(),
      createdBy: 'test',
    };
    const first = await postTransfer(app.db, input);
    const again = await postTransfer(app.db, input);
    expect(again).toEqual({ transferId: first.transferId, replayed: true });
    expect(await codeOf(postTransfer(app.db, { ...input, amountCents: 501 }))).toBe('idempotency_conflict');
    expect((await accountOf(app.db, spendable(dealer).key)).balance).toBe(500);
  });

  it('a spendable balance never goes below its holds; a receivable never above zero', async () => {
    const { dealer, spend, recv, cash } = await pair();
    await postTransfer(app.db, {
      debitAccountId: recv,
      creditAccountId: spend,
      amountCents: 1000,
      kind: 'credit_load',
      idempotencyKey: randomUUID(),
      createdBy: 'test',
    });
    await createHold(app.db, { orderId: randomUUID(), userId: dealer, amountCents: 600 });
    // 1000 − 600 held = 400 available: a 401 debit is refused by the account row's own CHECK.
    expect(
      await codeOf(
        postTransfer(app.db, {
          debitAccountId: spend,
          creditAccountId: cash,
          amountCents: 401,
          kind: 'cash_load',
          idempotencyKey: randomUUID(),
          createdBy: 'test',
        }),
      ),
    ).toBe('account_insufficient');
    expect(
      await codeOf(
        postTransfer(app.db, {
          debitAccountId: cash,
          creditAccountId: recv,
          amountCents: 1001,
          kind: 'cash_payment',
          idempotencyKey: randomUUID(),
          createdBy: 'test',
        }),
      ),
    ).toBe('ledger_limit_exceeded');
    expect(await accountOf(app.db, spendable(dealer).key)).toEqual({ balance: 1000, held: 600 });
  });

  it('a purchase is only ever the capture of a hold: ledger_post refuses the kind', async () => {
    const { spend, cash } = await pair();
    const error = await app.db
      .raw(`SELECT * FROM ledger_post(?, ?, 1, 'purchase', ?, NULL, NULL, 'test')`, [spend, cash, randomUUID()])
      .then(
        () => null,
        (e: { code?: string }) => e,
      );
    expect(error?.code).toBe('LD400');
  });
});

describe('facts are never edited', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of transfers and entries, and DELETE of accounts', async () => {
    const { spend, recv } = await pair();
    const { transferId } = await postTransfer(app.db, {
      debitAccountId: recv,
      creditAccountId: spend,
      amountCents: 100,
      kind: 'credit_load',
      idempotencyKey: randomUUID(),
      createdBy: 'test',
    });
    for (const attempt of [
      app.db('transfers').where({ id: transferId }).update({ amount: 1 }),
      app.db('transfers').where({ id: transferId }).delete(),
      app.db('entries').where({ transfer_id: transferId }).update({ amount: 1 }),
      app.db('entries').where({ transfer_id: transferId }).delete(),
      app.db.raw('TRUNCATE entries'),
      app.db('accounts').where({ id: spend }).delete(),
    ]) {
      const error = await attempt.then(
        () => null,
        (e: { code?: string; message: string }) => e,
      );
      expect(error?.code).toBe('LD405');
      expect(error?.message).toMatch(/not allowed/);
    }
  });

  it('a settled hold cannot move again', async () => {
    const { dealer, spend, recv } = await pair();
    await postTransfer(app.db, {
      debitAccountId: recv,
      creditAccountId: spend,
      amountCents: 100,
      kind: 'credit_load',
      idempotencyKey: randomUUID(),
      createdBy: 'test',
    });
    const { holdId } = await createHold(app.db, { orderId: randomUUID(), userId: dealer, amountCents: 100 });
    await captureHold(app.db, holdId, { createdBy: 'test' });
    const error = await app
      .db('holds')
      .where({ id: holdId })
      .update({ status: 'pending' })
      .then(
        () => null,
        (e: { code?: string }) => e,
      );
    expect(error?.code).toBe('LD405');
  });

  it('a mistake is fixed by a reversal: the opposite transfer, linked to the original, once', async () => {
    const { spend, recv } = await pair();
    const { transferId } = await postTransfer(app.db, {
      debitAccountId: recv,
      creditAccountId: spend,
      amountCents: 7_00,
      kind: 'credit_load',
      idempotencyKey: randomUUID(),
      createdBy: 'admin',
    });
    const reversal = await app.db.transaction((trx) =>
      reverseTransfer(trx, { transferId, reason: 'yanlış bayi', createdBy: 'admin' }),
    );
    expect(await app.db('transfers').where({ id: reversal.transferId }).first()).toMatchObject({
      kind: 'reversal',
      debit_account_id: spend,
      credit_account_id: recv,
      amount: 7_00,
      reverses_transfer_id: transferId,
      metadata: { reason: 'yanlış bayi', reversed_kind: 'credit_load' },
    });
    const twice = await app.db.transaction((trx) =>
      reverseTransfer(trx, { transferId, reason: 'again', createdBy: 'admin' }),
    );
    expect(twice).toEqual({ transferId: reversal.transferId, replayed: true });
    expect(
      await codeOf(
        app.db.transaction((trx) =>
          reverseTransfer(trx, { transferId: reversal.transferId, reason: 'x', createdBy: 'admin' }),
        ),
      ),
    ).toBe('conflict');
    const balances = await app.db('accounts').whereIn('id', [spend, recv]).pluck('balance');
    expect(balances).toEqual([0, 0]);
  });
});

describe('verifyLedger', () => {
  it('passes on a consistent ledger and names what breaks when rows are tampered with', async () => {
    const { dealer, spend, recv } = await pair();
    await postTransfer(app.db, {
      debitAccountId: recv,
      creditAccountId: spend,
      amountCents: 900,
      kind: 'credit_load',
      idempotencyKey: randomUUID(),
      createdBy: 'test',
    });
    await createHold(app.db, { orderId: randomUUID(), userId: dealer, amountCents: 100 });
    expect((await verifyLedger(app.db)).ok).toBe(true);

    // Tampering inside a transaction that is rolled back: the check sees it, the database keeps nothing.
    const failed = await app.db
      .transaction(async (trx) => {
        const [{ id }] = await trx('transfers').select('id').limit(1);
        await trx('entries').insert({
          transfer_id: id,
          account_id: spend,
          amount: 5,
          balance_after: 905,
          account_version: 99,
          created_at: new Date(),
        });
        await trx('accounts').where({ id: recv }).update({ held: 1 });
        await trx.raw(
          `INSERT INTO transfers (debit_account_id, credit_account_id, amount, kind, idempotency_key, created_by) VALUES (?, ?, 1, 'purchase', ?, 'x')`,
          [spend, recv, randomUUID()],
        );
        const report = await verifyLedger(trx);
        throw Object.assign(new Error('rollback'), { report });
      })
      .catch((error: { report: Awaited<ReturnType<typeof verifyLedger>> }) => error.report);
    expect(failed.ok).toBe(false);
    const failing = failed.checks.filter((c) => !c.ok).map((c) => c.name);
    expect(failing).toEqual(
      expect.arrayContaining([
        'the sum of all entries is zero',
        "every account's balance equals the sum of its entries",
        "every account's held amount equals the sum of its pending holds",
        'every capture has its hold (same account, same amount, hold captured by it)',
      ]),
    );
    expect((await verifyLedger(app.db)).ok).toBe(true);
  });

  it('runs as `npm run ledger:verify` against a database', async () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const { stdout } = await promisify(execFile)('npx', ['tsx', 'services/balance/src/cli/verify-ledger.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: app.config.DATABASE_URL },
    });
    expect(stdout).toContain('ok   the sum of all entries is zero');
    expect(stdout).toContain('ledger verified');
  }, 30_000);
});
