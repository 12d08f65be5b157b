import { createDb } from '@esim/platform';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatLedgerReport, verifyLedger, type LedgerReport } from '../../../services/balance/src/ledger/verify';
import { formatConsistencyReport, verifyConsistency, type ConsistencyReport } from '../consistency/verify';

/**
 * The books of a test's system, checked the way `npm run ledger:verify` and `npm run
 * consistency:verify` check a running one: the ledger's invariants on balance's schema and every
 * cross-service rule on the whole database. The one place a system test reaches into a service's
 * code, so the flows and browser tests end with the same check.
 */
export interface BooksReport {
  ok: boolean;
  ledger: LedgerReport;
  consistency: ConsistencyReport;
}

export interface BooksOptions {
  /**
   * How long a failing check is repeated before it counts (default 10 s). The services agree
   * eventually: an order completed a moment before the check is captured when balance consumes its
   * event, so only a failure that outlasts this is real.
   */
  settleMs?: number;
}

export async function verifyBooks(
  databaseUrl = process.env.DATABASE_URL!,
  { settleMs = 10_000 }: BooksOptions = {},
): Promise<BooksReport> {
  const db = createDb(databaseUrl, 'balance', 1);
  const deadline = Date.now() + settleMs;
  try {
    for (;;) {
      const ledger = await verifyLedger(db);
      const consistency = await verifyConsistency(databaseUrl);
      const report = { ok: ledger.ok && consistency.ok, ledger, consistency };
      if (report.ok || Date.now() >= deadline) return report;
      await sleep(250);
    }
  } finally {
    await db.destroy();
  }
}

/** Both reports as the CLIs print them, for an assertion's message. */
export const formatBooksReport = (report: BooksReport) =>
  `${formatLedgerReport(report.ledger)}\n${formatConsistencyReport(report.consistency)}`;
