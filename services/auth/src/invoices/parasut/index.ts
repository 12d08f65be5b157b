import { createHash } from 'node:crypto';
import { istanbulDate, type Redis } from '@esim/platform';
import {
  InvoiceNotYet,
  InvoiceRefused,
  type InvoiceBuyer,
  type InvoiceLine,
  type InvoiceProvider,
  type InvoiceSale,
  type IssuedInvoice,
} from '../port';
import { centsOf, parasutLines } from './amounts';
import { createParasutClient, type ParasutAnswer } from './client';
import { parasutSettings, type ParasutConfig } from './config';

export { parasutConfigSchema, parasutSettings, type ParasutConfig, type ParasutSettings } from './config';
export { splitGross, parasutLines, centsOf } from './amounts';

export interface ParasutDeps {
  /** The service's Redis (its key prefix applied): the token pair, contact ids and running jobs are shared there. */
  redis: Redis;
  log?: { warn(message: string): void };
  /** Per call (default 20 s). */
  timeoutMs?: number;
  /** How long one issue() waits for Paraşüt's e-archive job before answering InvoiceNotYet (default 10 s). */
  jobWaitMs?: number;
  /** How often the job is asked meanwhile (default 1 s). */
  jobPollMs?: number;
}

/** The placeholder TCKN an e-Arşiv names for a consumer who gave none. */
const CONSUMER_TCKN = '11111111111';
/** A running e-archive job's id is kept this long, so a retry polls it instead of asking for a second one. */
const JOB_KEY_TTL_SECONDS = 7 * 24 * 3600;

interface Resource {
  id: string;
  type: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, { data?: { id: string; type: string } | Array<{ id: string; type: string }> | null }>;
}
interface Document {
  data?: Resource | Resource[] | null;
  included?: Resource[];
  errors?: Array<{ title?: string; detail?: string; source?: { pointer?: string } }>;
}

const PAYMENT_TYPES: Record<InvoiceSale['payment']['type'], string> = {
  card: 'KREDIKARTI/BANKAKARTI',
  bank_transfer: 'EFT/HAVALE',
  // The shop balance was paid in by transfer or card beforehand; e-Arşiv has no "prepaid balance" type.
  balance: 'EFT/HAVALE',
};

/** What Paraşüt said was wrong, field by field, for a person to read. */
function errorText(answer: ParasutAnswer): string {
  const errors = (answer.body as Document | null)?.errors ?? [];
  const parts = errors.map((e) => [e.source?.pointer, e.detail || e.title].filter(Boolean).join(': '));
  return parts.length > 0 ? parts.join('; ') : `HTTP ${answer.status}`;
}

/** 429, 5xx and anything unexpected: ask again later; a 4xx: Paraşüt will say the same again. */
function fail(what: string, answer: ParasutAnswer): never {
  if (answer.status === 429 || answer.status >= 500)
    throw new InvoiceNotYet(`Paraşüt ${what}: answered ${answer.status}`);
  if (answer.status >= 400 && answer.status < 500)
    throw new InvoiceRefused(`Paraşüt ${what} refused (${answer.status}): ${errorText(answer)}`);
  throw new InvoiceNotYet(`Paraşüt ${what}: unexpected answer ${answer.status}`);
}

function checkLines(lines: InvoiceLine[]) {
  if (lines.length === 0) throw new InvoiceRefused('an invoice needs at least one line');
  for (const line of lines) {
    if (!Number.isInteger(line.quantity) || line.quantity <= 0)
      throw new InvoiceRefused(`line "${line.description}": quantity must be a whole number above 0`);
    if (!Number.isInteger(line.unitPriceCents) || line.unitPriceCents < 0)
      throw new InvoiceRefused(`line "${line.description}": unitPriceCents must be whole cents`);
    if (!Number.isInteger(line.vatRate) || line.vatRate < 0 || line.vatRate > 100)
      throw new InvoiceRefused(`line "${line.description}": vatRate must be a whole percent`);
  }
}

/** What a buyer's Paraşüt contact says: what its e-Arşiv documents print. */
function contactAttributes(buyer: InvoiceBuyer): Record<string, string> {
  const taxNumber = buyer.taxNumber?.trim() || CONSUMER_TCKN;
  return {
    name: buyer.name,
    email: buyer.email,
    // A 10-digit VKN is a company's; an 11-digit TCKN (or the consumer placeholder) a person's.
    contact_type: taxNumber.length === 10 ? 'company' : 'person',
    account_type: 'customer',
    tax_number: taxNumber,
    ...(buyer.taxOffice?.trim() ? { tax_office: buyer.taxOffice.trim() } : {}),
    ...(buyer.city ? { city: buyer.city } : {}),
    ...(buyer.address ? { address: buyer.address } : {}),
  };
}

