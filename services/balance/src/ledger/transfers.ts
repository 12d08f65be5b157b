import type { Knex } from 'knex';
import { conflict, notFound } from '@esim/platform';
import { ledgerError } from './errors';

/** What a transfer is for; the user's transaction list filters by it (`type`). */
export const TRANSFER_KINDS = [
  'top_up', // company:bank → user spendable (a bank-transfer deposit confirmed by an admin; the kind's name is kept in the append-only ledger)
  'card_top_up', // company:bank → user spendable (a card deposit confirmed by the provider)
  'card_refund', // user spendable → company:bank (an unspent card deposit given back to the card)
  'credit_load', // dealer receivable → spendable (balance loaded on credit: the dealer owes it)
  'cash_load', // company:cash → spendable (balance loaded and paid in cash at once)
  'cash_payment', // company:cash → dealer receivable (the dealer paid part of their debt in cash)
  'dealer_collection', // sales-manager cash → dealer receivable (a sales manager collected cash)
  'cash_handover', // company:cash → sales-manager cash (an admin collected from a sales manager)
  'purchase', // spendable → a company revenue bucket (a captured hold)
  'refund', // company:refunds → spendable (a return approved)
  'reversal', // the opposite of an earlier transfer
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export interface TransferInput {
  debitAccountId: number;
  creditAccountId: number;
  amountCents: number;
  kind: TransferKind;
  /** Unique per transfer: the same key posts once, a replay returns the first transfer. */
  idempotencyKey: string;
  reference?: string | null;
  metadata?: Record<string, unknown>;
  createdBy: string;
  reversesTransferId?: number;
  /** When it happened, if not now: seeded history. The API never sets it. */
  at?: Date;
}

export interface PostedTransfer {
  transferId: number;
  replayed: boolean;
}

/**
 * Posts one transfer through `ledger_post`: both account rows locked in id order, balances and
 * entries written, the overdraft and limit rules checked on the row update, one round trip.
 * (Purchases are posted by capturing a hold: holds.ts.)
 * Runs in the caller's transaction when given one, so it commits with the caller's other writes.
 */
export async function postTransfer(db: Knex | Knex.Transaction, input: TransferInput): Promise<PostedTransfer> {
  try {
    const result = await db.raw(
      `SELECT transfer_id, replayed FROM ledger_post(?::bigint, ?::bigint, ?::bigint, ?, ?, ?, ?::jsonb, ?, ?::bigint, coalesce(?::timestamptz, now()))`,
      [
        input.debitAccountId,
        input.creditAccountId,
        input.amountCents,
        input.kind,
        input.idempotencyKey,
        input.reference ?? null,
        JSON.stringify(input.metadata ?? {}),
        input.createdBy,
        input.reversesTransferId ?? null,
        input.at ? input.at.toISOString() : null,
      ],
    );
    const row = result.rows[0] as { transfer_id: number; replayed: boolean };
    return { transferId: row.transfer_id, replayed: row.replayed };
  } catch (error) {
    throw ledgerError(error);
  }
}

export interface TransferRow {
  id: number;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  kind: TransferKind;
  reference: string | null;
  idempotency_key: string;
  hold_id: string | null;
  reverses_transfer_id: number | null;
  metadata: Record<string, unknown>;
  created_by: string;
  created_at: Date;
}

/**
 * Mistakes are fixed by a reversing transfer, never an edit: the same amount the other way round,
 * linked to the original. A transfer is reversed at most once (unique link); reversing a reversal is refused.
 */
export async function reverseTransfer(
  trx: Knex.Transaction,
  input: { transferId: number; reason: string; createdBy: string },
): Promise<PostedTransfer> {
  const original = (await trx('transfers').where({ id: input.transferId }).first()) as TransferRow | undefined;
  if (!original) throw notFound();
  if (original.kind === 'reversal') throw conflict('conflict');
  return postTransfer(trx, {
    debitAccountId: original.credit_account_id,
    creditAccountId: original.debit_account_id,
    amountCents: original.amount,
    kind: 'reversal',
    idempotencyKey: `reversal:${original.id}`,
    reference: original.reference,
    metadata: { reason: input.reason, reversed_kind: original.kind },
    createdBy: input.createdBy,
    reversesTransferId: original.id,
  });
}
