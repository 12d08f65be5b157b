import type { Knex } from 'knex';

export interface LedgerCheck {
  name: string;
  ok: boolean;
  /** Up to 20 offending rows, to start the investigation from. */
  problems: unknown[];
}

export interface LedgerReport {
  ok: boolean;
  accounts: number;
  transfers: number;
  entries: number;
  checks: LedgerCheck[];
}

/**
 * The ledger's invariants, provable at any time (docs/decisions/0001-ledger-with-holds.md; TigerBeetle's and
 * pgledger's): each query returns the rows that break one rule, so an empty answer is a pass.
 */
const CHECKS: Array<{ name: string; sql: string }> = [
  {
    name: 'the sum of all entries is zero',
    sql: `SELECT coalesce(sum(amount), 0) AS total FROM entries HAVING coalesce(sum(amount), 0) <> 0`,
  },
  {
    name: 'every transfer has exactly its two entries (−amount on the debit account, +amount on the credit account)',
    sql: `SELECT t.id, count(e.id) AS entries
            FROM transfers t LEFT JOIN entries e ON e.transfer_id = t.id
           GROUP BY t.id
          HAVING count(e.id) <> 2
              OR count(*) FILTER (WHERE e.account_id = t.debit_account_id AND e.amount = -t.amount) <> 1
              OR count(*) FILTER (WHERE e.account_id = t.credit_account_id AND e.amount = t.amount) <> 1
           LIMIT 20`,
  },
  {
    name: 'every entry belongs to a transfer, and every reversal to the transfer it reverses',
    sql: `SELECT 'entry' AS what, e.id FROM entries e LEFT JOIN transfers t ON t.id = e.transfer_id WHERE t.id IS NULL
          UNION ALL
          SELECT 'reversal', r.id FROM transfers r LEFT JOIN transfers o ON o.id = r.reverses_transfer_id
           WHERE r.reverses_transfer_id IS NOT NULL
             AND (o.id IS NULL OR o.debit_account_id <> r.credit_account_id OR o.credit_account_id <> r.debit_account_id OR o.amount <> r.amount)
          LIMIT 20`,
  },
  {
    name: "every account's balance equals the sum of its entries",
    sql: `SELECT a.key, a.balance, coalesce(s.total, 0) AS entries_total
            FROM accounts a LEFT JOIN (SELECT account_id, sum(amount) AS total FROM entries GROUP BY account_id) s ON s.account_id = a.id
           WHERE a.balance <> coalesce(s.total, 0)
           LIMIT 20`,
  },
  {
    name: "every entry's balance after is the one before it plus its amount (per account, in order)",
    sql: `SELECT id, account_id, amount, balance_after, previous FROM (
            SELECT id, account_id, amount, balance_after, lag(balance_after) OVER (PARTITION BY account_id ORDER BY id) AS previous FROM entries
          ) e
           WHERE balance_after <> coalesce(previous, 0) + amount
           LIMIT 20`,
  },
  {
    name: "every account's last entry shows its balance",
    sql: `SELECT a.key, a.balance, last.balance_after
            FROM accounts a
            JOIN LATERAL (SELECT balance_after FROM entries e WHERE e.account_id = a.id ORDER BY e.id DESC LIMIT 1) last ON true
           WHERE last.balance_after <> a.balance
           LIMIT 20`,
  },
  {
    name: "every account's held amount equals the sum of its pending holds",
    sql: `SELECT a.key, a.held, coalesce(h.total, 0) AS pending_holds
            FROM accounts a LEFT JOIN (SELECT account_id, sum(amount) AS total FROM holds WHERE status = 'pending' GROUP BY account_id) h ON h.account_id = a.id
           WHERE a.held <> coalesce(h.total, 0)
           LIMIT 20`,
  },
  {
    name: 'no account is past its limits (spendable never below its holds, receivables and cash never above zero)',
    sql: `SELECT key, balance, held FROM accounts
           WHERE (NOT allow_negative AND balance - held < 0) OR (NOT allow_positive AND balance > 0) OR held < 0
           LIMIT 20`,
  },
  {
    name: 'every capture has its hold (same account, same amount, hold captured by it)',
    sql: `SELECT t.id, t.hold_id, h.status, h.amount, h.account_id
            FROM transfers t LEFT JOIN holds h ON h.id = t.hold_id
           WHERE t.kind = 'purchase'
             AND (h.id IS NULL OR h.status <> 'captured' OR h.capture_transfer_id <> t.id
                  OR h.amount <> t.amount OR h.account_id <> t.debit_account_id)
           LIMIT 20`,
  },
  {
    name: 'every captured hold has its capture',
    sql: `SELECT h.id FROM holds h LEFT JOIN transfers t ON t.id = h.capture_transfer_id
           WHERE h.status = 'captured' AND (t.id IS NULL OR t.kind <> 'purchase' OR t.hold_id <> h.id)
           LIMIT 20`,
  },
];

/**
 * Runs every check in one repeatable-read snapshot, so concurrent writes cannot fake a mismatch.
 * Given a transaction, it runs inside it (and sees that transaction's own writes).
 */
export async function verifyLedger(db: Knex | Knex.Transaction): Promise<LedgerReport> {
  const run = async (trx: Knex | Knex.Transaction): Promise<LedgerReport> => {
    const checks: LedgerCheck[] = [];
    for (const check of CHECKS) {
      const result = await trx.raw(check.sql);
      checks.push({ name: check.name, ok: result.rows.length === 0, problems: result.rows });
    }
    const counts = await trx.raw(
      `SELECT (SELECT count(*) FROM accounts) AS accounts, (SELECT count(*) FROM transfers) AS transfers, (SELECT count(*) FROM entries) AS entries`,
    );
    const { accounts, transfers, entries } = counts.rows[0] as { accounts: number; transfers: number; entries: number };
    return { ok: checks.every((c) => c.ok), accounts, transfers, entries, checks };
  };
  if ((db as Knex.Transaction).isTransaction) return run(db);
  return (db as Knex).transaction(run, { isolationLevel: 'repeatable read', readOnly: true });
}

/** A report as lines a person reads: one per check. */
export function formatLedgerReport(report: LedgerReport): string {
  const lines = [`ledger: ${report.accounts} accounts, ${report.transfers} transfers, ${report.entries} entries`];
  for (const check of report.checks) {
    lines.push(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}`);
    for (const problem of check.problems) lines.push(`       ${JSON.stringify(problem)}`);
  }
  lines.push(report.ok ? 'ledger verified' : 'LEDGER VERIFICATION FAILED');
  return lines.join('\n');
}
