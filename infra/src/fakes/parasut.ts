import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A FAKE of Paraşüt's API v4 (built from Paraşüt's public API v4 docs; not Paraşüt), so the auth
 * service's real Paraşüt invoicing adapter can run with no Paraşüt account: in the tests, and in
 * demos. It holds its books in memory.
 *
 * What it plays, as Paraşüt documents it:
 * - POST /oauth/token: grant_type=password (client_id, client_secret, username, password,
 *   redirect_uri urn:ietf:wg:oauth:2.0:oob) and grant_type=refresh_token, fields as a form, JSON or
 *   query string, answering { access_token, token_type: "bearer", expires_in: 7200, refresh_token,
 *   created_at }. Every refresh hands out a NEW refresh token and the old one stops working; a wrong
 *   user or password or a used refresh token → 401 { error: "invalid_grant" } (a wrong client:
 *   invalid_client);
 * - everything else under /v4/{company_id}/ wants `Authorization: Bearer` (401 to a missing, unknown
 *   or expired token) and speaks JSON:API: POST/GET /contacts (tax_number and tax_office kept as
 *   sent; filter[email], filter[tax_number]), PUT /contacts/{id} (the attributes given replace
 *   the contact's; 404 for an unknown id),
 *   POST /sales_invoices (checked field by field; 422 with JSON:API errors whose source.pointer
 *   names the field), GET /sales_invoices (filter[description], a substring match,
 *   filter[contact_id] and filter[item_type], newest first), GET /sales_invoices/{id}
 *   (include=active_e_document,contact,details),
 *   GET /e_invoice_inboxes?filter[vkn]=, POST /e_archives with internet_sale → a trackable job,
 *   GET /trackable_jobs/{id} (running for `jobPolls` polls or `jobSeconds`, then done or error with
 *   errors[]),
 *   GET /e_archives/{id} and GET /e_archives/{id}/pdf → { data: { attributes: { url } } }, a link to
 *   a PDF the fake serves that stops working after `pdfUrlSeconds` (Paraşüt: one hour).
 *
 * Where the public material is thin the fake makes a plain choice, noted where it is made: a return
 * is a sales invoice with item_type "refund" (it is e-archived like a sale, so it has a number and a
 * PDF); a second e-archive for an invoice that has one, or whose job still runs, is a 422; the job
 * fails when the contact's tax number is not 10 or 11 digits. Fault modes (5xx, 429, a hang,
 * do-the-work-then-drop, 401, a job that ends in error) and token expiry are set through the control
 * API under /__fake, which also lists every request received. The control API is unauthenticated:
 * run the fake on loopback only.
 */

export interface FakeParasutOptions {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  companyId: string;
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /** The access token's expires_in (Paraşüt: 7200 s). */
  accessTokenSeconds?: number;
  /** How many polls of a trackable job answer "running" before it ends (default 1)... */
  jobPolls?: number;
  /** ...or how long it runs unpolled (default 2 s): Paraşüt's jobs go on whether anyone asks or not. */
  jobSeconds?: number;
  /** How long a PDF link works (Paraşüt: an hour). */
  pdfUrlSeconds?: number;
  /** The e-Arşiv series of the fake company's numbers (3 letters). */
  series?: string;
}

export type FaultKind = 'status' | 'hang' | 'drop' | 'rate-limit' | 'unauthorized' | 'job-error';
const FAULT_KINDS: readonly FaultKind[] = ['status', 'hang', 'drop', 'rate-limit', 'unauthorized', 'job-error'];

export interface Fault {
  kind: FaultKind;
  /** The path after /v4/{company_id} (e.g. /sales_invoices; a prefix when it ends with *), or /oauth/token; every API path when unset. */
  path?: string;
  method?: string;
  /** How many matching requests (job-error: jobs) it hits; every one until cleared when unset. */
  times?: number;
  /** status: the HTTP status answered (default 500). */
  status?: number;
  /** status and hang: do the work first, then answer the error or never answer. */
  commit?: boolean;
  /** job-error: the message in the job's errors[]. */
  message?: string;
}

export interface RecordedRequest {
  at: string;
  method: string;
  /** The path after /v4/{company_id} for API calls; the whole path otherwise. */
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown> | null;
  contentType: string | null;
  authorized: boolean;
  status: number | null;
  fault: FaultKind | null;
}

export interface FakeContact {
  id: string;
  attributes: Record<string, unknown>;
}

export interface FakeSalesInvoice {
  id: string;
  itemType: string;
  description: string;
  issueDate: string;
  currency: string;
  contactId: string;
  details: Array<{ id: string; quantity: number; unitPrice: number; vatRate: number; description: string | null }>;
  netCents: number;
  vatCents: number;
  grossCents: number;
  eArchiveId: string | null;
  attributes: Record<string, unknown>;
}

