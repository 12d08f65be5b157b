import { AppError, conflict, notFound } from '@esim/platform';

/** A PostgreSQL error as pg reports it. */
interface PgError {
  code?: string;
  constraint?: string;
}

const pgError = (error: unknown): PgError => (error && typeof error === 'object' ? (error as PgError) : {});

/** The ledger refused a debit: the account's available balance (balance − held) does not cover it. */
export const isInsufficient = (error: unknown) => {
  const { code, constraint } = pgError(error);
  return code === '23514' && constraint === 'accounts_no_overdraft';
};

/** The ledger refused a credit: a receivable or a sales manager's cash would go above zero. */
export const isPastLimit = (error: unknown) => {
  const { code, constraint } = pgError(error);
  return code === '23514' && constraint === 'accounts_no_positive';
};

/**
 * Turns ledger_post's refusals into the caller's errors. The rules themselves live in PostgreSQL
 * (CHECK constraints on the account row, SQLSTATEs raised by the function); this only names them.
 * Anything else is not ours to translate and is rethrown as is. (Holds answer with outcomes instead.)
 */
export function ledgerError(error: unknown): unknown {
  const { code } = pgError(error);
  if (isInsufficient(error)) return new AppError(422, 'account_insufficient', { cause: error });
  if (isPastLimit(error)) return new AppError(422, 'ledger_limit_exceeded', { cause: error });
  if (code === 'LD409') return conflict('idempotency_conflict');
  if (code === 'LD404') return notFound('not_found');
  return error;
}
