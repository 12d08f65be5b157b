import type { Knex } from 'knex';
import { centsToEuros, formatEuros, type DealerBalance } from '@esim/contracts';
import { AppError, notFound } from '@esim/platform';
import { accountsByKey, company, openAndLock, receivable, spendable, type AccountRow } from '../ledger/accounts';
import { postTransfer, type TransferKind } from '../ledger/transfers';
import { getParty, isDealer } from '../parties/parties';
import { creditFigures, creditLimits } from './credit';
import { noteCreditUsed } from './credit-alerts';

/** A dealer's money from their two ledger accounts and credit limit: spendable balance less holds, what they owe, and the credit left. */
export function dealerBalanceOf(
  dealerId: string,
  spend: AccountRow | undefined,
  recv: AccountRow | undefined,
  limitCents = 0,
): DealerBalance {
  const balance = Number(spend?.balance ?? 0);
  const held = Number(spend?.held ?? 0);
  const owed = -Number(recv?.balance ?? 0);
  return {
    ...creditFigures(limitCents, owed),
    dealer_id: dealerId,
    balance: centsToEuros(balance),
    balance_cents: balance,
    available_cents: balance - held,
    held_cents: held,
    owed: centsToEuros(owed),
    owed_cents: owed,
  };
}

/** Balances of many dealers at once (no account is opened by reading: a missing one is zero). */
export async function dealerBalances(
  db: Knex | Knex.Transaction,
  dealerIds: readonly string[],
): Promise<DealerBalance[]> {
  const [accounts, limits] = await Promise.all([
    accountsByKey(
      db,
      dealerIds.flatMap((id) => [spendable(id).key, receivable(id).key]),
    ),
    creditLimits(db, dealerIds),
  ]);
  return dealerIds.map((id) =>
    dealerBalanceOf(id, accounts.get(spendable(id).key), accounts.get(receivable(id).key), limits.get(id)),
  );
}

/**
 * Money can be loaded for a dealer the service already knows, or for one whose creation event has
 * not arrived yet (the request must not wait for it); an id known to be someone else is refused.
 */
async function assertDealer(db: Knex | Knex.Transaction, dealerId: string): Promise<void> {
  const party = await getParty(db, dealerId);
  if (!party) return;
  if (party.deleted_at) throw notFound('dealer_not_found');
  if (party.user_type !== null && !isDealer(party)) throw new AppError(422, 'not_a_dealer');
}

export interface DealerMoneyInput {
  dealerId: string;
  amountCents: number;
  note: string | null;
  actorId: string;
  /** Unique per operation; the ledger posts a key once. */
  idempotencyKey: string;
  at?: Date;
}

export interface DealerMoneyResult extends DealerBalance {
  transfer_id: number;
  amount: number;
  amount_cents: number;
}

/** Posts one dealer-money movement (money moves from `creditAccountId` into `debitAccountId`) and answers with the dealer's figures after it. */
async function postDealerMoney(
  trx: Knex.Transaction,
  input: DealerMoneyInput,
  movement: { kind: TransferKind; debitAccountId: number; creditAccountId: number },
): Promise<DealerMoneyResult> {
  const posted = await postTransfer(trx, {
    debitAccountId: movement.debitAccountId,
    creditAccountId: movement.creditAccountId,
    amountCents: input.amountCents,
    kind: movement.kind,
    idempotencyKey: input.idempotencyKey,
    reference: input.note,
    metadata: { dealer_id: input.dealerId, ...(input.note ? { note: input.note } : {}) },
    createdBy: input.actorId,
    at: input.at,
  });
  const [balance] = await dealerBalances(trx, [input.dealerId]);
  return {
    ...balance!,
    transfer_id: posted.transferId,
    amount: centsToEuros(input.amountCents),
    amount_cents: input.amountCents,
  };
}

/**
 * Balance loaded on credit: the dealer's spendable balance grows and so does their debt (receivable →
 * spendable); a share of the credit limit the debt crosses is announced as a purchase on credit's is.
 */
export async function loadOnCredit(trx: Knex.Transaction, input: DealerMoneyInput): Promise<DealerMoneyResult> {
  await assertDealer(trx, input.dealerId);
  const accounts = await openAndLock(trx, [spendable(input.dealerId), receivable(input.dealerId)]);
  const recv = accounts.get(receivable(input.dealerId).key)!;
  const result = await postDealerMoney(trx, input, {
    kind: 'credit_load',
    debitAccountId: recv.id,
    creditAccountId: accounts.get(spendable(input.dealerId).key)!.id,
  });
  await noteCreditUsed(trx, {
    dealerId: input.dealerId,
    receivable: recv,
    usedCents: result.owed_cents,
    limitCents: result.credit_limit_cents,
    announce: true,
  });
  return result;
}

/**
 * Cash the dealer paid the office. Without `load` it settles debt (company:cash ← receivable) and
 * may not exceed what the dealer owes; with `load` it is balance bought and paid in cash at once
 * (company:cash → spendable), the debt unchanged.
 */
export async function recordCashPayment(
  trx: Knex.Transaction,
  input: DealerMoneyInput & { load: boolean },
): Promise<DealerMoneyResult> {
  await assertDealer(trx, input.dealerId);
  const target = input.load ? spendable(input.dealerId) : receivable(input.dealerId);
  const accounts = await openAndLock(trx, [target, company('cash')]);
  const credit = accounts.get(target.key)!;
  if (!input.load && input.amountCents > -credit.balance) {
    throw new AppError(422, 'amount_exceeds_debt', { params: { owed: formatEuros(-credit.balance) } });
  }
  const result = await postDealerMoney(trx, input, {
    kind: input.load ? 'cash_load' : 'cash_payment',
    debitAccountId: accounts.get(company('cash').key)!.id,
    creditAccountId: credit.id,
  });
  // Debt paid down below a level announced before re-arms it.
  if (!input.load)
    await noteCreditUsed(trx, {
      dealerId: input.dealerId,
      receivable: credit,
      usedCents: result.owed_cents,
      limitCents: result.credit_limit_cents,
      announce: false,
    });
  return result;
}
