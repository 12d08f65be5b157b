import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVICE_TOKEN_HEADER } from '@esim/platform';
import { SERVICES } from '../../infra/src/services';
import { portOf } from '../../infra/src/settings';
import { dealerFlow, physicalSimFlow, retailFlow } from './flows';
import { runChecks, startRealSystem, type RealSystem } from './harness';
import { cardReceiptFlow } from './receipts';
import { parasutInvoiceFlow } from './invoices';
import { partnerFlow } from './partner';
import { cardRefundFlow } from './refunds';
import { airaloFlow, esimAccessFlow } from './suppliers';

/** The internal credential of a run with copies, so the test can read each copy's /metrics. */
const REPLICAS_TOKEN = 'e2e-replicas-internal-token-0123456789';

/** Each copy's requests served (its /ready) and events handled (its /metrics), as `name: served / handled`. */
async function perCopyCounts(
  system: RealSystem,
  replicas: number,
): Promise<Map<string, { served: number; handled: number }>> {
  const base = Number(new URL(system.baseUrl).port);
  const counts = new Map<string, { served: number; handled: number }>();
  for (const service of SERVICES.filter((s) => s.name !== 'gateway')) {
    for (let replica = 0; replica < replicas; replica++) {
      const url = `http://127.0.0.1:${portOf(service, base, replica)}`;
      const ready = (await (await fetch(`${url}/ready`)).json()) as { served: number };
      const metrics = await (
        await fetch(`${url}/metrics`, { headers: { [SERVICE_TOKEN_HEADER]: REPLICAS_TOKEN } })
      ).text();
      const handled = Number(/^events_handled_total\{[^}]*\} (\d+)$/m.exec(metrics)?.[1] ?? 0);
      counts.set(`${service.name}-${replica + 1}`, { served: ready.served, handled });
    }
  }
  return counts;
}

/**
 * The three business flows on the real processes `npm start` runs, over one event transport; then
 * the ledger and the cross-service consistency checks on what they left behind. Each transport has
 * its own test file so vitest runs the two systems side by side.
 */
export function businessFlowSuite(
  transport: RealSystem['transport'],
  label: string,
  options: {
    replicas?: number;
    cardProvider?: RealSystem['cardProvider'];
    supplier?: 'airalo' | 'esimaccess';
    invoices?: 'fake-parasut';
  } = {},
): void {
  let system: RealSystem;
  beforeAll(async () => {
    const replicas = options.replicas ?? 1;
    system = await startRealSystem({
      transport,
      replicas,
      cardProvider: options.cardProvider,
      supplier: options.supplier,
      invoices: options.invoices,
      ...(replicas > 1 ? { env: { INTERNAL_SERVICE_TOKEN: REPLICAS_TOKEN } } : {}),
    });
  }, 180_000);
  afterAll(async () => {
    await system?.stop();
  }, 60_000);

  describe.concurrent(`business flows on the real processes, ${label}`, () => {
    it('retail: deposit, purchase, QR, signed usage, 80 % mail, refund', () => retailFlow(system), 90_000);
    it('dealer: credit, dealer price, purchase, cash collection up to the company', () => dealerFlow(system), 90_000);
    it(
      'physical SIM: import, order, approval charged once, return refunded once, rejections released, each decision mailed to the dealer',
      () => physicalSimFlow(system),
      90_000,
    );
    it(
      'retail by card: documents accepted, card and balance purchases, each receipt mailed as a PDF',
      () => cardReceiptFlow(system),
      90_000,
    );
    if (options.supplier === 'airalo')
      it(
        'Airalo: the QR is Airalo’s, its low-data webhook mails the buyer, a top-up adds data at Airalo once, a lost answer buys once, its balance refusal charges nothing',
        () => airaloFlow(system),
        90_000,
      );
    if (options.supplier === 'esimaccess')
      it(
        'eSIM Access: allocated 20 s later (processing, then its QR), a never-installed refund cancelled there first, a top-up added there once',
        () => esimAccessFlow(system),
        120_000,
      );
    if (options.invoices === 'fake-parasut')
      it(
        'e-Arşiv through Paraşüt: a card purchase invoiced at the fake Paraşüt (every request as documented), the PDF from the order page, the refund’s return document',
        () => parasutInvoiceFlow(system),
        90_000,
      );
    it(
      'partner API: a key and a webhook endpoint, a dry run, a keyed buy and its replay (one order), the signed webhook verified, the revoked key refused',
      () => partnerFlow(system),
      90_000,
    );
    it(
      `refund: the card's part to the card at ${options.cardProvider ?? 'the demo provider'}, the rest to the balance, the eSIM taken back, the mail sent`,
      () => cardRefundFlow(system),
      90_000,
    );
  });

  it('leaves a balanced ledger and services that agree', async () => {
    const checks = await runChecks(system);
    console.log(`ledger check:\n${checks.ledger.output}\nconsistency check:\n${checks.consistency.output}`);
    expect(checks.ledger.ok, checks.ledger.output).toBe(true);
    expect(checks.consistency.ok, checks.consistency.output).toBe(true);
  }, 90_000);

  if ((options.replicas ?? 1) > 1) {
    it('spread the requests over every copy of every service', async () => {
      const counts = await perCopyCounts(system, options.replicas!);
      console.log(
        `per copy (requests served / events handled): ${[...counts].map(([name, c]) => `${name} ${c.served}/${c.handled}`).join(', ')}`,
      );
      for (const [name, { served }] of counts) expect(served, `${name} served requests`).toBeGreaterThan(0);
    });
  }
}
