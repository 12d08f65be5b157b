import { randomInt } from 'node:crypto';
import type { Knex } from 'knex';
import { centsToEuros, type ListQuery, UUID } from '@esim/contracts';
import { AppError, conflict, containsPattern, isUniqueViolation, notFound, sortColumn } from '@esim/platform';
import { company, openAndLock, spendable } from '../ledger/accounts';
import { postTransfer } from '../ledger/transfers';

/**
 * Adding balance: the user asks for a deposit and gets a reference code to quote on their bank
 * transfer; the request stays pending until an admin sees the money arrive and confirms it
 * (company:bank → the user's spendable balance), or rejects it. Confirming twice moves money once.
 */
export type DepositStatus = 'pending' | 'confirmed' | 'rejected' | 'expired';
export type DepositMethod = 'bank_transfer' | 'card';

export interface DepositRow {
  id: string;
  user_id: string;
  amount: number;
  method: DepositMethod;
  reference_code: string;
  status: DepositStatus;
  transfer_id: number | null;
  decided_by: string | null;
  decided_at: Date | null;
  reason: string | null;
  created_at: Date;
}

export interface Deposit {
  id: string;
  user_id: string;
  amount: number;
  amount_cents: number;
  method: DepositMethod;
  reference_code: string;
  status: DepositStatus;
  transfer_id: number | null;
  decided_by: string | null;
  decided_at: string | null;
  reason: string | null;
  created_at: string;
}

export function depositOf(row: DepositRow): Deposit {
  return {
    id: row.id,
    user_id: row.user_id,
    amount: centsToEuros(row.amount),
    amount_cents: row.amount,
    method: row.method,
    reference_code: row.reference_code,
    status: row.status,
    transfer_id: row.transfer_id,
    decided_by: row.decided_by,
    decided_at: row.decided_at ? new Date(row.decided_at).toISOString() : null,
    reason: row.reason,
    created_at: new Date(row.created_at).toISOString(),
  };
}

