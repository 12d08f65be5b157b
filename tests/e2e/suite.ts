import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerFlow, physicalSimFlow, retailFlow } from './flows';
import { runChecks, startRealSystem, type RealSystem } from './harness';

/**
 * The three business flows on the real processes `npm start` runs, over one event transport; then
 * the ledger and the cross-service consistency checks on what they left behind. Each transport has
 * its own test file so vitest runs the two systems side by side.
 */
export function businessFlowSuite(transport: RealSystem['transport'], label: string): void {
  let system: RealSystem;
  beforeAll(async () => {
    system = await startRealSystem({ transport });
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describe.concurrent(`business flows on the real processes, ${label}`, () => {
    it('retail: top-up, purchase, QR, signed usage, 80 % mail, refund', () => retailFlow(system), 90_000);
    it('dealer: credit, dealer price, purchase, cash collection up to the company', () => dealerFlow(system), 90_000);
    it('physical SIM: import, order, approval charged once, return refunded once, rejection released', () => physicalSimFlow(system), 90_000);
  });

  it('leaves a balanced ledger and services that agree', async () => {
    const checks = await runChecks(system);
    console.log(`ledger check:\n${checks.ledger.output}\nconsistency check:\n${checks.consistency.output}`);
    expect(checks.ledger.ok, checks.ledger.output).toBe(true);
    expect(checks.consistency.ok, checks.consistency.output).toBe(true);
  }, 90_000);
}
