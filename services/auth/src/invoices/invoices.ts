import {
  centsToEuros,
  type Invoice,
  type InvoiceSaleType,
  type InvoiceSettings,
  type InvoiceSettingsBody,
  type InvoiceStatus,
  UUID,
} from '@esim/contracts';
import { containsPattern, countOf, sortColumn, type ListQuery } from '@esim/platform';
import type { Knex } from 'knex';
import type { InvoiceBuyer, InvoiceLine, InvoiceSale } from './port';
import { lineTotal, totalsOf, vatIncluded } from './vat';

/** One document as stored: the sale's facts as they were, and where issuing it stands. */
export interface InvoiceRow {
  id: string;
  kind: 'invoice' | 'return';
  sale_id: string;
  return_id: string | null;
  sale_type: InvoiceSaleType;
  sale_number: string;
  account_id: string;
  locale: string;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  total_cents: string | number;
  vat_cents: string | number;
  currency: string;
  /** Kept as JSON, so its date comes back as text: the issuer makes it a Date again. */
  payment: (Omit<InvoiceSale['payment'], 'paidAt'> & { paidAt: string }) | null;
  sale_url: string | null;
  sold_at: Date;
  provider: string | null;
  provider_id: string | null;
  number: string | null;
  status: InvoiceStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  lease_owner: string | null;
  leased_until: Date | null;
  invoice_id: string | null;
  created_at: Date;
  issued_at: Date | null;
}

export function invoiceView(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    kind: row.kind,
    sale_id: row.sale_id,
    return_id: row.return_id,
    sale_type: row.sale_type,
    sale_number: row.sale_number,
    account_id: row.account_id,
    buyer_name: row.buyer.name,
    buyer_email: row.buyer.email,
    buyer_tax_number: row.buyer.taxNumber,
    buyer_tax_office: row.buyer.taxOffice ?? null,
    lines: row.lines.map((line) => ({
      description: line.description,
      quantity: line.quantity,
      unit_price: centsToEuros(line.unitPriceCents),
      unit_price_cents: line.unitPriceCents,
      vat_rate: line.vatRate,
      vat_cents: vatIncluded(lineTotal(line), line.vatRate),
      total_cents: lineTotal(line),
    })),
    total: centsToEuros(Number(row.total_cents)),
    total_cents: Number(row.total_cents),
    vat: centsToEuros(Number(row.vat_cents)),
    vat_cents: Number(row.vat_cents),
    currency: row.currency,
    provider: row.provider,
    provider_id: row.provider_id,
    number: row.number,
    status: row.status,
    attempts: row.attempts,
    last_error: row.last_error,
    next_attempt_at: row.status === 'pending' && row.next_attempt_at ? row.next_attempt_at.toISOString() : null,
    invoice_id: row.invoice_id,
    created_at: row.created_at.toISOString(),
    issued_at: row.issued_at ? row.issued_at.toISOString() : null,
  };
}

// ── settings ──

interface SettingsRow {
  vat_esim: number;
  vat_top_up: number;
  vat_physical_sim: number;
  updated_by: string | null;
  updated_at: Date | null;
}

/** The one settings row, read where it is applied (never cached: a change holds from the next sale in every copy). */
export async function readInvoiceSettings(db: Knex | Knex.Transaction): Promise<InvoiceSettings> {
  const row = (await db('invoice_settings').where({ id: true }).first()) as SettingsRow;
  return {
    vat_esim: row.vat_esim,
    vat_top_up: row.vat_top_up,
    vat_physical_sim: row.vat_physical_sim,
    updated_by: row.updated_by,
    updated_at: row.updated_at ? row.updated_at.toISOString() : null,
  };
}

/** Changes the rates named and keeps the rest; who changed them last is kept on the row. */
export async function writeInvoiceSettings(
  db: Knex,
  body: InvoiceSettingsBody,
  adminId: string,
): Promise<InvoiceSettings> {
  const changes = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  await db('invoice_settings')
    .where({ id: true })
    .update({ ...changes, updated_by: adminId, updated_at: db.fn.now() });
  return readInvoiceSettings(db);
}

