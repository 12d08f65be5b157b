import { createDb } from '@esim/platform';
import { noMailGivenUp, noParkedEvents, noStaleOutboxRows } from './event-rules';
import {
  approvedPhysicalOrdersHaveCapturedHolds,
  approvedReturnsAreRefunded,
  approvedReturnsRefundEachSaleOnce,
  cardPaidOrdersClaimTheirPayment,
  cardRefundsStayWithinTheirPayment,
  completedEsimOrdersAreCaptured,
  esimRefundsAreSettled,
  supplierOrdersMatchOurOrders,
  noStalePendingHolds,
  rejectedPhysicalOrdersHaveVoidedHolds,
} from './money-rules';
import { cardOwnersAreLiveDealers, esimOrdersHaveTheirProfiles } from './record-rules';
import type { RuleCheck } from './rule';

export interface ConsistencyReport {
  ok: boolean;
  rules: Array<{ rule: string; ok: boolean; offending: string[] }>;
}

export interface ConsistencyOptions {
  /** A pending hold older than this needs an open order behind it (default 10 minutes). */
  holdMaxAgeMs?: number;
  /** An unpublished outbox row older than this is stuck (default 60 s). */
  outboxMaxAgeMs?: number;
  /** The moment ages are counted from (default: now). */
  now?: Date;
}

/** Every rule by the name the report gives it, in the order it is printed. */
const RULES: ReadonlyArray<readonly [string, RuleCheck]> = [
  ['physical-order-approved-captured', approvedPhysicalOrdersHaveCapturedHolds],
  ['physical-order-rejected-voided', rejectedPhysicalOrdersHaveVoidedHolds],
  ['physical-return-approved-refunded', approvedReturnsAreRefunded],
  ['physical-return-refunds-each-sale-once', approvedReturnsRefundEachSaleOnce],
  ['esim-order-completed-captured', completedEsimOrdersAreCaptured],
  ['esim-card-order-claims-its-payment', cardPaidOrdersClaimTheirPayment],
  ['esim-refund-settled', esimRefundsAreSettled],
  ['card-refunds-within-payment', cardRefundsStayWithinTheirPayment],
  ['supplier-orders-match-our-orders', supplierOrdersMatchOurOrders],
  ['no-stale-pending-hold', noStalePendingHolds],
  ['no-stale-outbox-row', noStaleOutboxRows],
  ['no-parked-event', noParkedEvents],
  ['no-mail-given-up', noMailGivenUp],
  ['card-owner-is-dealer', cardOwnersAreLiveDealers],
  ['esim-order-profiles-complete', esimOrdersHaveTheirProfiles],
];

export const CONSISTENCY_RULES: readonly string[] = RULES.map(([rule]) => rule);

const MINUTE = 60_000;

function ageOption(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be a number of milliseconds ≥ 0, got ${value}`);
  return value;
}

/**
 * Checks that the services agree with each other on the database at `databaseUrl`: what one
 * service's state says happened, another's shows (an approved order's money captured, a return
 * refunded, events delivered). An operator tool, so it reads every service's schema directly; all
 * rules run in one read-only repeatable-read transaction and see the same moment. On a running
 * system an order decided a moment ago fails until its event is consumed (milliseconds): a failure
 * that stays on a second run is real.
 */
export async function verifyConsistency(
  databaseUrl: string,
  options: ConsistencyOptions = {},
): Promise<ConsistencyReport> {
  const context = {
    now: options.now ?? new Date(),
    holdMaxAgeMs: ageOption('holdMaxAgeMs', options.holdMaxAgeMs, 10 * MINUTE),
    outboxMaxAgeMs: ageOption('outboxMaxAgeMs', options.outboxMaxAgeMs, MINUTE),
  };
  // Tables are named with their schema, so the pool's own search path does not matter.
  const db = createDb(databaseUrl, 'public', 1);
  try {
    const rules = await db.transaction(
      async (trx) => {
        const results: ConsistencyReport['rules'] = [];
        for (const [rule, check] of RULES) {
          const offending = await check({ trx, ...context });
          results.push({ rule, ok: offending.length === 0, offending });
        }
        return results;
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
    return { ok: rules.every((r) => r.ok), rules };
  } finally {
    await db.destroy();
  }
}

const SHOWN_IDS = 20;

/** One line per rule: `ok  <rule>`, or `FAIL <rule>: <the first 20 ids> (+N more)`. */
export function formatConsistencyReport(report: ConsistencyReport): string {
  return report.rules
    .map(({ rule, ok, offending }) => {
      if (ok) return `ok  ${rule}`;
      const more = offending.length > SHOWN_IDS ? ` (+${offending.length - SHOWN_IDS} more)` : '';
      return `FAIL ${rule}: ${offending.slice(0, SHOWN_IDS).join(', ')}${more}`;
    })
    .join('\n');
}
