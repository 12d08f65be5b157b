import { describe, expect, it } from 'vitest';
import { PROCESSES, SECOND_COPIES, type FaultName } from './faults';
import type { LoadSize } from './load';
import { runScenario, summarize } from './scenario';

/**
 * The long fault run (`npm run test:faults`, not part of `npm test`): every fault, one at a time,
 * under a larger mixed load, on the PostgreSQL log and then on Kafka (the test broker). Sized by
 * FAULTS_* variables; FAULTS_TRANSPORTS=postgres (or kafka) runs one transport only. Then two
 * copies of everything lose one copy of each service for good, one after another, under dealers'
 * reads and keyed purchases.
 */
const number = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number, got ${process.env[name]}`);
  return value;
};

const size: LoadSize = {
  buyers: number('FAULTS_BUYERS', 6),
  pauseMs: number('FAULTS_PAUSE_MS', 600),
  maxPurchases: number('FAULTS_PURCHASES', 2_000),
  maxPhysicalOrders: number('FAULTS_PHYSICAL_ORDERS', 300),
  maxCollections: number('FAULTS_COLLECTIONS', 300),
  importRows: number('FAULTS_IMPORT_ROWS', 40_000),
  creditCents: 2_000_000,
};
const gapMs = number('FAULTS_GAP_MS', 4_000);
const transports = (process.env.FAULTS_TRANSPORTS ?? 'postgres,kafka').split(',').map((t) => t.trim()) as Array<
  'postgres' | 'kafka'
>;
const everyFault = (transport: 'postgres' | 'kafka'): FaultName[] => [
  ...PROCESSES.map((name): FaultName => `kill ${name}`),
  'terminate postgres connections',
  'restart redis',
  ...(transport === 'kafka' ? (['kafka brokers down'] as const) : []),
];

describe('every fault under a mixed load', () => {
  for (const [i, transport] of transports.entries()) {
    it(`loses nothing and charges nothing twice on ${transport}`, async () => {
      const report = await runScenario({
        transport,
        faults: everyFault(transport),
        load: size,
        gapMs,
        settleTimeoutMs: 120_000,
        importSeries: 781 + i,
      });
      console.log(summarize(report));
      expect(report.verdict.problems).toEqual([]);
      expect(report.verdict.doubleCharges).toBe(0);
      expect(report.checks.ledger.ok, report.checks.ledger.output).toBe(true);
      expect(report.checks.consistency.ok, report.checks.consistency.output).toBe(true);
      expect(report.verdict.figures.esimCompleted).toBeGreaterThan(0);
    });
  }
});

describe('a copy of every service that stays down', () => {
  it('costs no read or keyed write a 5xx, loses nothing and charges nothing twice', async () => {
    const report = await runScenario({
      transport: 'postgres',
      replicas: 2,
      faults: SECOND_COPIES.map((name): FaultName => `lose ${name}`),
      load: { ...size, importRows: Math.min(size.importRows, 10_000), readPauseMs: size.pauseMs },
      gapMs,
      settleTimeoutMs: 120_000,
      importSeries: 791,
    });
    console.log(summarize(report));
    expect(report.phases.reduce((sum, p) => sum + p.guardedServerErrors, 0)).toBe(0);
    expect(report.verdict.problems).toEqual([]);
    expect(report.verdict.doubleCharges).toBe(0);
    expect(report.checks.ledger.ok, report.checks.ledger.output).toBe(true);
    expect(report.checks.consistency.ok, report.checks.consistency.output).toBe(true);
    expect(report.verdict.figures.esimCompleted).toBeGreaterThan(0);
    // The survivors took over: each went on serving once its twin was gone.
    for (const copy of report.copies!.filter((c) => c.name.endsWith('-1'))) {
      const lostAt = report.phases.findIndex((p) => p.phase === `lose ${copy.name.replace(/-1$/, '-2')}`);
      if (lostAt > 0) expect(copy.served.at(-1)!, copy.name).toBeGreaterThan(copy.served[lostAt - 1]!);
    }
  });
});