export const vatRateOf = (settings: InvoiceSettings, type: InvoiceSaleType): number =>
  type === 'esim' ? settings.vat_esim : type === 'top_up' ? settings.vat_top_up : settings.vat_physical_sim;

// ── recording sales and refunds (in the event handler's transaction) ──

/** The buyer as the document names them, read from auth's own accounts when the sale is recorded. */
export async function buyerOf(trx: Knex.Transaction, accountId: string): Promise<InvoiceBuyer | undefined> {
  const user = (await trx('users')
    .leftJoin('dealer_profiles', 'dealer_profiles.user_id', 'users.id')
    .where('users.id', accountId)
    .first(
      'users.full_name',
      'users.email',
      'dealer_profiles.company_name',
      'dealer_profiles.tax_number',
      'dealer_profiles.tax_office',
      'dealer_profiles.address',
    )) as
    | {
        full_name: string;
        email: string;
        company_name: string | null;
        tax_number: string | null;
        tax_office: string | null;
        address: string | null;
      }
    | undefined;
  if (!user) return undefined;
  return {
    accountId,
    name: user.company_name ?? user.full_name,
    email: user.email,
    taxNumber: user.tax_number,
    taxOffice: user.tax_office,
    city: null,
    address: user.address,
  };
}

export interface SaleInput {
  saleId: string;
  saleType: InvoiceSaleType;
  saleNumber: string;
  accountId: string;
  locale: 'tr' | 'en';
  soldAt: Date;
  /** The lines without their VAT rate: it comes from the settings of the sale's type. */
  lines: Array<Omit<InvoiceLine, 'vatRate'>>;
  payment: InvoiceSale['payment'];
  url: string;
}

/**
 * Writes the pending invoice of a sale, once: a second delivery of the same sale finds the unique
 * key taken and changes nothing. Undefined when the buyer is no account of ours.
 */
export async function recordSale(trx: Knex.Transaction, sale: SaleInput): Promise<string | undefined> {
  const buyer = await buyerOf(trx, sale.accountId);
  if (!buyer) return undefined;
  const rate = vatRateOf(await readInvoiceSettings(trx), sale.saleType);
  const lines: InvoiceLine[] = sale.lines.map((line) => ({ ...line, vatRate: rate }));
  const totals = totalsOf(lines);
  const insert = trx('invoices').insert({
    kind: 'invoice',
    sale_id: sale.saleId,
    sale_type: sale.saleType,
    sale_number: sale.saleNumber,
    account_id: sale.accountId,
    locale: sale.locale,
    buyer: JSON.stringify(buyer),
    lines: JSON.stringify(lines),
    total_cents: totals.totalCents,
    vat_cents: totals.vatCents,
    payment: JSON.stringify(sale.payment),
    sale_url: sale.url,
    sold_at: sale.soldAt,
  });
  const result = await trx.raw(`? ON CONFLICT (sale_id) WHERE kind = 'invoice' DO NOTHING RETURNING id`, [insert]);
  return (result.rows[0] as { id: string } | undefined)?.id;
}

/**
 * Writes the pending return document of a refund, pointing at the sale's invoice, once per refund.
 * A sale without an invoice (a dealer's eSIM order, which gets no receipt) gets no return document.
 */