export interface FakeEArchive {
  id: string;
  salesInvoiceId: string;
  number: string;
  uuid: string;
  vkn: string;
  internetSale: Record<string, unknown>;
  createdAt: string;
}

export interface FakeJob {
  id: string;
  salesInvoiceId: string;
  status: 'running' | 'done' | 'error';
  pollsLeft: number;
  errors: string[];
  eArchiveId: string | null;
  startedAt: number;
}

export interface FakeParasut {
  url: string;
  requests(): RecordedRequest[];
  clearRequests(): void;
  addFault(fault: Fault): void;
  clearFaults(): void;
  contacts(): FakeContact[];
  /** A contact deleted in Paraşüt's own screens: its id answers 404 from then on. */
  removeContact(id: string): void;
  salesInvoices(): FakeSalesInvoice[];
  eArchives(): FakeEArchive[];
  jobs(): FakeJob[];
  /** A taxpayer registered for e-Fatura: its VKN gets an inbox. */
  addInbox(vkn: string): void;
  /** Every access token issued so far stops working (as after it expired). */
  expireTokens(): void;
  /** Every PDF link handed out so far stops working (as an hour later). */
  expirePdfLinks(): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
  raw?: Buffer;
}

interface JsonApiError {
  title: string;
  detail: string;
  source?: { pointer: string };
}

const CURRENCIES = ['TRL', 'USD', 'EUR', 'GBP'];
const ITEM_TYPES = ['invoice', 'export', 'refund'];
const VAT_RATES = [0, 1, 8, 10, 18, 20];
const PAYMENT_TYPES = ['KREDIKARTI/BANKAKARTI', 'EFT/HAVALE', 'KAPIDAODEME', 'ODEMEARACISI'];

const text = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A decimal as Paraşüt takes it (a number or a decimal string), or null. */
const decimal = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
};
/** Paraşüt writes amounts as decimal strings. */
const amount = (cents: number) => (cents / 100).toFixed(2);

const invalid = (errors: JsonApiError[]): Answer => ({ status: 422, body: { errors } });
const fieldError = (pointer: string, detail: string): JsonApiError => ({
  title: 'Geçersiz değer',
  detail,
  source: { pointer },
});
const notFound = (): Answer => ({
  status: 404,
  body: { errors: [{ title: 'Kayıt bulunamadı', detail: 'Record not found' }] },
});

