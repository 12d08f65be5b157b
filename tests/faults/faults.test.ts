import { expect, it } from 'vitest';
import { runScenario, summarize } from './scenario';

/**
 * The short fault run inside `npm test`: the whole system on the PostgreSQL log under a small mixed
 * load while esim, balance and the import worker are SIGKILLed, its database connections are ended
 * and its Redis restarts empty. Nothing answered 2xx may be lost, nothing charged twice, and the
 * ledger and cross-service checks must pass. `npm run test:faults` is the long run (every fault, both transports).
 */
it('loses nothing and charges nothing twice while processes, PostgreSQL connections and Redis fail under load', async () => {
  const report = await runScenario({
    transport: 'postgres',
    faults: [
      'kill esim',
      'kill balance',
      'kill physical-sim-worker',
      'terminate postgres connections',
      'restart redis',
    ],
    load: {
      buyers: 3,
      pauseMs: 400,
      maxPurchases: 500,
      maxPhysicalOrders: 40,
      maxCollections: 60,
      importRows: 8_000,
      creditCents: 500_000,
    },
    gapMs: 2_500,
    settleTimeoutMs: 60_000,
    importSeries: 771,
  });
  console.log(summarize(report));
  expect(report.verdict.problems).toEqual([]);
  expect(report.verdict.doubleCharges).toBe(0);
  expect(report.checks.ledger.ok, report.checks.ledger.output).toBe(true);
  expect(report.checks.consistency.ok, report.checks.consistency.output).toBe(true);
  // The load really ran through the faults: orders completed and some requests had to be retried.
  expect(report.verdict.figures.esimCompleted).toBeGreaterThan(0);
  expect(report.verdict.figures.physicalApproved).toBeGreaterThan(0);
  expect(report.phases.reduce((sum, p) => sum + p.retried, 0)).toBeGreaterThan(0);
}, 240_000);
