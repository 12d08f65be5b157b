import { createDb } from '@esim/platform';
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

export async function verifyBooks(databaseUrl = process.env.DATABASE_URL!): Promise<BooksReport> {
  const db = createDb(databaseUrl, 'balance', 1);
  try {
    const ledger = await verifyLedger(db);
    const consistency = await verifyConsistency(databaseUrl);
    return { ok: ledger.ok && consistency.ok, ledger, consistency };
  } finally {
    await db.destroy();
  }
}

/** Both reports as the CLIs print them, for an assertion's message. */
export const formatBooksReport = (report: BooksReport) =>
  `${formatLedgerReport(report.ledger)}\n${formatConsistencyReport(report.consistency)}`;
