import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '@esim/platform';
import type { Knex } from 'knex';
import { formatLedgerReport, verifyLedger } from '../../services/balance/src/ledger/verify';
import { startSystem, type System } from '../flows/system';
import { runHostile } from './run';
import type { Caller } from './requests';
import { checkListSearches, signInCallers, unmatchedText } from './search';

/**
 * The hostile-input suite: requests generated from the route table and the routes' own
 * schemas, through the real gateway to the real services. `npm test` sends HOSTILE_REQUESTS
 * (default 1,500); `npm run test:hostile` sends 20,000. Replay a run with HOSTILE_SEED=<seed>.
 */
const REQUESTS = Number(process.env.HOSTILE_REQUESTS ?? 1_500);
const SEED = Number(process.env.HOSTILE_SEED ?? Math.floor(Math.random() * 2 ** 31));

describe('hostile input through the gateway', () => {
  let system: System;
  let db: Knex;
  let tokens: Map<Caller, string>;

  beforeAll(async () => {
    // The gateway's per-address floods limits would answer most of a run with 429 and hide the
    // services: raise them for signed-in and public reads; sign-in, registration and reset keep theirs.
    process.env.RATE_LIMIT_API_PER_MIN = '10000000';
    process.env.RATE_LIMIT_PUBLIC_READ_PER_MIN = '10000000';
    process.env.RATE_LIMIT_PUBLIC_LOOKUP_PER_MIN = '10000000';
    // Mail goes nowhere (no catcher needed): sending happens after the answer and its failure is only logged.
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    system = await startSystem();
    db = createDb(process.env.DATABASE_URL!, 'balance', 2);
    tokens = await signInCallers(system);
  }, 120_000);

  afterAll(async () => {
    await system?.stop();
    await db?.destroy();
  });

  it('every list route that takes q/search narrows to nothing for unmatched text, or refuses the parameter', async () => {
    const started = Date.now();
    const checks = await checkListSearches(system, db, SEED, tokens);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const searching = checks.filter((c) => c.kind === 'searches');
    console.log(
      [
        `list searches: ${checks.length} route × caller pairs; "${unmatchedText(SEED)}" searched on ${searching.length} (${searching.filter((c) => (c.unfiltered ?? 0) > 0).length} with seeded rows), refused by ${checks.length - searching.length}, in ${seconds} s`,
        ...checks.map(
          (c) =>
            `  ${c.route} as ${c.caller}: ${c.kind}${c.kind === 'searches' ? `, unfiltered ${c.unfiltered}` : ''} → ${JSON.stringify(c.answers)}${c.problems.length ? `  PROBLEMS: ${c.problems.join('; ')}` : ''}`,
        ),
      ].join('\n'),
    );
    expect(checks.length).toBeGreaterThan(0);
    // Some searched lists hold seeded rows, so narrowing to 0 shows the search, not an empty list.
    expect(searching.filter((c) => (c.unfiltered ?? 0) > 0).length).toBeGreaterThan(0);
    expect(
      checks.filter((c) => c.problems.length > 0).map((c) => `${c.route} as ${c.caller}: ${c.problems.join('; ')}`),
    ).toEqual([]);
  }, 120_000);

  it(
    `answers ${REQUESTS} hostile requests with no 5xx, and refused ones change no row and no ledger entry`,
    async () => {
      const report = await runHostile(system, db, {
        requests: REQUESTS,
        seed: SEED,
        tokens,
        log: (line) => console.log(line),
      });
      const ledger = await verifyLedger(db);
      console.log(
        [
          `hostile suite: seed ${report.seed} (replay: HOSTILE_SEED=${report.seed})`,
          `  ${report.requests} requests over ${report.routes} routes × callers = ${report.targets} targets in ${report.seconds} s`,
          `  4xx ${report.status4xx}, 5xx ${report.status5xx}, accepted writes ${report.acceptedWrites}, batches with state changes ${report.stateChanges}, refused batches with changes ${report.refusedWithChange.length}`,
          `  by status ${JSON.stringify(report.byStatus)}`,
          `  ledger ${ledger.ok ? 'balanced' : 'BROKEN'}`,
          ...(report.uncovered.length
            ? [`  not reachable in this run: ${report.uncovered.length} routes of services that are not running`]
            : []),
          ...report.failures.map((f) => `  5xx ${f.status}: ${f.request}\n      → ${f.body}`),
          ...report.refusedWithChange
            .slice(0, 5)
            .map((c) => `  refused batch changed ${c.tables.join(', ')}:\n      ${c.requests.join('\n      ')}`),
        ].join('\n'),
      );
      expect(report.requests).toBe(REQUESTS);
      expect(report.failures, 'requests answered with a 5xx').toEqual([]);
      expect(report.status5xx).toBe(0);
      expect(report.refusedWithChange, 'refused requests that changed state').toEqual([]);
      expect(ledger.ok, formatLedgerReport(ledger)).toBe(true);
    },
    Math.max(180_000, REQUESTS * 30),
  );
});