function controlBody(body: unknown): Record<string, unknown> | undefined {
  if (body === undefined || body === null) return {};
  if (Buffer.isBuffer(body)) body = body.toString('utf8');
  if (typeof body !== 'string') return body as Record<string, unknown>;
  if (!body) return {};
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** A small one-page PDF naming the document, written by hand so the fake needs no PDF library. */
export function fakeInvoicePdf(title: string, lines: string[]): Buffer {
  const clean = (value: string) =>
    value
      .normalize('NFKD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/([\\()])/g, '\\$1');
  const content = [
    'BT /F1 14 Tf 50 780 Td',
    `(${clean(title)}) Tj`,
    '/F1 10 Tf',
    ...lines.map((line) => `0 -18 Td (${clean(line)}) Tj`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(out));
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** Starts the fake on a port; resolves once it listens. */
export async function startFakeParasut(options: FakeParasutOptions): Promise<FakeParasut> {
  const accessMs = (options.accessTokenSeconds ?? 7200) * 1000;
  const jobPolls = options.jobPolls ?? 1;
  const jobMs = (options.jobSeconds ?? 2) * 1000;
  const pdfMs = (options.pdfUrlSeconds ?? 3600) * 1000;
  const series = options.series ?? 'PRS';
  const apiPrefix = `/v4/${options.companyId}`;

  const recorded: RecordedRequest[] = [];
  let faults: Array<Fault & { left: number | null }> = [];
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const contacts: FakeContact[] = [];
  const invoices: FakeSalesInvoice[] = [];
  const archives: FakeEArchive[] = [];
  const jobs: FakeJob[] = [];
  const inboxes = new Set<string>();
  const pdfLinks = new Map<string, { eArchiveId: string; expiresAt: number }>();
  let nextId = 100_000 + randomInt(100_000);
  let nextNumber = 1;
  const newId = () => String(nextId++);

  const server = Fastify({ forceCloseConnections: true, logger: false, bodyLimit: 1_048_576 });
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const takeFault = (path: string, method: string, kinds: readonly FaultKind[]): Fault | null => {
    const index = faults.findIndex(
      (fault) =>
        kinds.includes(fault.kind) &&
        (!fault.method || fault.method.toUpperCase() === method) &&
        (!fault.path || (fault.path.endsWith('*') ? path.startsWith(fault.path.slice(0, -1)) : fault.path === path)),
    );
    if (index < 0) return null;
    const fault = faults[index]!;
    if (fault.left !== null) {
      fault.left -= 1;
      if (fault.left <= 0) faults.splice(index, 1);
    }
    return fault;
  };

  const readBody = (request: FastifyRequest): Record<string, unknown> | null => {
    const buffer = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (buffer.length === 0) return null;
    const raw = buffer.toString('utf8');
    const type = String(request.headers['content-type'] ?? '').toLowerCase();
    if (type.startsWith('application/x-www-form-urlencoded'))
      return Object.fromEntries(new URLSearchParams(raw).entries());
    try {
      const parsed = JSON.parse(raw) as unknown;
      return isObject(parsed) ? parsed : null;
    } catch {
      return null;
    }
  };

  const bearerValid = (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''));
    const expires = match ? accessTokens.get(match[1]!) : undefined;
    return expires !== undefined && expires > Date.now();
  };

  /** One route: records the request, checks the bearer token (but for the token call), applies a fault, answers. */
  const route = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    handle: (body: Record<string, unknown>, query: Record<string, string>, params: Record<string, string>) => Answer,
    auth = true,
  ) => {
    server.route({
      method,
      url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const full = request.url.split('?')[0]!;
        const path = full.startsWith(apiPrefix) ? full.slice(apiPrefix.length) : full;
        const query = Object.fromEntries(
          Object.entries((request.query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        );
        const body = readBody(request);
        const authorized = auth ? bearerValid(request) : true;
        const entry: RecordedRequest = {
          at: new Date().toISOString(),
          method,
          path,
          query,
          body,
          contentType: request.headers['content-type'] ?? null,
          authorized,
          status: null,
          fault: null,
        };
        recorded.push(entry);
        settleJobs();
        const send = (answer: Answer) => {
          entry.status = answer.status;
          for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
          if (answer.raw) return reply.code(answer.status).send(answer.raw);
          reply.code(answer.status).header('content-type', 'application/vnd.api+json; charset=utf-8');
          return reply.send(JSON.stringify(answer.body));
        };
        // Paraşüt's 401 is the OAuth library's (Doorkeeper) answer.
        const unauthorized = (): Answer => ({
          status: 401,
          body: { error: 'invalid_token', error_description: 'The access token is invalid' },
          headers: { 'www-authenticate': 'Bearer realm="Doorkeeper", error="invalid_token"' },
        });
        if (!authorized) return send(unauthorized());
        const fault = takeFault(path, method, ['status', 'hang', 'drop', 'rate-limit', 'unauthorized']);
        entry.fault = fault?.kind ?? null;
        if (fault?.kind === 'unauthorized') return send(unauthorized());
        // Paraşüt publishes no rate limit; the fake's 429 follows the common Retry-After convention.
        if (fault?.kind === 'rate-limit')
          return send({
            status: 429,
            body: { errors: [{ title: 'Too Many Requests', detail: 'Rate limit exceeded' }] },
            headers: { 'retry-after': '1' },
          });
        if ((fault?.kind === 'hang' || fault?.kind === 'status') && !fault.commit) {
          if (fault.kind === 'hang') {
            // Never answered: the socket stays open until the caller gives up or the fake closes.
            reply.hijack();
            return;
          }
          return send({
            status: fault.status ?? 500,
            body: { errors: [{ title: 'Internal Server Error', detail: '' }] },
          });
        }
        const answer = handle(body ?? {}, query, (request.params ?? {}) as Record<string, string>);
        if (fault?.kind === 'drop' || fault?.kind === 'hang') {
          // The work is done and kept; the answer is lost on the way back (or never comes).
          entry.status = answer.status;
          reply.hijack();
          if (fault.kind === 'drop') request.raw.socket.destroy();
          return;
        }
        if (fault?.kind === 'status')
          return send({
            status: fault.status ?? 500,
            body: { errors: [{ title: 'Internal Server Error', detail: '' }] },
          });
        return send(answer);
      },
    });
  };

  // ── OAuth ──

  const issueTokens = (): Answer => {
    const access = randomBytes(24).toString('hex');
    const refresh = randomBytes(24).toString('hex');
    accessTokens.set(access, Date.now() + accessMs);
    refreshTokens.add(refresh);
    return {
      status: 200,
      body: {
        access_token: access,
        token_type: 'bearer',
        expires_in: Math.round(accessMs / 1000),
        refresh_token: refresh,
        created_at: Math.floor(Date.now() / 1000),
      },
    };
  };
  const invalidGrant = (): Answer => ({
    status: 401,
    body: {
      error: 'invalid_grant',
      error_description:
        'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.',
    },
  });

  route(
    'POST',
    '/oauth/token',
    (body, query) => {
      const field = (name: string) => text(body[name]) ?? query[name] ?? null;
      const grant = field('grant_type');
      if (field('client_id') !== options.clientId || field('client_secret') !== options.clientSecret)
        return {
          status: 401,
          body: { error: 'invalid_client', error_description: 'Client authentication failed.' },
        };
      if (grant === 'password') {
        if (field('redirect_uri') !== 'urn:ietf:wg:oauth:2.0:oob') return invalidGrant();
        if (field('username') !== options.username || field('password') !== options.password) return invalidGrant();
        return issueTokens();
      }
      if (grant === 'refresh_token') {
        const given = field('refresh_token');
        // Rotation: a refresh token works once.
        if (!given || !refreshTokens.delete(given)) return invalidGrant();
        return issueTokens();
      }
      return {
        status: 400,
        body: { error: 'unsupported_grant_type', error_description: 'The authorization grant type is not supported.' },
      };
    },
    false,
  );

  // ── contacts ──

  const contactData = (contact: FakeContact) => ({
    id: contact.id,
    type: 'contacts',
    attributes: contact.attributes,
  });

  /** The attributes of a contact being written, or the JSON:API errors that refuse them. */
  function contactAttributes(body: Record<string, unknown>): Record<string, unknown> | JsonApiError[] {
    const data = body.data;
    if (!isObject(data) || data.type !== 'contacts') return [fieldError('/data/type', 'type must be "contacts"')];
    const attributes = isObject(data.attributes) ? data.attributes : {};
    const errors: JsonApiError[] = [];
    if (!text(attributes.name)) errors.push(fieldError('/data/attributes/name', 'name boş olamaz'));
    if (attributes.contact_type !== undefined && !['person', 'company'].includes(String(attributes.contact_type)))
      errors.push(fieldError('/data/attributes/contact_type', 'contact_type person veya company olmalı'));
    if (attributes.account_type !== undefined && !['customer', 'supplier'].includes(String(attributes.account_type)))
      errors.push(fieldError('/data/attributes/account_type', 'account_type customer veya supplier olmalı'));
    if (attributes.tax_office !== undefined && typeof attributes.tax_office !== 'string')
      errors.push(fieldError('/data/attributes/tax_office', 'tax_office metin olmalı'));
    return errors.length > 0 ? errors : attributes;
  }

  route('POST', `${apiPrefix}/contacts`, (body) => {
    const attributes = contactAttributes(body);
    if (Array.isArray(attributes)) return invalid(attributes);
    const contact: FakeContact = {
      id: newId(),
      attributes: {
        contact_type: 'person',
        account_type: 'customer',
        ...attributes,
        created_at: new Date().toISOString(),
      },
    };
    contacts.push(contact);
    return { status: 201, body: { data: contactData(contact) } };
  });

  route('PUT', `${apiPrefix}/contacts/:id`, (body, _query, params) => {
    const contact = contacts.find((candidate) => candidate.id === params.id);
    if (!contact) return notFound();
    const attributes = contactAttributes(body);
    if (Array.isArray(attributes)) return invalid(attributes);
    contact.attributes = { ...contact.attributes, ...attributes, updated_at: new Date().toISOString() };
    return { status: 200, body: { data: contactData(contact) } };
  });

  route('GET', `${apiPrefix}/contacts`, (_body, query) => {
    const email = query['filter[email]'];
    const taxNumber = query['filter[tax_number]'];
    const found = contacts.filter(
      (contact) =>
        (email === undefined || contact.attributes.email === email) &&
        (taxNumber === undefined || contact.attributes.tax_number === taxNumber),
    );
    return {
      status: 200,
      body: {
        data: found.map(contactData),
        meta: { current_page: 1, total_pages: 1, total_count: found.length, per_page: 25 },
      },
    };
  });

  // ── sales invoices ──

  const invoiceData = (invoice: FakeSalesInvoice) => ({
    id: invoice.id,
    type: 'sales_invoices',
    attributes: {
      ...invoice.attributes,
      item_type: invoice.itemType,
      description: invoice.description,
      issue_date: invoice.issueDate,
      currency: invoice.currency,
      net_total: amount(invoice.netCents),
      total_vat: amount(invoice.vatCents),
      gross_total: amount(invoice.grossCents),
    },
    relationships: {
      contact: { data: { id: invoice.contactId, type: 'contacts' } },
      details: { data: invoice.details.map((detail) => ({ id: detail.id, type: 'sales_invoice_details' })) },
      active_e_document: { data: invoice.eArchiveId ? { id: invoice.eArchiveId, type: 'e_archives' } : null },
    },
  });

  const archiveData = (archive: FakeEArchive) => ({
    id: archive.id,
    type: 'e_archives',
    attributes: {
      invoice_number: archive.number,
      uuid: archive.uuid,
      vkn: archive.vkn,
      status: 'sent',
      is_printed: false,
      internet_sale: archive.internetSale,
      created_at: archive.createdAt,
    },
    relationships: { sales_invoice: { data: { id: archive.salesInvoiceId, type: 'sales_invoices' } } },
  });

  const included = (invoice: FakeSalesInvoice, include: string | undefined) => {
    const wanted = (include ?? '').split(',').filter(Boolean);
    const out: unknown[] = [];
    if (wanted.includes('active_e_document') && invoice.eArchiveId) {
      const archive = archives.find((a) => a.id === invoice.eArchiveId);
      if (archive) out.push(archiveData(archive));
    }
    if (wanted.includes('contact')) {
      const contact = contacts.find((c) => c.id === invoice.contactId);
      if (contact) out.push(contactData(contact));
    }
    if (wanted.includes('details'))
      for (const detail of invoice.details)
        out.push({
          id: detail.id,
          type: 'sales_invoice_details',
          attributes: {
            quantity: String(detail.quantity),
            unit_price: String(detail.unitPrice),
            vat_rate: String(detail.vatRate),
            description: detail.description,
          },
        });
    return out;
  };

  route('POST', `${apiPrefix}/sales_invoices`, (body) => {
    const data = body.data;
    if (!isObject(data) || data.type !== 'sales_invoices')
      return invalid([fieldError('/data/type', 'type must be "sales_invoices"')]);
    const attributes = isObject(data.attributes) ? data.attributes : {};
    const relationships = isObject(data.relationships) ? data.relationships : {};
    const errors: JsonApiError[] = [];
    const itemType = text(attributes.item_type);
    if (!itemType || !ITEM_TYPES.includes(itemType))
      errors.push(
        fieldError('/data/attributes/item_type', `item_type şunlardan biri olmalı: ${ITEM_TYPES.join(', ')}`),
      );
    const issueDate = text(attributes.issue_date);
    if (!issueDate || !/^\d{4}-\d{2}-\d{2}$/.test(issueDate) || Number.isNaN(Date.parse(issueDate)))
      errors.push(fieldError('/data/attributes/issue_date', 'issue_date YYYY-MM-DD biçiminde bir tarih olmalı'));
    const currency = text(attributes.currency) ?? 'TRL';
    if (!CURRENCIES.includes(currency))
      errors.push(fieldError('/data/attributes/currency', `currency şunlardan biri olmalı: ${CURRENCIES.join(', ')}`));
    if (attributes.description !== undefined && typeof attributes.description !== 'string')
      errors.push(fieldError('/data/attributes/description', 'description metin olmalı'));
    const contactRef = isObject(relationships.contact) ? relationships.contact.data : undefined;
    const contactId = isObject(contactRef) && contactRef.type === 'contacts' ? text(contactRef.id) : null;
    const contact = contactId ? contacts.find((c) => c.id === contactId) : undefined;
    if (!contact)
      errors.push(fieldError('/data/relationships/contact', 'contact bulunamadı (data: { id, type: "contacts" })'));
    const detailsRef = isObject(relationships.details) ? relationships.details.data : undefined;
    const details: FakeSalesInvoice['details'] = [];
    if (!Array.isArray(detailsRef) || detailsRef.length === 0)
      errors.push(fieldError('/data/relationships/details', 'en az bir kalem (sales_invoice_details) gerekli'));
    else
      detailsRef.forEach((detail: unknown, index) => {
        const at = `/data/relationships/details/data/${index}`;
        if (!isObject(detail) || detail.type !== 'sales_invoice_details') {
          errors.push(fieldError(`${at}/type`, 'type must be "sales_invoice_details"'));
          return;
        }
        const a = isObject(detail.attributes) ? detail.attributes : {};
        const quantity = decimal(a.quantity);
        const unitPrice = decimal(a.unit_price);
        const vatRate = decimal(a.vat_rate);
        if (quantity === null || quantity <= 0)
          errors.push(fieldError(`${at}/attributes/quantity`, 'quantity sıfırdan büyük olmalı'));
        if (unitPrice === null || unitPrice < 0)
          errors.push(fieldError(`${at}/attributes/unit_price`, 'unit_price negatif olmayan bir sayı olmalı'));
        if (vatRate === null || !VAT_RATES.includes(vatRate))
          errors.push(
            fieldError(`${at}/attributes/vat_rate`, `vat_rate şunlardan biri olmalı: ${VAT_RATES.join(', ')}`),
          );
        if (quantity !== null && unitPrice !== null && vatRate !== null)
          details.push({ id: newId(), quantity, unitPrice, vatRate, description: text(a.description) });
      });
    if (errors.length > 0) return invalid(errors);
    // Line net rounded to the cent, its VAT from that rounded net: as an e-invoice's lines carry them.
    let netCents = 0;
    let vatCents = 0;
    for (const detail of details) {
      const lineNet = Math.round((detail.quantity * Math.round(detail.unitPrice * 10_000)) / 100);
      netCents += lineNet;
      vatCents += Math.round((lineNet * detail.vatRate) / 100);
    }
    const invoice: FakeSalesInvoice = {
      id: newId(),
      itemType: itemType!,
      description: text(attributes.description) ?? '',
      issueDate: issueDate!,
      currency,
      contactId: contact!.id,
      details,
      netCents,
      vatCents,
      grossCents: netCents + vatCents,
      eArchiveId: null,
      attributes: {
        invoice_series: text(attributes.invoice_series),
        invoice_id: attributes.invoice_id ?? null,
        payment_status: 'unpaid',
        created_at: new Date().toISOString(),
      },
    };
    invoices.push(invoice);
    return { status: 201, body: { data: invoiceData(invoice) } };
  });

  route('GET', `${apiPrefix}/sales_invoices`, (_body, query) => {
    const description = query['filter[description]'];
    const itemType = query['filter[item_type]'];
    const contactId = query['filter[contact_id]'];
    const found = invoices
      .filter(
        (invoice) =>
          (description === undefined || invoice.description.includes(description)) &&
          (itemType === undefined || invoice.itemType === itemType) &&
          (contactId === undefined || invoice.contactId === contactId),
      )
      // Newest first, as sort=-issue_date asks (the fake's only sort).
      .reverse();
    return {
      status: 200,
      body: {
        data: found.map(invoiceData),
        included: found.flatMap((invoice) => included(invoice, query.include)),
        meta: { current_page: 1, total_pages: 1, total_count: found.length, per_page: 25 },
      },
    };
  });

  route('GET', `${apiPrefix}/sales_invoices/:id`, (_body, query, params) => {
    const invoice = invoices.find((i) => i.id === params.id);
    if (!invoice) return notFound();
    return { status: 200, body: { data: invoiceData(invoice), included: included(invoice, query.include) } };
  });

  // ── e-documents ──

  route('GET', `${apiPrefix}/e_invoice_inboxes`, (_body, query) => {
    const vkn = query['filter[vkn]'];
    if (!vkn)
      return invalid([{ title: 'Geçersiz değer', detail: 'filter[vkn] gerekli', source: { pointer: 'filter[vkn]' } }]);
    const data = inboxes.has(vkn)
      ? [
          {
            id: `inbox-${vkn}`,
            type: 'e_invoice_inboxes',
            attributes: { vkn, e_invoice_address: `urn:mail:defaultpk@${vkn}.example`, name: 'Kayıtlı mükellef' },
          },
        ]
      : [];
    return { status: 200, body: { data } };
  });

  const pendingArchive = new Map<string, { vkn: string; internetSale: Record<string, unknown> }>();
  const jobData = (job: FakeJob) => ({
    id: job.id,
    type: 'trackable_jobs',
    attributes: { status: job.status, errors: job.status === 'error' ? job.errors : [] },
  });

  const finishJob = (job: FakeJob) => {
    if (job.errors.length > 0) {
      job.status = 'error';
      return;
    }
    const invoice = invoices.find((i) => i.id === job.salesInvoiceId)!;
    const pending = pendingArchive.get(job.id)!;
    const year = invoice.issueDate.slice(0, 4);
    const archive: FakeEArchive = {
      id: newId(),
      salesInvoiceId: invoice.id,
      // GİB's document number: a three-letter series, the year and nine digits.
      number: `${series}${year}${String(nextNumber++).padStart(9, '0')}`,
      uuid: randomUUID(),
      vkn: pending.vkn,
      internetSale: pending.internetSale,
      createdAt: new Date().toISOString(),
    };
    archives.push(archive);
    invoice.eArchiveId = archive.id;
    job.eArchiveId = archive.id;
    job.status = 'done';
  };

  route('POST', `${apiPrefix}/e_archives`, (body) => {
    const data = body.data;
    if (!isObject(data) || data.type !== 'e_archives')
      return invalid([fieldError('/data/type', 'type must be "e_archives"')]);
    const attributes = isObject(data.attributes) ? data.attributes : {};
    const relationships = isObject(data.relationships) ? data.relationships : {};
    const ref = isObject(relationships.sales_invoice) ? relationships.sales_invoice.data : undefined;
    const invoiceId = isObject(ref) && ref.type === 'sales_invoices' ? text(ref.id) : null;
    const invoice = invoiceId ? invoices.find((i) => i.id === invoiceId) : undefined;
    const errors: JsonApiError[] = [];
    if (!invoice) errors.push(fieldError('/data/relationships/sales_invoice', 'sales_invoice bulunamadı'));
    const sale = attributes.internet_sale;
    if (sale !== undefined) {
      if (!isObject(sale)) errors.push(fieldError('/data/attributes/internet_sale', 'internet_sale bir nesne olmalı'));
      else {
        const at = '/data/attributes/internet_sale';
        if (!text(sale.url) || !/^https?:\/\//.test(text(sale.url)!))
          errors.push(fieldError(`${at}/url`, 'url bir web adresi olmalı'));
        if (!PAYMENT_TYPES.includes(String(sale.payment_type)))
          errors.push(
            fieldError(`${at}/payment_type`, `payment_type şunlardan biri olmalı: ${PAYMENT_TYPES.join(', ')}`),
          );
        if (!text(sale.payment_platform)) errors.push(fieldError(`${at}/payment_platform`, 'payment_platform gerekli'));
        const paid = text(sale.payment_date);
        if (!paid || !/^\d{4}-\d{2}-\d{2}$/.test(paid))
          errors.push(fieldError(`${at}/payment_date`, 'payment_date YYYY-MM-DD olmalı'));
      }
    }
    if (errors.length > 0) return invalid(errors);
    // Paraşüt makes one e-document per invoice: a second one while it has one (or one is being made) is refused.
    if (invoice!.eArchiveId || jobs.some((job) => job.salesInvoiceId === invoice!.id && job.status === 'running'))
      return invalid([
        {
          title: 'Geçersiz işlem',
          detail: 'Bu fatura için e-Arşiv zaten oluşturulmuş ya da oluşturuluyor',
        },
      ]);
    const failure = takeFault(`/e_archives`, 'POST', ['job-error']);
    const contact = contacts.find((c) => c.id === invoice!.contactId);
    const vkn = text(contact?.attributes.tax_number) ?? '11111111111';
    const errorsOfJob: string[] = [];
    if (failure) errorsOfJob.push(failure.message ?? 'e-Arşiv faturası GİB tarafından reddedildi');
    else if (!/^\d{10,11}$/.test(vkn)) errorsOfJob.push(`Alıcının VKN/TCKN değeri geçersiz: ${vkn}`);
    const job: FakeJob = {
      id: randomUUID(),
      salesInvoiceId: invoice!.id,
      status: 'running',
      pollsLeft: jobPolls,
      errors: errorsOfJob,
      eArchiveId: null,
      startedAt: Date.now(),
    };
    jobs.push(job);
    pendingArchive.set(job.id, { vkn, internetSale: isObject(sale) ? sale : {} });
    if (jobPolls <= 0) finishJob(job);
    return { status: 202, body: { data: jobData(job) } };
  });

  /** Jobs whose time is up end, whether or not anyone polled them. */
  const settleJobs = () => {
    for (const job of jobs) if (job.status === 'running' && Date.now() - job.startedAt >= jobMs) finishJob(job);
  };

  route('GET', `${apiPrefix}/trackable_jobs/:id`, (_body, _query, params) => {
    const job = jobs.find((j) => j.id === params.id);
    if (!job) return notFound();
    if (job.status === 'running') {
      if (job.pollsLeft > 0) job.pollsLeft -= 1;
      else finishJob(job);
    }
    return { status: 200, body: { data: jobData(job) } };
  });

  route('GET', `${apiPrefix}/e_archives/:id`, (_body, _query, params) => {
    const archive = archives.find((a) => a.id === params.id);
    return archive ? { status: 200, body: { data: archiveData(archive) } } : notFound();
  });

  let baseUrl = '';
  route('GET', `${apiPrefix}/e_archives/:id/pdf`, (_body, _query, params) => {
    const archive = archives.find((a) => a.id === params.id);
    if (!archive) return notFound();
    const token = randomBytes(16).toString('hex');
    const expiresAt = Date.now() + pdfMs;
    pdfLinks.set(token, { eArchiveId: archive.id, expiresAt });
    return {
      status: 200,
      body: {
        data: {
          id: archive.id,
          type: 'e_document_pdfs',
          attributes: {
            url: `${baseUrl}/files/e_archive_pdfs/${token}.pdf`,
            expires_at: new Date(expiresAt).toISOString(),
          },
        },
      },
    };
  });

  // The PDF link works without a token, as a signed storage link does, until it expires.
  route(
    'GET',
    '/files/e_archive_pdfs/:file',
    (_body, _query, params) => {
      const link = pdfLinks.get(String(params.file).replace(/\.pdf$/, ''));
      if (!link || link.expiresAt <= Date.now())
        return {
          status: 403,
          body: null,
          raw: Buffer.from(
            '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>',
          ),
          headers: { 'content-type': 'application/xml' },
        };
      const archive = archives.find((a) => a.id === link.eArchiveId)!;
      const invoice = invoices.find((i) => i.id === archive.salesInvoiceId)!;
      return {
        status: 200,
        body: null,
        raw: fakeInvoicePdf(`e-Arsiv Fatura ${archive.number} (FAKE Parasut)`, [
          `Tarih: ${invoice.issueDate}`,
          `Aciklama: ${invoice.description}`,
          `Mal/hizmet toplam: ${amount(invoice.netCents)} ${invoice.currency}`,
          `KDV: ${amount(invoice.vatCents)} ${invoice.currency}`,
          `Odenecek tutar: ${amount(invoice.grossCents)} ${invoice.currency}`,
        ]),
        headers: { 'content-type': 'application/pdf' },
      };
    },
    false,
  );

  server.setNotFoundHandler((request, reply) => {
    recorded.push({
      at: new Date().toISOString(),
      method: request.method,
      path: request.url.split('?')[0]!,
      query: {},
      body: null,
      contentType: request.headers['content-type'] ?? null,
      authorized: bearerValid(request),
      status: 404,
      fault: null,
    });
    return reply
      .code(404)
      .header('content-type', 'application/vnd.api+json')
      .send(JSON.stringify({ errors: [{ title: 'Not Found', detail: 'Route not found' }] }));
  });

  // ── control API: not Paraşüt's; for tests and for a person trying the shop ──

  const control = (method: 'GET' | 'POST' | 'DELETE', url: string, run: (body: Record<string, unknown>) => unknown) =>
    server.route({
      method,
      url,
      handler: async (request, reply) => {
        const body = controlBody(request.body);
        if (body === undefined) return reply.code(400).send({ error: 'the body must be JSON' });
        try {
          return await run(body);
        } catch (error) {
          return reply.code(400).send({ error: (error as Error).message });
        }
      },
    });

  control('GET', '/__fake/health', () => ({ ok: true }));
  control('GET', '/__fake/', () => ({
    fake: 'FAKE Paraşüt API v4 (built from Paraşüt public API v4 docs; not Paraşüt)',
    api: `${apiPrefix}/…`,
    control: [
      'GET /__fake/requests, DELETE /__fake/requests',
      'GET|POST|DELETE /__fake/faults {kind: status|hang|drop|rate-limit|unauthorized|job-error, path, method, times, status, commit, message}',
      'GET /__fake/contacts, GET /__fake/sales-invoices, GET /__fake/e-archives, GET /__fake/jobs',
      'POST /__fake/inboxes {vkn}, POST /__fake/tokens/expire, POST /__fake/pdf-links/expire',
    ],
  }));
  control('GET', '/__fake/requests', () => recorded);
  control('DELETE', '/__fake/requests', () => {
    recorded.length = 0;
    return { ok: true };
  });
  control('GET', '/__fake/faults', () => faults);
  control('POST', '/__fake/faults', (body) => {
    if (!FAULT_KINDS.includes(body.kind as FaultKind)) throw new Error(`kind: ${FAULT_KINDS.join(' | ')}`);
    handle.addFault(body as unknown as Fault);
    return { ok: true, faults };
  });
  control('DELETE', '/__fake/faults', () => {
    handle.clearFaults();
    return { ok: true };
  });
  control('GET', '/__fake/contacts', () => contacts);
  control('GET', '/__fake/sales-invoices', () => invoices);
  control('GET', '/__fake/e-archives', () => archives);
  control('GET', '/__fake/jobs', () => jobs);
  control('POST', '/__fake/inboxes', (body) => {
    const vkn = text(body.vkn);
    if (!vkn || !/^\d{10,11}$/.test(vkn)) throw new Error('vkn: 10 or 11 digits');
    inboxes.add(vkn);
    return { ok: true };
  });
  control('POST', '/__fake/tokens/expire', () => {
    handle.expireTokens();
    return { ok: true };
  });
  control('POST', '/__fake/pdf-links/expire', () => {
    handle.expirePdfLinks();
    return { ok: true };
  });

  await server.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = server.server.address() as { port: number };
  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;

  const handle: FakeParasut = {
    url: baseUrl,
    requests: () => recorded.map((entry) => ({ ...entry })),
    clearRequests: () => {
      recorded.length = 0;
    },
    addFault: (fault) => {
      faults.push({ ...fault, left: fault.times ?? null });
    },
    clearFaults: () => {
      faults = [];
    },
    contacts: () => contacts.map((contact) => ({ ...contact, attributes: { ...contact.attributes } })),
    removeContact: (id) => {
      const at = contacts.findIndex((contact) => contact.id === id);
      if (at >= 0) contacts.splice(at, 1);
    },
    salesInvoices: () => invoices.map((invoice) => ({ ...invoice, details: invoice.details.map((d) => ({ ...d })) })),
    eArchives: () => archives.map((archive) => ({ ...archive })),
    jobs: () => jobs.map((job) => ({ ...job, errors: [...job.errors] })),
    addInbox: (vkn) => {
      inboxes.add(vkn);
    },
    expireTokens: () => {
      for (const token of accessTokens.keys()) accessTokens.set(token, 0);
    },
    expirePdfLinks: () => {
      for (const link of pdfLinks.values()) link.expiresAt = 0;
    },
    close: async () => {
      await server.close();
    },
  };
  return handle;
}
