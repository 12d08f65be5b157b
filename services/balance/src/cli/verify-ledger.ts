import { createDb } from '@esim/platform';
import { loadBalanceConfig } from '../config';
import { formatLedgerReport, verifyLedger } from '../ledger/verify';

/**
 * `npm run ledger:verify`: proves the ledger's invariants on the configured database (the sum of
 * all entries is zero, every balance equals its entries, holds add up, no account past its limits,
 * every capture has its hold). Exit code 0 when all hold, 1 when any does not.
 */
const config = loadBalanceConfig();
const db = createDb(config.DATABASE_URL, 'balance', 1);
try {
  const report = await verifyLedger(db);
  console.log(formatLedgerReport(report));
  process.exitCode = report.ok ? 0 : 1;
} catch (error) {
  console.error(`ledger verification could not run: ${(error as Error).message}`);
  process.exitCode = 2;
} finally {
  await db.destroy();
}