// Letters and digits a person cannot misread on a bank statement (no 0/O, 1/I/L, 5/S, 8/B).
const CODE_ALPHABET = '2345679ACDEFGHJKMNPQRTUVWXYZ';
export function referenceCode(): string {
  let code = 'BK';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export async function createDeposit(
  trx: Knex.Transaction,
  /** at: when it was asked for, if not now (seeded history only). */
  input: { userId: string; amountCents: number; method: DepositMethod; at?: Date },
): Promise<Deposit> {
  for (let attempt = 0; ; attempt++) {
    try {
      // A savepoint, so a (very unlikely) duplicate code does not abort the caller's transaction.
      const [row] = (await trx.transaction((sp) =>
        sp('deposits')
          .insert({
            user_id: input.userId,
            amount: input.amountCents,
            method: input.method,
            reference_code: referenceCode(),
            ...(input.at ? { created_at: input.at } : {}),
          })
          .returning('*'),
      )) as DepositRow[];
      return depositOf(row!);
    } catch (error) {
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/** A bank deposit's amount is refused as `amount`, with the code's text (and the limit) in the caller's language. */
export const depositAmountError = (status: number, code: string, params?: Record<string, string>) =>
  new AppError(status, code, { params, errors: [{ path: 'amount', message: code }] });

/**
 * Confirms a pending bank-transfer deposit: the money reaches the user's spendable balance. Idempotent.
 * `retype`: the amount the admin typed again (cents, if any) and the shop's threshold above which it
 * is required. `at`: when, if not now (seeded history only).
 */
export async function confirmDeposit(
  db: Knex,
  id: string,
  adminId: string,
  options: { retype?: { cents: number | undefined; aboveCents: number }; at?: Date } = {},
): Promise<{ deposit: Deposit; replayed: boolean }> {
  return db.transaction(async (trx) => {
    const row = (await trx('deposits').where({ id }).forUpdate().first()) as DepositRow | undefined;
    if (!row) throw notFound('deposit_not_found');
    refuseCardDeposit(row);
    if (options.retype) checkRetypedAmount(row, options.retype);
    return creditDeposit(trx, row, adminId, options.at);
  });
}

/**
 * A big amount is confirmed only with the amount typed again, so one click cannot credit a typo's
 * fortune: an amount typed that differs is refused whatever the deposit's state, and one missing only
 * while the deposit still waits (a confirmed one's replay moves nothing).
 */
function checkRetypedAmount(row: DepositRow, retype: { cents: number | undefined; aboveCents: number }): void {
  if (retype.cents !== undefined && retype.cents !== row.amount)
    throw depositAmountError(400, 'deposit_amount_mismatch');
  if (retype.cents === undefined && row.status === 'pending' && row.amount > retype.aboveCents)
    throw depositAmountError(400, 'deposit_amount_retype_required');
}

// A card deposit is decided by its payment's answer from the provider, never by hand.
function refuseCardDeposit(row: DepositRow): void {
  if (row.method === 'card') throw conflict('deposit_decided_by_card_payment');
}

/**
 * Credits a deposit row the caller has locked (company:bank → the user's spendable balance) and marks
 * it confirmed; a confirmed one answers as it is. The transfer's key is the deposit's, so money moves once.
 */
export async function creditDeposit(
  trx: Knex.Transaction,
  row: DepositRow,
  actorId: string,
  at?: Date,
): Promise<{ deposit: Deposit; replayed: boolean }> {
  if (row.status === 'confirmed') return { deposit: depositOf(row), replayed: true };
  if (row.status !== 'pending') throw conflict('deposit_not_pending');
  const user = spendable(row.user_id);
  const accounts = await openAndLock(trx, [user, company('bank')]);
  const posted = await postTransfer(trx, {
    debitAccountId: accounts.get(company('bank').key)!.id,
    creditAccountId: accounts.get(user.key)!.id,
    amountCents: row.amount,
    // The ledger is append-only: its kinds, key and metadata keep the names its earlier rows were written with.
    kind: row.method === 'card' ? 'card_top_up' : 'top_up',
    idempotencyKey: `top-up:${row.id}`,
    reference: row.reference_code,
    metadata: { top_up_id: row.id, method: row.method },
    createdBy: actorId,
    at,
  });
  const [updated] = (await trx('deposits')
    .where({ id: row.id })
    .update({
      status: 'confirmed',
      transfer_id: posted.transferId,
      decided_by: actorId,
      decided_at: at ?? trx.fn.now(),
    })
    .returning('*')) as DepositRow[];
  return { deposit: depositOf(updated!), replayed: false };
}

/** Marks a locked pending (or expired) deposit rejected with a reason: its card payment failed. */
export async function rejectLockedDeposit(
  trx: Knex.Transaction,
  id: string,
  actorId: string,
  reason: string,
): Promise<void> {
  await trx('deposits')
    .where({ id })
    .whereIn('status', ['pending', 'expired'])
    .update({ status: 'rejected', reason, decided_by: actorId, decided_at: trx.fn.now() });
}

/** Marks a locked pending card deposit expired: its payment was not finished in time, so no money moved. */
export async function expireLockedDeposit(trx: Knex.Transaction, id: string, actorId: string): Promise<void> {
  await trx('deposits')
    .where({ id, status: 'pending' })
    .update({ status: 'expired', reason: 'payment_expired', decided_by: actorId, decided_at: trx.fn.now() });
}

/** Rejects a pending deposit (the money never arrived). Rejecting twice answers the same; a confirmed one cannot be rejected. */
export async function rejectDeposit(
  db: Knex,
  id: string,
  adminId: string,
  reason: string | null,
): Promise<{ deposit: Deposit; replayed: boolean }> {
  return db.transaction(async (trx) => {
    const row = (await trx('deposits').where({ id }).forUpdate().first()) as DepositRow | undefined;
    if (!row) throw notFound('deposit_not_found');
    refuseCardDeposit(row);
    if (row.status === 'rejected') return { deposit: depositOf(row), replayed: true };
    if (row.status !== 'pending') throw conflict('deposit_not_pending');
    const [updated] = (await trx('deposits')
      .where({ id })
      .update({ status: 'rejected', reason, decided_by: adminId, decided_at: trx.fn.now() })
      .returning('*')) as DepositRow[];
    return { deposit: depositOf(updated!), replayed: false };
  });
}

const SORTABLE = { created_at: 'created_at', amount: 'amount', status: 'status', id: 'created_at' };

export async function listDeposits(
  db: Knex,
  query: ListQuery,
  filter: { userId?: string; status?: string; customer?: string },
) {
  const base = () => {
    const q = db('deposits');
    if (filter.userId) q.where({ user_id: filter.userId });
    if (filter.status) q.where({ status: filter.status });
    // The customer as the admin knows them: a part of their name, company or e-mail (the service's copy of people).
    if (filter.customer) {
      const pattern = containsPattern(filter.customer);
      q.whereIn(
        'user_id',
        db('parties')
          .select('id')
          .where((who) =>
            who.whereILike('full_name', pattern).orWhereILike('company_name', pattern).orWhereILike('email', pattern),
          ),
      );
    }
    // The reference code is what the customer quotes on the bank transfer: the one text to search.
    if (query.search) q.whereILike('reference_code', containsPattern(query.search));
    // react-admin's getMany (filter={"id":[...]}): only those requests; an id that is no UUID matches none.
    if (query.ids)
      q.whereIn(
        'id',
        query.ids.filter((id) => UUID.test(id)),
      );
    return q;
  };
  const { column, order } = sortColumn(query, SORTABLE, { column: 'created_at', order: 'DESC' });
  const [counted] = (await base().count({ total: '*' })) as Array<{ total: number }>;
  const total = Number(counted?.total ?? 0);
  const rows = (await base()
    .orderBy(column, order)
    .orderBy('id', order)
    .limit(query.limit)
    .offset(query.offset)) as DepositRow[];
  return { items: rows.map(depositOf), total };
}
