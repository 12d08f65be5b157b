import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Knex } from 'knex';
import { repeatingWork, retryDelayMs, type ServingWork } from '@esim/platform';
import { InvoiceRefused, type InvoiceProvider, type IssuedInvoice } from './port';
import type { InvoiceRow } from './invoices';

export interface IssueOptions {
  /** The first retry's delay; each further one doubles it, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Rows taken per round trip to the database. */
  batch?: number;
  /** Names this process's leases (tests run two "copies" in one process). */
  owner?: string;
  log?: FastifyBaseLogger;
  stopped?: () => boolean;
}

/** Long enough for a provider call to time out: a row taken is another copy's again only after it. */
export const INVOICE_LEASE_MS = 120_000;
const BATCH = 50;

/**
 * The documents due a provider call, leased to `owner` (another copy skips them until the lease
 * ends); a return document only once its invoice is issued, as it has to name that invoice.
 */
async function takeDue(db: Knex, owner: string, limit: number): Promise<InvoiceRow[]> {
  const taken = await db.raw(
    `UPDATE invoices SET lease_owner = ?, leased_until = now() + (? * interval '1 millisecond'), attempts = attempts + 1
      WHERE id IN (
        SELECT c.id FROM invoices c
         WHERE c.status = 'pending' AND c.next_attempt_at <= now()
           AND (c.leased_until IS NULL OR c.leased_until <= now())
           AND (c.kind = 'invoice'
                OR EXISTS (SELECT 1 FROM invoices p WHERE p.id = c.invoice_id AND p.status = 'issued'))
         ORDER BY c.next_attempt_at LIMIT ? FOR UPDATE OF c SKIP LOCKED)
      RETURNING *`,
    [owner, INVOICE_LEASE_MS, limit],
  );
  return taken.rows as InvoiceRow[];
}

async function callProvider(db: Knex, provider: InvoiceProvider, row: InvoiceRow): Promise<IssuedInvoice> {
  if (row.kind === 'invoice') {
    return provider.issue({
      saleId: row.sale_id,
      saleNumber: row.sale_number,
      issuedAt: row.sold_at,
      currency: 'EUR',
      buyer: row.buyer,
      lines: row.lines,
      payment: row.payment
        ? { ...row.payment, paidAt: new Date(row.payment.paidAt) }
        : { type: 'balance', platform: null, paidAt: row.sold_at },
      url: row.sale_url ?? '',
    });
  }
  const invoice = (await db('invoices').where({ id: row.invoice_id }).first()) as InvoiceRow;
  return provider.issueReturn({
    returnId: row.return_id!,
    invoice: {
      providerId: invoice.provider_id!,
      number: invoice.number!,
      totalCents: Number(invoice.total_cents),
      vatCents: Number(invoice.vat_cents),
    },
    issuedAt: row.sold_at,
    buyer: row.buyer,
    lines: row.lines,
  });
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * One document through the provider, outside any transaction; the outcome is written only while
 * this process still holds the lease, so a copy that took the row after a timed-out lease wins.
 */
async function issueOne(
  db: Knex,
  provider: InvoiceProvider,
  row: InvoiceRow,
  owner: string,
  options: IssueOptions,
): Promise<'issued' | 'failed' | 'retry'> {
  const mine = () => db('invoices').where({ id: row.id, lease_owner: owner, status: 'pending' });
  const release = { lease_owner: null, leased_until: null };
  try {
    const issued = await callProvider(db, provider, row);
    await mine().update({
      ...release,
      status: 'issued',
      provider: provider.name,
      provider_id: issued.providerId,
      number: issued.number,
      issued_at: db.fn.now(),
      last_error: null,
    });
    return 'issued';
  } catch (error) {
    if (error instanceof InvoiceRefused) {
      await mine().update({ ...release, status: 'failed', provider: provider.name, last_error: messageOf(error) });
      return 'failed';
    }
    // Busy, unreachable or still working (InvoiceNotYet, a network error): the same ids are asked again later.
    const delay = retryDelayMs(row.attempts, options);
    await mine().update({
      ...release,
      provider: provider.name,
      last_error: messageOf(error),
      next_attempt_at: db.raw(`now() + (? * interval '1 millisecond')`, [delay]),
    });
    options.log?.warn(
      { err: error, invoice: row.id, attempts: row.attempts },
      'invoice not issued yet, retrying later',
    );
    return 'retry';
  }
}

/** One pass over the documents due: each is issued, refused or put off; returns what became of them. */
export async function issueDueInvoices(
  db: Knex,
  provider: InvoiceProvider,
  options: IssueOptions,
): Promise<{ issued: number; failed: number; retry: number }> {
  const owner = options.owner ?? randomUUID();
  const counts = { issued: 0, failed: 0, retry: 0 };
  for (;;) {
    const rows = await takeDue(db, owner, options.batch ?? BATCH);
    let issued = 0;
    for (const row of rows) {
      const outcome = await issueOne(db, provider, row, owner, options);
      counts[outcome] += 1;
      if (outcome === 'issued') issued += 1;
    }
    // More may be due: a full batch left some behind, and a return whose invoice was just issued is due now.
    if ((rows.length < (options.batch ?? BATCH) && issued === 0) || options.stopped?.()) break;
  }
  return counts;
}

/** The issuing loop as work the service does while it serves (started by runService, in every copy). */
export function invoiceIssuer(
  db: Knex,
  provider: InvoiceProvider,
  options: IssueOptions & { intervalMs: number; log: FastifyBaseLogger },
): ServingWork {
  const owner = randomUUID();
  return repeatingWork(
    'invoices',
    options.intervalMs,
    (stopped) => issueDueInvoices(db, provider, { ...options, owner, stopped }),
    (error) => options.log.error({ err: error }, 'invoice pass failed'),
  );
}
