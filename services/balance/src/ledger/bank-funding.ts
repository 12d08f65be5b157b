import type { Knex } from 'knex';
import { company, openAccounts, spendable } from './accounts';
import { postTransfer, type PostedTransfer } from './transfers';

/**
 * Money in from the bank straight to a user's spendable balance, with no deposit request behind it
 * (a confirmed deposit posts the same transfer): for the tests and benchmarks that need funded
 * buyers. Posts once per idempotency key.
 */
export async function fundFromBank(
  db: Knex | Knex.Transaction,
  userId: string,
  amountCents: number,
  options: { idempotencyKey: string; createdBy: string },
): Promise<PostedTransfer> {
  const ids = await openAccounts(db, [spendable(userId), company('bank')]);
  return postTransfer(db, {
    debitAccountId: ids.get(company('bank').key)!,
    creditAccountId: ids.get(spendable(userId).key)!,
    amountCents,
    kind: 'top_up',
    ...options,
  });
}
