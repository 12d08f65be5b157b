/**
 * The invoicing port: how the shop asks an e-invoice integrator (Paraşüt, or the demo provider) for
 * the e-Arşiv invoice of a completed sale and for the return document of a refund. Amounts are
 * integer euro cents, VAT included; rates are whole percent. Every call may be repeated with the
 * same `saleId` / `returnId` (our ids, sent to the provider as its invoice's description or id) and
 * must then answer the document issued the first time, never a second one.
 */
export interface InvoiceLine {
  /** What was sold, in the buyer's language ("Türkiye 3 GB · 7 gün (TR-7D-3GB)"). */
  description: string;
  quantity: number;
  /** One unit's price, VAT included, in euro cents. */
  unitPriceCents: number;
  /** VAT percent for this product type, from the shop's settings (e.g. 20). */
  vatRate: number;
}

export interface InvoiceBuyer {
  /** Our account id: the provider's contact is found or created once per buyer. */
  accountId: string;
  name: string;
  email: string;
  /** TCKN or VKN when the buyer gave one; an e-Arşiv for a consumer without one uses 11111111111. */
  taxNumber: string | null;
  /** A company's tax office (vergi dairesi), printed beside its tax number; absent on older snapshots. */
  taxOffice?: string | null;
  city: string | null;
  address: string | null;
}

export interface InvoiceSale {
  /** Our id of the sale (order id): the key that makes issuing idempotent. */
  saleId: string;
  /** The order number people read ("ES-2026-000123"). */
  saleNumber: string;
  issuedAt: Date;
  currency: 'EUR';
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
  /** How the buyer paid, as e-Arşiv's internet-sale section names it. */
  payment: { type: 'card' | 'balance' | 'bank_transfer'; platform: string | null; paidAt: Date };
  /** The shop's page of the sale (e-Arşiv internet_sale.url). */
  url: string;
}

export interface InvoiceReturn {
  /** Our id of the refund: the key that makes issuing idempotent. */
  returnId: string;
  /** The invoice this return document answers. */
  invoice: IssuedInvoice;
  issuedAt: Date;
  buyer: InvoiceBuyer;
  lines: InvoiceLine[];
}

export interface IssuedInvoice {
  /** The provider's id of the document (Paraşüt's sales_invoice id, the demo's own). */
  providerId: string;
  /** The document's number on the provider (e-Arşiv number, e.g. "DEM2026000000123"). */
  number: string;
  /** Cents, VAT included, and the VAT in it. */
  totalCents: number;
  vatCents: number;
}

/** A refusal the provider will give again (bad tax number, a closed company): retrying does not help. */
export class InvoiceRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceRefused';
  }
}

/** The provider is busy or unreachable, or its job is still running: ask again later with the same ids. */
export class InvoiceNotYet extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvoiceNotYet';
  }
}

export interface InvoiceProvider {
  readonly name: 'demo' | 'parasut';
  /** Issues (or finds, when it was issued before) the e-Arşiv invoice of a sale. */
  issue(sale: InvoiceSale): Promise<IssuedInvoice>;
  /** Issues (or finds) the return document of a refund of an invoiced sale. */
  issueReturn(ret: InvoiceReturn): Promise<IssuedInvoice>;
  /** The document as a PDF, fetched now (Paraşüt's PDF links last an hour: never hand them out). */
  pdf(invoice: IssuedInvoice): Promise<Buffer>;
}