export async function recordReturn(
  trx: Knex.Transaction,
  input: { returnId: string; saleId: string; description: string; amountCents: number },
): Promise<string | undefined> {
  const invoice = (await trx('invoices').where({ kind: 'invoice', sale_id: input.saleId }).first()) as
    InvoiceRow | undefined;
  if (!invoice || input.amountCents <= 0) return undefined;
  const rate = invoice.lines[0]?.vatRate ?? 0;
  const lines: InvoiceLine[] = [
    { description: input.description, quantity: 1, unitPriceCents: input.amountCents, vatRate: rate },
  ];
  const totals = totalsOf(lines);
  const insert = trx('invoices').insert({
    kind: 'return',
    sale_id: invoice.sale_id,
    return_id: input.returnId,
    invoice_id: invoice.id,
    sale_type: invoice.sale_type,
    sale_number: invoice.sale_number,
    account_id: invoice.account_id,
    locale: invoice.locale,
    buyer: JSON.stringify(invoice.buyer),
    lines: JSON.stringify(lines),
    total_cents: totals.totalCents,
    vat_cents: totals.vatCents,
    sold_at: trx.fn.now(),
  });
  const result = await trx.raw(`? ON CONFLICT (return_id) WHERE kind = 'return' DO NOTHING RETURNING id`, [insert]);
  return (result.rows[0] as { id: string } | undefined)?.id;
}

// ── reading ──

export async function findInvoice(db: Knex, id: string): Promise<InvoiceRow | undefined> {
  return (await db('invoices').where({ id }).first()) as InvoiceRow | undefined;
}

/** The buyer's issued invoice of one of their orders; undefined for anyone else's, or until it is issued. */
export async function issuedInvoiceOfSale(
  db: Knex,
  accountId: string,
  saleId: string,
): Promise<InvoiceRow | undefined> {
  return (await db('invoices')
    .where({ kind: 'invoice', sale_id: saleId, account_id: accountId, status: 'issued' })
    .first()) as InvoiceRow | undefined;
}

const SORTS: Record<string, string> = {
  created_at: 'created_at',
  issued_at: 'issued_at',
  number: 'number',
  sale_number: 'sale_number',
  total: 'total_cents',
  total_cents: 'total_cents',
  vat: 'vat_cents',
  vat_cents: 'vat_cents',
  status: 'status',
  attempts: 'attempts',
  buyer_name: "buyer->>'name'",
};

export async function listInvoices(
  db: Knex,
  query: ListQuery,
  filters: { status?: InvoiceStatus; saleType?: InvoiceSaleType; kind?: 'invoice' | 'return' },
): Promise<{ items: Invoice[]; total: number }> {
  const base = db('invoices').modify((q) => {
    if (filters.status) q.where('status', filters.status);
    if (filters.saleType) q.where('sale_type', filters.saleType);
    if (filters.kind) q.where('kind', filters.kind);
    if (query.ids)
      q.whereIn(
        'id',
        query.ids.filter((id) => UUID.test(id)),
      );
    if (query.startDate) q.where('created_at', '>=', new Date(query.startDate));
    if (query.endDate) q.where('created_at', '<=', new Date(query.endDate));
    if (query.search) {
      const like = containsPattern(query.search);
      q.where((w) =>
        w
          .whereILike('number', like)
          .orWhereILike('sale_number', like)
          .orWhereRaw(`buyer->>'name' ILIKE ?`, [like])
          .orWhereRaw(`buyer->>'email' ILIKE ?`, [like]),
      );
    }
  });
  const total = await countOf(base);
  const sort = sortColumn(query, SORTS, { column: 'created_at', order: 'DESC' });
  const rows = (await base
    .clone()
    .orderByRaw(`${sort.column} ${sort.order === 'ASC' ? 'ASC' : 'DESC'} NULLS LAST`)
    .orderBy('id')
    .limit(query.limit)
    .offset(query.offset)) as InvoiceRow[];
  return { items: rows.map(invoiceView), total };
}

/**
 * "Issue again": a failed or pending document is due now, its attempts kept. An issued one is left
 * as it is, so pressing twice, or after it went out, changes nothing.
 */
export async function retryInvoice(db: Knex, id: string): Promise<InvoiceRow | undefined> {
  await db('invoices')
    .where({ id })
    .whereIn('status', ['failed', 'pending'])
    .update({ status: 'pending', next_attempt_at: db.fn.now() });
  return findInvoice(db, id);
}