/**
 * Paraşüt API v4 behind the invoicing port. A sale becomes a Paraşüt contact (found by e-mail, made
 * once, its details kept up to date with the buyer's), a sales invoice whose description carries our sale id (looked up before one is made, so a
 * lost answer never makes a second invoice), and an e-Arşiv of it with the internet-sale section,
 * made by a trackable job polled for a short while. A refund becomes a sales invoice of item type
 * "refund" carrying our return id, e-archived the same way, so it too has a number and a PDF.
 */
export function parasutInvoiceProvider(config: Partial<ParasutConfig>, deps: ParasutDeps): InvoiceProvider {
  const settings = parasutSettings(config);
  if (!settings)
    throw new Error(
      'Paraşüt is not configured: set PARASUT_CLIENT_ID, PARASUT_CLIENT_SECRET, PARASUT_USERNAME, PARASUT_PASSWORD and PARASUT_COMPANY_ID',
    );
  const { redis } = deps;
  const client = createParasutClient({ settings, redis, timeoutMs: deps.timeoutMs ?? 20_000 });
  const jobWaitMs = deps.jobWaitMs ?? 10_000;
  const jobPollMs = deps.jobPollMs ?? 1_000;
  const contactKey = (accountId: string) => `parasut:contact:${client.account}:${accountId}`;
  const jobKey = (invoiceId: string) => `parasut:e-archive-job:${client.account}:${invoiceId}`;

  /**
   * The buyer's Paraşüt contact, with the buyer's details as this sale names them: an e-Arşiv
   * document prints the contact, so a dealer's new tax number, tax office or address is written
   * to its contact before the invoice. The id is cached with a digest of what was written, so an
   * unchanged buyer costs one Redis read.
   */
  async function contactFor(buyer: InvoiceBuyer): Promise<string> {
    const attributes = contactAttributes(buyer);
    const digest = createHash('sha256').update(JSON.stringify(attributes)).digest('hex').slice(0, 16);
    const [cachedId, cachedDigest] = (await redis.get(contactKey(buyer.accountId)))?.split(' ') ?? [];
    if (cachedId && cachedDigest === digest) return cachedId;
    let id = cachedId && (await editContact(cachedId, attributes)) ? cachedId : undefined;
    if (!id) {
      const found = await findContact(buyer.email);
      if (found && (await editContact(found, attributes))) id = found;
    }
    if (!id) {
      const made = await client.request('POST', '/contacts', { json: { data: { type: 'contacts', attributes } } });
      if (made.status !== 201 && made.status !== 200) fail('contact', made);
      id = ((made.body as Document).data as Resource).id;
    }
    await redis.set(contactKey(buyer.accountId), `${id} ${digest}`, 'EX', 30 * 24 * 3600);
    return id;
  }

  async function findContact(email: string): Promise<string | undefined> {
    const found = await client.request('GET', '/contacts', { query: { 'filter[email]': email } });
    if (found.status !== 200) fail('contact lookup', found);
    return ((found.body as Document).data as Resource[] | undefined)?.find(
      (contact) => String(contact.attributes?.email ?? '').toLowerCase() === email.toLowerCase(),
    )?.id;
  }

  /** Writes a contact's attributes (PUT: the ones given replace theirs); false when Paraşüt has no such contact any more. */
  async function editContact(id: string, attributes: Record<string, string>): Promise<boolean> {
    const edited = await client.request('PUT', `/contacts/${encodeURIComponent(id)}`, {
      json: { data: { id, type: 'contacts', attributes } },
    });
    if (edited.status === 404) return false;
    if (edited.status !== 200) fail('contact update', edited);
    return true;
  }

  /**
   * The sales invoice whose description carries `marker`, with its e-document, if Paraşüt has one.
   * The buyer's newest invoices are asked for too, so the match holds even where Paraşüt ignores the
   * description filter; the marker is then checked here.
   */
  async function findInvoice(marker: string, itemType: 'invoice' | 'refund', contactId: string) {
    const answer = await client.request('GET', '/sales_invoices', {
      query: {
        'filter[description]': marker,
        'filter[contact_id]': contactId,
        'filter[item_type]': itemType,
        sort: '-issue_date',
        'page[size]': '25',
        include: 'active_e_document',
      },
    });
    if (answer.status !== 200) fail('invoice lookup', answer);
    const doc = answer.body as Document;
    const invoice = ((doc.data as Resource[] | undefined) ?? []).find((i) =>
      String(i.attributes?.description ?? '').includes(marker),
    );
    return invoice ? { invoice, included: doc.included ?? [] } : null;
  }

  async function readInvoice(id: string) {
    const answer = await client.request('GET', `/sales_invoices/${encodeURIComponent(id)}`, {
      query: { include: 'active_e_document' },
    });
    if (answer.status !== 200) fail('invoice', answer);
    const doc = answer.body as Document;
    return { invoice: doc.data as Resource, included: doc.included ?? [] };
  }

  /** The issued document when the invoice has its e-Arşiv, else null. */
  function issuedOf(found: { invoice: Resource; included: Resource[] }): IssuedInvoice | null {
    const ref = found.invoice.relationships?.active_e_document?.data;
    if (!ref || Array.isArray(ref)) return null;
    const archive = found.included.find((r) => r.id === ref.id && r.type === ref.type);
    const number = archive?.attributes?.invoice_number;
    if (typeof number !== 'string' || !number) return null;
    const totalCents = centsOf(found.invoice.attributes?.gross_total);
    const vatCents = centsOf(found.invoice.attributes?.total_vat);
    if (totalCents === null || vatCents === null) throw new InvoiceNotYet('Paraşüt invoice: no totals in its answer');
    return { providerId: found.invoice.id, number, totalCents, vatCents };
  }

  async function createInvoice(
    itemType: 'invoice' | 'refund',
    description: string,
    issuedAt: Date,
    contactId: string,
    lines: InvoiceLine[],
  ) {
    const priced = parasutLines(lines);
    const answer = await client.request('POST', '/sales_invoices', {
      json: {
        data: {
          type: 'sales_invoices',
          attributes: {
            item_type: itemType,
            description,
            issue_date: istanbulDate(issuedAt),
            currency: 'EUR',
          },
          relationships: {
            contact: { data: { id: contactId, type: 'contacts' } },
            details: {
              data: priced.lines.map((line) => ({
                type: 'sales_invoice_details',
                attributes: {
                  quantity: line.quantity,
                  unit_price: line.unitPrice,
                  vat_rate: line.vatRate,
                  description: line.description,
                },
              })),
            },
          },
        },
      },
    });
    if (answer.status !== 201 && answer.status !== 200) fail('sales invoice', answer);
    const invoice = (answer.body as Document).data as Resource;
    const gross = centsOf(invoice.attributes?.gross_total);
    if (gross !== null && gross !== priced.grossCents)
      deps.log?.warn(
        `Paraşüt invoice ${invoice.id}: its total ${gross} cents differs from ours (${priced.grossCents}); the invoice's figures stand`,
      );
    return invoice;
  }

  /** A taxpayer with an e-Fatura inbox must get an e-Fatura, which this adapter does not issue. */
  async function checkNotEInvoiceTaxpayer(buyer: InvoiceBuyer) {
    const taxNumber = buyer.taxNumber?.trim();
    if (!taxNumber || taxNumber === CONSUMER_TCKN) return;
    const answer = await client.request('GET', '/e_invoice_inboxes', { query: { 'filter[vkn]': taxNumber } });
    if (answer.status !== 200) fail('e-invoice inbox lookup', answer);
    const inboxes = (answer.body as Document).data;
    if (Array.isArray(inboxes) && inboxes.length > 0)
      throw new InvoiceRefused(
        `the buyer ${taxNumber} is registered for e-Fatura: issue an e-Fatura by hand in Paraşüt (this adapter issues e-Arşiv only)`,
      );
  }

  /** Has the invoice e-archived (or finds it was) and answers the issued document. */
  async function archive(invoiceId: string, internetSale: Record<string, unknown> | null): Promise<IssuedInvoice> {
    let jobId = await redis.get(jobKey(invoiceId));
    if (!jobId) {
      const answer = await client.request('POST', '/e_archives', {
        json: {
          data: {
            type: 'e_archives',
            attributes: internetSale ? { internet_sale: internetSale } : {},
            relationships: { sales_invoice: { data: { id: invoiceId, type: 'sales_invoices' } } },
          },
        },
      });
      if (answer.status === 422) {
        // One e-document per invoice: an earlier request (its answer lost) may have made it, or be making it.
        const now = issuedOf(await readInvoice(invoiceId));
        if (now) return now;
        const fieldErrors = ((answer.body as Document | null)?.errors ?? []).some((e) => e.source?.pointer);
        if (fieldErrors) fail('e-archive', answer);
        throw new InvoiceNotYet(`Paraşüt e-archive of invoice ${invoiceId}: ${errorText(answer)}`);
      }
      if (answer.status !== 202 && answer.status !== 201 && answer.status !== 200) fail('e-archive', answer);
      jobId = ((answer.body as Document).data as Resource).id;
      await redis.set(jobKey(invoiceId), jobId, 'EX', JOB_KEY_TTL_SECONDS);
    }
    const until = Date.now() + jobWaitMs;
    for (;;) {
      const answer = await client.request('GET', `/trackable_jobs/${encodeURIComponent(jobId)}`);
      if (answer.status === 404) {
        // Paraşüt forgot the job: look at the invoice, and ask for the e-archive again next time.
        await redis.del(jobKey(invoiceId));
        const now = issuedOf(await readInvoice(invoiceId));
        if (now) return now;
        throw new InvoiceNotYet(`Paraşüt e-archive job ${jobId} is gone; it is asked for again next time`);
      }
      if (answer.status !== 200) fail('e-archive job', answer);
      const attributes = ((answer.body as Document).data as Resource).attributes ?? {};
      if (attributes.status === 'done') {
        await redis.del(jobKey(invoiceId));
        const now = issuedOf(await readInvoice(invoiceId));
        if (now) return now;
        throw new InvoiceNotYet(
          `Paraşüt e-archive job ${jobId} is done but invoice ${invoiceId} shows no e-document yet`,
        );
      }
      if (attributes.status === 'error') {
        // The next try asks for a new e-archive (after someone fixed what Paraşüt named).
        await redis.del(jobKey(invoiceId));
        const errors = Array.isArray(attributes.errors) ? attributes.errors.map(String).join('; ') : 'no reason given';
        throw new InvoiceRefused(`Paraşüt refused the e-archive of invoice ${invoiceId}: ${errors}`);
      }
      if (Date.now() + jobPollMs > until)
        throw new InvoiceNotYet(`Paraşüt e-archive job ${jobId} is still running; ask again later`);
      await new Promise((resolve) => setTimeout(resolve, jobPollMs));
    }
  }

  return {
    name: 'parasut',

    async issue(sale) {
      checkLines(sale.lines);
      const marker = `[sale:${sale.saleId}]`;
      const contactId = await contactFor(sale.buyer);
      const found = await findInvoice(marker, 'invoice', contactId);
      if (found) {
        const issued = issuedOf(found);
        if (issued) return issued;
      }
      await checkNotEInvoiceTaxpayer(sale.buyer);
      const invoiceId =
        found?.invoice.id ??
        (await createInvoice('invoice', `${sale.saleNumber} ${marker}`, sale.issuedAt, contactId, sale.lines)).id;
      return archive(invoiceId, {
        url: sale.url,
        payment_type: PAYMENT_TYPES[sale.payment.type],
        payment_platform: sale.payment.platform ?? new URL(sale.url).hostname,
        payment_date: istanbulDate(sale.payment.paidAt),
      });
    },

    async issueReturn(ret) {
      checkLines(ret.lines);
      const marker = `[return:${ret.returnId}]`;
      const contactId = await contactFor(ret.buyer);
      const found = await findInvoice(marker, 'refund', contactId);
      if (found) {
        const issued = issuedOf(found);
        if (issued) return issued;
      }
      const invoiceId =
        found?.invoice.id ??
        (await createInvoice('refund', `İade: ${ret.invoice.number} ${marker}`, ret.issuedAt, contactId, ret.lines)).id;
      return archive(invoiceId, null);
    },

    async pdf(invoice) {
      const found = await readInvoice(invoice.providerId);
      const ref = found.invoice.relationships?.active_e_document?.data;
      if (!ref || Array.isArray(ref))
        throw new InvoiceNotYet(`Paraşüt invoice ${invoice.providerId} has no e-document yet`);
      const answer = await client.request('GET', `/e_archives/${encodeURIComponent(ref.id)}/pdf`);
      // Paraşüt answers no link while the PDF is still being made.
      if (answer.status === 404 || answer.status === 204) throw new InvoiceNotYet('Paraşüt PDF: not ready yet');
      if (answer.status !== 200) fail('PDF', answer);
      const url = ((answer.body as Document).data as Resource | null)?.attributes?.url;
      if (typeof url !== 'string') throw new InvoiceNotYet('Paraşüt PDF: not ready yet');
      // The link lasts an hour: it is fetched now and never handed on.
      const file = await client.download(url);
      if (file.status !== 200 || file.bytes.subarray(0, 4).toString('latin1') !== '%PDF')
        throw new InvoiceNotYet(`Paraşüt PDF download answered ${file.status}`);
      return file.bytes;
    },
  };
}
