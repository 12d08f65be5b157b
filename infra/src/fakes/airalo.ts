import { createHmac, randomBytes, randomInt } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A FAKE of Airalo's Partner API v2, built from Airalo's public developer documentation and the
 * behaviour of its official SDKs, so the esim service's real Airalo adapter can run with no Airalo
 * account: in the tests, and in demos. It is not Airalo and holds its books in memory.
 *
 * What it plays, as Airalo documents it:
 * - POST /v2/token (client_credentials; JSON, form or multipart body) answering the `{ data, meta }`
 *   envelope; at most 3 token requests a minute, then 429 with Retry-After. Every other route wants
 *   `Authorization: Bearer <token>` and answers 401 to a missing, unknown or expired one;
 * - GET /v2/packages: countries (or regions) → operators → packages, with `net_price`, `price` and
 *   `prices` in several currencies (USD is Airalo's own), `type` sim | topup (top-ups only with
 *   `include=topup`), `filter[type]`, `filter[country]`, `limit` and `page` (from page 2 on, `data`
 *   is an object keyed by position, as Airalo answers it), both pricing models;
 * - POST /v2/orders: synchronous, the eSIMs in `sims[]` (qrcode = "LPA:1$" + lpa + "$" + matching_id),
 *   1 to 50 of one package, the 422 shapes (field messages; business `{ code, reason }`: 11 credit,
 *   13 maintenance, 33 not enough stock, 34 package out of stock, through the `test-*` packages Airalo's
 *   sandbox publishes). Like Airalo it has no idempotency key: the same request twice buys twice;
 * - GET /v2/orders (filters incl. `filter[description]`, a substring match, and pagination) and
 *   GET /v2/orders/{id}; POST /v2/orders-async: 202 with a request_id, the order made later and posted,
 *   signed, to the webhook URL (checked by a HEAD request first), retried while the receiver fails;
 * - GET /v2/sims/{iccid}, GET /v2/sims/{iccid}/topups (recycled: code 73), POST /v2/orders/topups
 *   (only a top-up listed for that eSIM);
 * - GET /v2/sims/{iccid}/usage in MB, served from a snapshot refreshed every 20 minutes, at most 10
 *   requests a minute per ICCID (then 429 with Retry-After), statuses NOT_ACTIVE, ACTIVE, FINISHED,
 *   EXPIRED, UNKNOWN and RECYCLED;
 * - POST /v2/refund (202; reviewed by hand at Airalo, so here it is only recorded), GET /v2/balance;
 * - POST /v2/notifications/opt-in | opt-out and GET /v2/notifications/opt-in (a HEAD check of the URL
 *   first), the low-data and credit-limit webhooks and POST /v2/simulator/webhook. Webhooks carry
 *   `airalo-signature`: hex HMAC-SHA512 of the body keyed by the client secret; the body is written
 *   as Airalo's PHP backend writes JSON (compact, "/" escaped as "\/", ASCII only);
 * - no suspend, resume or revoke call exists: such paths answer 404.
 *
 * Where the documentation is silent (some error texts, the 401 body, what a refund asked twice or a
 * failed asynchronous order look like, where `request_id` sits in the async webhook) the fake makes a
 * plain choice, noted where it is made. Fault modes (5xx, a hang, commit-then-drop, 429, 401, 403 code
 * 89, duplicate, lost and reordered webhooks) and the state of the fake's eSIMs are set through the
 * control API under /__fake, which also lists every request received. The control API is
 * unauthenticated: run the fake on loopback only. `latencyMs` delays every API answer (the control
 * API's not), so a bench sees a partner's round trip.
 */

export interface FakeAiraloOptions {
  clientId: string;
  clientSecret: string;
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /** An asynchronous order is made and posted this long after it was accepted (default 5 s). */
  deliverySeconds?: number;
  /** The token's expires_in; Airalo's documented example is 366 days. */
  tokenExpiresInSeconds?: number;
  /** Token requests allowed per minute (Airalo: 3). */
  tokenRequestsPerMinute?: number;
  /** Usage requests allowed per ICCID and minute (Airalo: 10). */
  usageRequestsPerMinute?: number;
  /** How old the usage snapshot may get before it is taken again (Airalo: 20 minutes). */
  usageSnapshotSeconds?: number;
  /** Refund requests allowed per caller address in `refundWindowSeconds` (Airalo's table: 1 per 5 minutes). */
  refundsPerWindow?: number;
  refundWindowSeconds?: number;
  /** A failed webhook delivery is tried again after this long, up to `webhookAttempts` times (reported: 15 minutes, 20 times). */
  webhookRetrySeconds?: number;
  webhookAttempts?: number;
  /** Our credit at the fake Airalo, in US dollar cents (default 10,000 USD). */
  balanceCents?: number;
  pricing?: { model: 'net_pricing' } | { model: 'discount_pricing'; discountPercentage: number };
  /** The SM-DP+ address of the fake's eSIMs. */
  lpa?: string;
  /** Every API answer (not the control API's) comes this much later, as a partner's network and work would (default 0). */
  latencyMs?: number;
}

export type FaultKind =
  | 'status'
  | 'hang'
  | 'drop'
  | 'rate-limit'
  | 'unauthorized'
  | 'forbidden'
  | 'webhook-duplicate'
  | 'webhook-drop'
  | 'webhook-reorder';

const FAULT_KINDS: readonly FaultKind[] = [
  'status',
  'hang',
  'drop',
  'rate-limit',
  'unauthorized',
  'forbidden',
  'webhook-duplicate',
  'webhook-drop',
  'webhook-reorder',
];

export interface Fault {
  kind: FaultKind;
  /** The API path it hits (e.g. /v2/orders; a prefix when it ends with *); every API path when unset. Webhook faults ignore it. */
  path?: string;
  /** Only requests of this method (GET, POST). */
  method?: string;
  /** How many matching requests (or webhooks) it hits; every one until cleared when unset (webhook-reorder: how many are held, default 2). */
  times?: number;
  /** status: the HTTP status answered (default 500). */
  status?: number;
  /** status and hang: do the work first, then answer the error or never answer (the caller cannot tell it happened). */
  commit?: boolean;
  /** rate-limit: the Retry-After header, in seconds. */
  retryAfterSeconds?: number;
  /** webhook-duplicate: how many copies are posted (default 2). */
  copies?: number;
}

export interface RecordedRequest {
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** The body as the fake read it (JSON, form or multipart fields); null when there was none. */
  body: Record<string, unknown> | null;
  contentType: string | null;
  /** Whether a valid bearer token came with it (the token request: whether the client's credentials were right). */
  authorized: boolean;
  /** The `airalo-signature` the SDKs send on their POSTs: null when absent, else whether it matched. */
  signatureValid: boolean | null;
  status: number | null;
  fault: FaultKind | null;
}

export interface FakeSim {
  id: number;
  iccid: string;
  lpa: string;
  matchingId: string;
  qrcode: string;
  packageId: string;
  orderId: number;
  /** Top-up package ids added to it, in order. */
  topUps: string[];
  status: UsageStatus;
  totalMb: number;
  usedMb: number;
  isUnlimited: boolean;
  expiresAt: string | null;
  recycled: boolean;
}

export interface FakeOrder {
  id: number;
  code: string;
  type: 'sim' | 'topup';
  packageId: string;
  quantity: number;
  description: string | null;
  iccids: string[];
  netCents: number;
  requestId: string | null;
  createdAt: string;
}

export interface FakeWebhook {
  id: number;
  kind: 'async_order' | 'low_data' | 'credit_limit';
  url: string;
  body: string;
  signature: string;
  attempts: number;
  state: 'waiting' | 'held' | 'delivered' | 'failed' | 'dropped';
  /** The receiver's answer to each attempt (0: unreachable). */
  answers: number[];
}

export interface FakeRefund {
  refundId: number;
  iccids: string[];
  reason: string;
  notes: string | null;
  createdAt: string;
}

export type UsageStatus = 'NOT_ACTIVE' | 'ACTIVE' | 'FINISHED' | 'EXPIRED' | 'UNKNOWN' | 'RECYCLED';

/** What a control call sets of one eSIM: its usage, state and expiry. `snapshot: false` leaves the 20-minute snapshot as it was. */
export interface UsageChange {
  /** not_active: never attached; installed: attached, nothing used yet; in_use: data used. */
  state?: 'not_active' | 'installed' | 'in_use' | 'finished' | 'expired' | 'recycled' | 'unknown';
  usedMb?: number;
  expiresAt?: string | null;
  snapshot?: boolean;
}

export interface FakeAiralo {
  url: string;
  requests(): RecordedRequest[];
  clearRequests(): void;
  addFault(fault: Fault): void;
  clearFaults(): void;
  orders(): FakeOrder[];
  sim(iccid: string): FakeSim | undefined;
  setUsage(iccid: string, change: UsageChange): FakeSim;
  /** Sends the low-data webhook for an eSIM (level 75%, 90%, 3days, 1days) to the opted-in URL or `url`. */
  sendLowData(iccid: string, level: string, url?: string): FakeWebhook;
  /** Sends the credit-limit webhook: "Surpassed <percent>% of the credit limit balance" with what remains (dollars). */
  sendCreditLimit(percent: number, remaining: number, url?: string): FakeWebhook;
  /** Every bearer token issued so far stops working (as after it expired). */
  expireTokens(): void;
  webhooks(): FakeWebhook[];
  refunds(): FakeRefund[];
  balanceCents(): number;
  setBalanceCents(cents: number): void;
  /** Resolves once no asynchronous order or webhook is waiting to be made or posted (held ones aside). */
  idle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

// ── the catalogue ─────────────────────────────────────────────────────────────────────────────────

interface CataloguePackage {
  id: string;
  type: 'sim' | 'topup';
  /** MB; 0 with isUnlimited. */
  amount: number;
  days: number;
  isUnlimited?: boolean;
  /** What a partner pays and Airalo's retail price, US dollar cents. */
  netCents: number;
  retailCents: number;
  /** A sandbox trigger package: ordering it fails with this business code (23: its top-ups do). */
  failsWith?: 11 | 13 | 23 | 33 | 34;
}

interface CatalogueOperator {
  title: string;
  type: 'local' | 'global';
  countries: string[];
  isRoaming: boolean;
  info: string[];
  packages: CataloguePackage[];
}

interface CatalogueEntry {
  slug: string;
  countryCode: string;
  title: string;
  operators: CatalogueOperator[];
}

const sim = (id: string, amount: number, days: number, netCents: number, retailCents: number): CataloguePackage => ({
  id,
  type: 'sim',
  amount,
  days,
  netCents,
  retailCents,
});
const topUp = (id: string, amount: number, days: number, netCents: number, retailCents: number): CataloguePackage => ({
  id,
  type: 'topup',
  amount,
  days,
  netCents,
  retailCents,
});
const unlimited = (id: string, type: 'sim' | 'topup', days: number, netCents: number, retailCents: number) => ({
  id,
  type,
  amount: 0,
  days,
  isUnlimited: true,
  netCents,
  retailCents,
});
const trigger = (id: string, failsWith: 11 | 13 | 23 | 33 | 34): CataloguePackage => ({
  ...sim(id, 1024, 7, 100, 150),
  failsWith,
});

const EUROPE = ['AT', 'BE', 'DE', 'DK', 'ES', 'FR', 'GR', 'IE', 'IT', 'NL', 'PL', 'PT', 'SE', 'TR'];
const WORLD = ['AE', 'AU', 'BR', 'CA', 'DE', 'ES', 'FR', 'GB', 'IT', 'JP', 'MX', 'TH', 'TR', 'US'];

/** A small catalogue in the shape Airalo answers (the names are illustrative, the prices made up). */
export const FAKE_AIRALO_CATALOGUE: readonly CatalogueEntry[] = [
  {
    slug: 'turkiye',
    countryCode: 'TR',
    title: 'Türkiye',
    operators: [
      {
        title: 'Merhaba',
        type: 'local',
        countries: ['TR'],
        isRoaming: true,
        info: ['LTE Data-only eSIM.', 'Rechargeable online with no expiry.'],
        packages: [
          sim('merhaba-7days-1gb', 1024, 7, 400, 500),
          sim('merhaba-15days-3gb', 3072, 15, 900, 1150),
          sim('merhaba-30days-10gb', 10240, 30, 2200, 2900),
          topUp('merhaba-7days-1gb-topup', 1024, 7, 400, 500),
          topUp('merhaba-30days-5gb-topup', 5120, 30, 1300, 1700),
        ],
      },
      {
        // Airalo's sandbox trigger packages: each answers one business error code.
        title: 'Sandbox triggers',
        type: 'local',
        countries: ['TR'],
        isRoaming: true,
        info: ['Sandbox package: ordering it answers an error code.'],
        packages: [
          trigger('test-insufficient-balance-7days-1gb', 11),
          trigger('test-maintenance-mode-7days-1gb', 13),
          trigger('test-disabled-top-up-7days-1gb', 23),
          trigger('test-not-enough-7days-1gb', 33),
          trigger('test-out-of-stock-7days-1gb', 34),
          { ...topUp('test-disabled-top-up-7days-1gb-topup', 1024, 7, 100, 150), failsWith: 23 },
        ],
      },
    ],
  },
  {
    slug: 'germany',
    countryCode: 'DE',
    title: 'Germany',
    operators: [
      {
        title: 'Hallo Mobil',
        type: 'local',
        countries: ['DE'],
        isRoaming: false,
        info: ['5G Data-only eSIM.', 'Rechargeable online with no expiry.'],
        packages: [
          sim('hallo-mobil-7days-1gb', 1024, 7, 450, 550),
          sim('hallo-mobil-30days-5gb', 5120, 30, 1350, 1700),
          topUp('hallo-mobil-7days-1gb-topup', 1024, 7, 450, 550),
        ],
      },
    ],
  },
  {
    slug: 'united-states',
    countryCode: 'US',
    title: 'United States',
    operators: [
      {
        title: 'Change',
        type: 'local',
        countries: ['US'],
        isRoaming: true,
        info: ['5G Data-only eSIM.', 'Rechargeable online with no expiry.'],
        packages: [
          sim('change-7days-1gb', 1024, 7, 380, 450),
          sim('change-30days-5gb', 5120, 30, 1300, 1600),
          unlimited('change-unlimited-10days', 'sim', 10, 3100, 3900),
          topUp('change-7days-1gb-topup', 1024, 7, 380, 450),
          unlimited('change-unlimited-10days-topup', 'topup', 10, 3100, 3900),
        ],
      },
    ],
  },
  {
    slug: 'europe',
    countryCode: '',
    title: 'Europe',
    operators: [
      {
        title: 'Eurolink',
        type: 'global',
        countries: EUROPE,
        isRoaming: true,
        info: ['LTE Data-only eSIM.', 'Rechargeable online with no expiry.'],
        packages: [
          sim('eurolink-7days-1gb', 1024, 7, 500, 650),
          sim('eurolink-30days-5gb', 5120, 30, 1600, 2050),
          topUp('eurolink-7days-1gb-topup', 1024, 7, 500, 650),
        ],
      },
    ],
  },
  {
    slug: 'world',
    countryCode: '',
    title: 'World',
    operators: [
      {
        title: 'Discover Global',
        type: 'global',
        countries: WORLD,
        isRoaming: true,
        info: ['LTE Data-only eSIM.', 'Rechargeable online with no expiry.'],
        packages: [
          sim('discover-7days-1gb', 1024, 7, 900, 1100),
          sim('discover-30days-3gb', 3072, 30, 2000, 2500),
          topUp('discover-7days-1gb-topup', 1024, 7, 900, 1100),
        ],
      },
    ],
  },
];

/** Currencies Airalo quotes beside USD (a selection; it has no TRY), at the fake's fixed rates. */
const RATES: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79, AUD: 1.52, CAD: 1.37, AED: 3.67, JPY: 155 };

const dollars = (cents: number) => Math.round(cents) / 100;
const inCurrencies = (usdCents: number) =>
  Object.fromEntries(
    Object.entries(RATES).map(([currency, rate]) => [
      currency,
      currency === 'JPY' ? Math.round((usdCents * rate) / 100) : Math.round(usdCents * rate) / 100,
    ]),
  );

const dataText = (pkg: CataloguePackage) =>
  pkg.isUnlimited ? 'Unlimited' : pkg.amount % 1024 === 0 ? `${pkg.amount / 1024} GB` : `${pkg.amount} MB`;
const packageTitle = (pkg: CataloguePackage) => `${dataText(pkg)} - ${pkg.days} Days`;

interface Located {
  entry: CatalogueEntry;
  operator: CatalogueOperator;
  pkg: CataloguePackage;
}

const PACKAGES = new Map<string, Located>();
for (const entry of FAKE_AIRALO_CATALOGUE)
  for (const operator of entry.operators)
    for (const pkg of operator.packages) PACKAGES.set(pkg.id, { entry, operator, pkg });

// ── small helpers ─────────────────────────────────────────────────────────────────────────────────

/** JSON as Airalo's PHP backend writes it: compact, "/" escaped, non-ASCII as \u escapes. */
export function airaloJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/\//g, '\\/')
    .replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const airaloSignature = (secret: string, body: string) =>
  createHmac('sha512', secret).update(body).digest('hex');

const NANOID = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const nanoid = (length = 25) => Array.from({ length }, () => NANOID[randomInt(NANOID.length)]).join('');
const upperId = (length: number) =>
  Array.from({ length }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[randomInt(32)]).join('');

function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** "2026-12-06 14:03:09", Airalo's date-time format (UTC). */
const airaloTime = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

/** Form fields of a multipart body (text fields only: Airalo's calls carry no files). */
function parseMultipart(raw: Buffer, contentType: string): Record<string, string | string[]> | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) return null;
  const fields: Record<string, string | string[]> = {};
  for (const part of raw.toString('utf8').split(`--${boundary}`).slice(1)) {
    if (part.startsWith('--')) break;
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const name = /name="([^"]*)"/i.exec(part.slice(0, split))?.[1];
    if (!name) continue;
    addField(fields, name, part.slice(split + 4).replace(/\r\n$/, ''));
  }
  return fields;
}

/** `iccids[]` and `iccids[0]` (how forms carry a list) become one `iccids` list. */
function addField(fields: Record<string, string | string[]>, name: string, value: string) {
  const list = /^(.+)\[\d*\]$/.exec(name)?.[1];
  if (!list) {
    fields[name] = value;
    return;
  }
  const had = fields[list];
  fields[list] = Array.isArray(had) ? [...had, value] : had === undefined ? [value] : [had, value];
}

function parseForm(raw: string): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(raw)) addField(fields, name, value);
  return fields;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** A quantity as Airalo validates it: an integer, given as a number or as form text. */
const integer = (value: unknown): number | null => {
  const raw = text(value);
  return raw !== undefined && /^-?\d+$/.test(raw.trim()) ? Number(raw) : null;
};

const list = (value: unknown): string[] =>
  Array.isArray(value) ? value.map((v) => text(v) ?? '').filter(Boolean) : text(value) ? [text(value)!] : [];

/** A control request's JSON body (fastify hands the fake raw text); undefined when it is none. */
function controlBody<T>(body: unknown): T | undefined {
  if (body === undefined || body === null) return {} as T;
  if (Buffer.isBuffer(body)) body = body.toString('utf8');
  if (typeof body !== 'string') return body as T | undefined;
  if (!body) return {} as T;
  try {
    return JSON.parse(body) as T;
  } catch {
    return undefined;
  }
}

const REFUND_REASONS = new Set([
  'INSTALLATION_FAILURE',
  'NO_COVERAGE',
  'APN_FAILURE',
  'TRIP_CANCELLATION',
  'INTERMITTENT_CONNECTION',
  'BLOCKED_NETWORK',
  'CHANGE_OF_PLAN',
  'DELETED_ESIM',
  'EARLY_EXPIRY',
  'HOTSPOT_NOT_WORKING',
  'IMSI_CHANGE',
  'INCOMPATIBLE_DEVICE',
  'LOCKED_DEVICE',
  'NO_VOICE_TEXT_SERVICES',
  'OVERCHARGED',
  'SLOW_SPEED',
  'TOP_UP_PACKAGE_FAILURE',
  'UNKNOWN_CHARGES',
  'WRONG_PURCHASE',
  'UNABLE_TO_ACCESS_APPS',
  'SERVICE_DEGRADATION',
  'QR_ISSUE_PARTNERS',
  'OTHERS',
]);

/** Airalo's business refusals; the texts are the fake's (Airalo publishes the codes and their meaning). */
const BUSINESS_REASONS: Record<number, string> = {
  11: 'Insufficient Airalo Credit. Please top up your Airalo balance and try again.',
  13: 'The operator is currently under maintenance. Please try again later.',
  23: 'Top-up is currently disabled for this package.',
  33: 'Insufficient stock for the requested quantity. Please try a lower quantity.',
  34: 'The package is out of stock or no longer available.',
};

const recycledReason = (iccid: string) =>
  `The eSIM with iccid ${iccid} has been recycled. It can no longer be used or topped up.`;

const invalid = (fields: Record<string, string>) => ({
  status: 422,
  body: { data: fields, meta: { message: 'the parameter is invalid' } },
});
const business = (code: number, reason = BUSINESS_REASONS[code] ?? 'Unexpected error.') => ({
  status: 422,
  body: { code, reason },
});
const notFound = () => ({ status: 404, body: { data: [], meta: { message: 'messages.resource_not_found' } } });
const ok = (data: unknown, status = 200) => ({ status, body: { data, meta: { message: 'success' } } });

const nowMs = () => Date.now();

interface Answer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

interface Sim extends FakeSim {
  createdAt: string;
  confirmationCode: string | null;
  snapshot: {
    status: UsageStatus;
    totalMb: number;
    remainingMb: number;
    expiresAt: string | null;
    takenAt: number;
  } | null;
  usageCalls: number[];
  lowDataSent: Set<string>;
}

interface Order extends FakeOrder {
  currency: 'USD';
  retailCents: number;
  status: 'completed';
}

interface AsyncRequest {
  requestId: string;
  acceptedAt: string;
  packageId: string;
  quantity: number;
  description: string | null;
  webhookUrl: string;
}

// ── the server ────────────────────────────────────────────────────────────────────────────────────

/** Starts the fake on a port; resolves once it listens. */
export async function startFakeAiralo(options: FakeAiraloOptions): Promise<FakeAiralo> {
  const deliveryMs = (options.deliverySeconds ?? 5) * 1000;
  const tokenExpiresIn = options.tokenExpiresInSeconds ?? 31_622_400;
  const tokensPerMinute = options.tokenRequestsPerMinute ?? 3;
  const usagePerMinute = options.usageRequestsPerMinute ?? 10;
  const snapshotMs = (options.usageSnapshotSeconds ?? 1200) * 1000;
  const refundsPerWindow = options.refundsPerWindow ?? 1;
  const refundWindowMs = (options.refundWindowSeconds ?? 300) * 1000;
  const webhookRetryMs = (options.webhookRetrySeconds ?? 900) * 1000;
  const webhookAttempts = options.webhookAttempts ?? 20;
  const pricing = options.pricing ?? { model: 'net_pricing' as const };
  const lpa = options.lpa ?? 'lpa.airalo.com';

  const recorded: RecordedRequest[] = [];
  let faults: Array<Fault & { left: number | null }> = [];
  const tokens = new Map<string, number>();
  const tokenCalls: number[] = [];
  const refundCalls = new Map<string, number[]>();
  const sims = new Map<string, Sim>();
  const orders: Order[] = [];
  const refunds: FakeRefund[] = [];
  const webhooks: FakeWebhook[] = [];
  const held: FakeWebhook[] = [];
  const optIns = new Map<string, { webhookUrl: string; levels: number[] | null }>();
  const verifiedUrls = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  let pendingWork = 0;
  let balance = options.balanceCents ?? 1_000_000;
  let nextOrderId = 9_000 + randomInt(1000);
  let nextSimId = 11_000 + randomInt(1000);
  let nextRefundId = 500 + randomInt(500);
  let nextWebhookId = 1;
  let iccidSerial = randomInt(1_000_000);
  let closed = false;

  const later = (ms: number, run: () => Promise<void> | void) => {
    pendingWork += 1;
    const timer = setTimeout(() => {
      timers.delete(timer);
      void Promise.resolve()
        .then(run)
        .catch(() => undefined)
        .finally(() => {
          pendingWork -= 1;
        });
    }, ms);
    timers.add(timer);
  };

  const server = Fastify({ forceCloseConnections: true, logger: false, bodyLimit: 1_048_576 });
  const latencyMs = options.latencyMs ?? 0;
  if (latencyMs > 0)
    server.addHook('onRequest', async (request) => {
      if (!request.url.startsWith('/__fake/')) await new Promise((resolve) => setTimeout(resolve, latencyMs));
    });
  // Bodies are read raw here and parsed by the routes, so JSON, form and multipart all reach them.
  server.removeAllContentTypeParsers();
  server.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  const takeFault = (path: string, method: string, kinds: readonly FaultKind[]): Fault | null => {
    const index = faults.findIndex(
      (fault) =>
        kinds.includes(fault.kind) &&
        (fault.kind.startsWith('webhook-') ||
          ((!fault.method || fault.method.toUpperCase() === method) &&
            (!fault.path ||
              (fault.path.endsWith('*') ? path.startsWith(fault.path.slice(0, -1)) : fault.path === path)))),
    );
    if (index < 0) return null;
    const fault = faults[index]!;
    if (fault.left !== null && fault.kind !== 'webhook-reorder') {
      fault.left -= 1;
      if (fault.left <= 0) faults.splice(index, 1);
    }
    return fault;
  };

  const readBody = (request: FastifyRequest): { raw: string; fields: Record<string, unknown> | null } => {
    const buffer = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const raw = buffer.toString('utf8');
    if (buffer.length === 0) return { raw, fields: null };
    const type = String(request.headers['content-type'] ?? '').toLowerCase();
    if (type.startsWith('multipart/form-data')) return { raw, fields: parseMultipart(buffer, type) };
    if (type.startsWith('application/x-www-form-urlencoded')) return { raw, fields: parseForm(raw) };
    try {
      const parsed = JSON.parse(raw) as unknown;
      return { raw, fields: parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null };
    } catch {
      return { raw, fields: null };
    }
  };

  const bearerValid = (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(String(request.headers.authorization ?? ''));
    const expires = match ? tokens.get(match[1]!) : undefined;
    return expires !== undefined && expires > nowMs();
  };

  const tooMany = (retryAfterSeconds: number, limit: number): Answer => ({
    status: 429,
    body: { message: 'Too Many Attempts.' },
    headers: {
      'retry-after': String(retryAfterSeconds),
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(Math.ceil(nowMs() / 1000) + retryAfterSeconds),
    },
  });

  /** A sliding one-minute window: null when the call fits, else the seconds until it would. */
  const windowFull = (calls: number[], limit: number, windowMs = 60_000): number | null => {
    const now = nowMs();
    while (calls.length > 0 && calls[0]! <= now - windowMs) calls.shift();
    if (calls.length >= limit) return Math.max(1, Math.ceil((calls[0]! + windowMs - now) / 1000));
    calls.push(now);
    return null;
  };

  /**
   * One API route: records the request, checks the bearer token (but for /v2/token), applies a fault,
   * then answers what `handle` returns.
   */
  const api = (
    method: 'GET' | 'POST',
    url: string,
    handle: (body: Record<string, unknown>, query: Record<string, string>, request: FastifyRequest) => Answer,
    routeOptions: { auth?: boolean } = {},
  ) => {
    server.route({
      method,
      url,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const path = request.url.split('?')[0]!;
        const query = Object.fromEntries(
          Object.entries((request.query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        );
        const { fields } = readBody(request);
        // The SDKs sign the payload as compact JSON with "/" escaped (a form's fields as that JSON too).
        const given = request.headers['airalo-signature'];
        const signatureValid =
          typeof given === 'string' && fields
            ? given.toLowerCase() ===
              airaloSignature(options.clientSecret, JSON.stringify(fields).replace(/\//g, '\\/'))
            : null;
        const authorized = routeOptions.auth === false ? true : bearerValid(request);
        const entry: RecordedRequest = {
          at: new Date().toISOString(),
          method,
          path,
          query,
          body: fields,
          contentType: request.headers['content-type'] ?? null,
          authorized,
          signatureValid,
          status: null,
          fault: null,
        };
        recorded.push(entry);
        const send = (answer: Answer) => {
          entry.status = answer.status;
          reply.code(answer.status).header('content-type', 'application/json');
          for (const [name, value] of Object.entries(answer.headers ?? {})) reply.header(name, value);
          return reply.send(JSON.stringify(answer.body));
        };
        if (!authorized) return send({ status: 401, body: { message: 'Unauthenticated.' } });
        const fault = takeFault(path, method, ['status', 'hang', 'drop', 'rate-limit', 'unauthorized', 'forbidden']);
        entry.fault = fault?.kind ?? null;
        if (fault?.kind === 'unauthorized') return send({ status: 401, body: { message: 'Unauthenticated.' } });
        if (fault?.kind === 'forbidden')
          // Airalo's IP allowlist refusal (business code 89); the reason text is the fake's.
          return send({ status: 403, body: { code: 89, reason: 'The IP address is not allowed to access this API.' } });
        if (fault?.kind === 'rate-limit') return send(tooMany(fault.retryAfterSeconds ?? 1, 60));
        if ((fault?.kind === 'hang' || fault?.kind === 'status') && !fault.commit) {
          if (fault.kind === 'hang') {
            // Never answered: the socket stays open until the caller gives up or the fake closes.
            reply.hijack();
            return;
          }
          return send({ status: fault.status ?? 500, body: { message: 'Server Error' } });
        }
        const answer = handle(fields ?? {}, query, request);
        if (fault?.kind === 'drop') {
          // The work is done and kept; the answer is lost on the way back.
          entry.status = answer.status;
          reply.hijack();
          request.raw.socket.destroy();
          return;
        }
        if (fault?.kind === 'hang') {
          entry.status = answer.status;
          reply.hijack();
          return;
        }
        if (fault?.kind === 'status') return send({ status: fault.status ?? 500, body: { message: 'Server Error' } });
        return send(answer);
      },
    });
  };
  const clientSecret = options.clientSecret;

  // ── token ──

  api(
    'POST',
    '/v2/token',
    (body) => {
      const entry = recorded[recorded.length - 1]!;
      const wait = windowFull(tokenCalls, tokensPerMinute);
      if (wait !== null) return tooMany(wait, tokensPerMinute);
      const missing = ['client_id', 'client_secret', 'grant_type'].filter((field) => !text(body[field]));
      if (missing.length > 0)
        return invalid(
          Object.fromEntries(missing.map((field) => [field, `The ${field.replace('_', ' ')} field is required.`])),
        );
      if (text(body.grant_type) !== 'client_credentials')
        return {
          status: 400,
          body: { error: 'unsupported_grant_type', message: 'The authorization grant type is not supported.' },
        };
      if (text(body.client_id) !== options.clientId || text(body.client_secret) !== options.clientSecret) {
        entry.authorized = false;
        // Airalo's body for wrong credentials is not published; this is OAuth's invalid_client.
        return {
          status: 401,
          body: {
            error: 'invalid_client',
            error_description: 'Client authentication failed',
            message: 'Client authentication failed',
          },
        };
      }
      const token = `fake.${randomBytes(24).toString('base64url')}`;
      tokens.set(token, nowMs() + tokenExpiresIn * 1000);
      return ok({ token_type: 'Bearer', expires_in: tokenExpiresIn, access_token: token });
    },
    { auth: false },
  );

  // ── packages ──

  const pricingBlock = () =>
    pricing.model === 'net_pricing'
      ? { model: 'net_pricing', discount_percentage: 0 }
      : { model: 'discount_pricing', discount_percentage: pricing.discountPercentage };

  const packageJson = (pkg: CataloguePackage) => {
    const net = pricing.model === 'net_pricing' ? pkg.netCents : null;
    return {
      id: pkg.id,
      type: pkg.type,
      price: dollars(pkg.retailCents),
      net_price: net === null ? null : dollars(net),
      amount: pkg.amount,
      day: pkg.days,
      is_unlimited: pkg.isUnlimited ?? false,
      title: packageTitle(pkg),
      short_info: "This eSIM doesn't come with a phone number.",
      qr_installation: '<p>Scan the QR code with your camera.</p>',
      manual_installation: '<p>Enter the SM-DP+ address and the activation code.</p>',
      is_fair_usage_policy: pkg.isUnlimited ?? false,
      fair_usage_policy: pkg.isUnlimited ? 'Speed is reduced after 2 GB a day.' : null,
      data: dataText(pkg),
      voice: null,
      text: null,
      prices: {
        ...(net === null ? {} : { net_price: inCurrencies(net) }),
        recommended_retail_price: inCurrencies(pkg.retailCents),
      },
    };
  };

  const minPrice = (packages: CataloguePackage[]) => {
    const cheapest = [...packages].sort((a, b) => a.netCents - b.netCents)[0];
    return cheapest
      ? {
          net_price: pricing.model === 'net_pricing' ? inCurrencies(cheapest.netCents) : null,
          recommended_retail_price: inCurrencies(cheapest.retailCents),
        }
      : null;
  };

  const image = (slug: string) => ({ width: 132, height: 99, url: `https://cdn.airalo.com/images/${slug}.png` });

  const entryJson = (entry: CatalogueEntry, withTopUps: boolean) => {
    const operators = entry.operators.map((operator, index) => ({
      id: FAKE_AIRALO_CATALOGUE.indexOf(entry) * 10 + index + 1,
      style: 'light',
      gradient_start: '#0f1b3f',
      gradient_end: '#194281',
      type: operator.type,
      is_prepaid: true,
      title: operator.title,
      esim_type: 'Prepaid',
      warning: null,
      apn_type: 'automatic',
      apn_value: null,
      is_roaming: operator.isRoaming,
      info: operator.info,
      image: image(entry.slug),
      plan_type: 'data',
      activation_policy: 'first-usage',
      is_kyc_verify: false,
      rechargeability: true,
      other_info: null,
      coverages: operator.countries.map((code) => ({ name: code, networks: [{ name: 'LTE', types: ['4G'] }] })),
      apn: { ios: { apn_type: 'automatic', apn_value: null }, android: { apn_type: 'automatic', apn_value: null } },
      countries: operator.countries.map((code) => ({
        country_code: code,
        title: code,
        image: image(code.toLowerCase()),
      })),
      packages: operator.packages.filter((pkg) => withTopUps || pkg.type === 'sim').map(packageJson),
    }));
    return {
      slug: entry.slug,
      country_code: entry.countryCode,
      title: entry.title,
      image: image(entry.slug),
      min_price: minPrice(entry.operators.flatMap((operator) => operator.packages.filter((pkg) => pkg.type === 'sim'))),
      operators,
    };
  };

  api('GET', '/v2/packages', (_body, query, request) => {
    const type = query['filter[type]'];
    const country = query['filter[country]']?.toUpperCase();
    const withTopUps = (query.include ?? '').split(',').includes('topup');
    const entries = FAKE_AIRALO_CATALOGUE.filter(
      (entry) =>
        (!type || entry.operators.some((operator) => operator.type === type)) &&
        (!country || entry.countryCode === country),
    );
    const limit = Math.max(1, integer(query.limit) ?? (entries.length || 1));
    const page = Math.max(1, integer(query.page) ?? 1);
    const lastPage = Math.max(1, Math.ceil(entries.length / limit));
    const slice = entries.slice((page - 1) * limit, page * limit).map((entry) => entryJson(entry, withTopUps));
    // As Airalo answers: from page 2 on, the list is an object keyed by each entry's position.
    const data =
      page === 1 ? slice : Object.fromEntries(slice.map((entry, i) => [String((page - 1) * limit + i), entry]));
    const base = `http://${request.headers.host ?? 'localhost'}/v2/packages`;
    return {
      status: 200,
      body: {
        pricing: pricingBlock(),
        data,
        links: {
          first: `${base}?page=1`,
          last: `${base}?page=${lastPage}`,
          prev: page > 1 ? `${base}?page=${page - 1}` : null,
          next: page < lastPage ? `${base}?page=${page + 1}` : null,
        },
        meta: {
          message: 'success',
          current_page: page,
          from: slice.length ? (page - 1) * limit + 1 : null,
          last_page: lastPage,
          path: base,
          per_page: limit,
          to: slice.length ? (page - 1) * limit + slice.length : null,
          total: entries.length,
        },
      },
    };
  });

  // ── orders ──

  const newIccid = () => {
    iccidSerial = (iccidSerial + 1) % 1e12;
    const body = `894400${String(randomInt(100)).padStart(2, '0')}${String(iccidSerial).padStart(10, '0')}`;
    return body + luhnDigit(body);
  };

  const priceCents = (pkg: CataloguePackage) =>
    pricing.model === 'net_pricing'
      ? pkg.netCents
      : Math.round((pkg.retailCents * (100 - pricing.discountPercentage)) / 100);

  const simJson = (s: Sim) => ({
    id: s.id,
    created_at: s.createdAt,
    iccid: s.iccid,
    lpa: s.lpa,
    imsis: null,
    matching_id: s.matchingId,
    qrcode: s.qrcode,
    qrcode_url: `https://sandbox.airalo.com/qr?expires=${Math.floor(nowMs() / 1000) + 86_400}&id=${s.id}&signature=${randomBytes(16).toString('hex')}`,
    direct_apple_installation_url: `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${s.qrcode}`,
    airalo_code: null,
    apn_type: 'automatic',
    apn_value: null,
    is_roaming: PACKAGES.get(s.packageId)?.operator.isRoaming ?? true,
    confirmation_code: s.confirmationCode,
    apn: { ios: { apn_type: 'automatic', apn_value: null }, android: { apn_type: 'automatic', apn_value: null } },
    msisdn: null,
  });

  const orderJson = (order: Order, include: string[] = ['sims']) => {
    const located = PACKAGES.get(order.packageId)!;
    const unit = order.netCents / order.quantity;
    return {
      id: order.id,
      code: order.code,
      currency: order.currency,
      package_id: order.packageId,
      quantity: order.quantity,
      type: order.type,
      description: order.description,
      esim_type: 'Prepaid',
      validity: located.pkg.days,
      package: `${located.operator.title}-${packageTitle(located.pkg)}`,
      data: dataText(located.pkg),
      price: dollars(order.retailCents / order.quantity),
      pricing_model: pricing.model,
      net_price: dollars(unit),
      ...(pricing.model === 'discount_pricing'
        ? {
            discount_percentage: pricing.discountPercentage,
            unit_paid_price: dollars(unit),
            total_amount_paid: dollars(order.netCents),
          }
        : {}),
      text: null,
      voice: null,
      created_at: order.createdAt,
      manual_installation: `<p><b>eSIM name: </b>${located.operator.title}</p>`,
      qrcode_installation: `<p><b>eSIM name: </b>${located.operator.title}</p>`,
      installation_guides: { en: 'https://www.airalo.com/help/getting-started-with-airalo' },
      brand_settings_name: null,
      ...(include.includes('sims') ? { sims: order.iccids.map((iccid) => simJson(sims.get(iccid)!)) } : {}),
      ...(include.includes('status') ? { status: { name: 'Completed', slug: order.status } } : {}),
      ...(include.includes('user')
        ? {
            user: {
              id: 120,
              created_at: '2025-01-01 00:00:00',
              name: 'Fake Partner',
              email: 'partner@example.com',
              company: 'Fake Partner',
            },
          }
        : {}),
    };
  };

  /** The checks a new eSIM order passes before anything is bought; an answer when it does not. */
  const orderRefusal = (body: Record<string, unknown>): Answer | null => {
    const packageId = text(body.package_id);
    const quantity = integer(body.quantity);
    const type = text(body.type) ?? 'sim';
    const fields: Record<string, string> = {};
    if (!packageId) fields.package_id = 'The package id field is required.';
    else if (PACKAGES.get(packageId)?.pkg.type !== 'sim' || type !== 'sim')
      fields.package_id = 'The selected package is invalid.';
    if (quantity === null) fields.quantity = 'The quantity field is required.';
    else if (quantity < 1) fields.quantity = 'The quantity must be at least 1.';
    else if (quantity > 50) fields.quantity = 'The quantity may not be greater than 50.';
    const description = body.description;
    if (description !== undefined && description !== null && (text(description)?.length ?? 0) > 255)
      fields.description = 'The description may not be greater than 255 characters.';
    if (body.brand_settings_name) fields.brand_settings_name = "Brand settings name doesn't exist.";
    return Object.keys(fields).length > 0 ? invalid(fields) : null;
  };

  /** Buys `quantity` eSIMs of a package (already validated): the order, or Airalo's business refusal. */
  const buy = (
    packageId: string,
    quantity: number,
    description: string | null,
    requestId: string | null,
  ): { order: Order } | { code: number } => {
    const { pkg } = PACKAGES.get(packageId)!;
    if (pkg.failsWith && pkg.failsWith !== 23) return { code: pkg.failsWith };
    const cost = priceCents(pkg) * quantity;
    if (cost > balance) return { code: 11 };
    balance -= cost;
    const created = new Date();
    const order: Order = {
      id: nextOrderId++,
      code: `${created.toISOString().slice(0, 10).replace(/-/g, '')}-${String(nextOrderId).padStart(6, '0')}`,
      type: 'sim',
      packageId,
      quantity,
      description,
      iccids: [],
      netCents: cost,
      retailCents: pkg.retailCents * quantity,
      requestId,
      createdAt: airaloTime(created),
      currency: 'USD',
      status: 'completed',
    };
    for (let i = 0; i < quantity; i++) {
      const iccid = newIccid();
      const matchingId = `FAKE${upperId(12)}`;
      sims.set(iccid, {
        id: nextSimId++,
        iccid,
        lpa,
        matchingId,
        qrcode: `LPA:1$${lpa}$${matchingId}`,
        packageId,
        orderId: order.id,
        topUps: [],
        status: 'NOT_ACTIVE',
        totalMb: pkg.amount,
        usedMb: 0,
        isUnlimited: pkg.isUnlimited ?? false,
        expiresAt: null,
        recycled: false,
        createdAt: order.createdAt,
        confirmationCode: null,
        snapshot: null,
        usageCalls: [],
        lowDataSent: new Set(),
      });
      order.iccids.push(iccid);
    }
    orders.push(order);
    return { order };
  };

  api('POST', '/v2/orders', (body) => {
    const refusal = orderRefusal(body);
    if (refusal) return refusal;
    const bought = buy(text(body.package_id)!, integer(body.quantity)!, text(body.description) ?? null, null);
    if ('code' in bought) return business(bought.code);
    return ok(orderJson(bought.order));
  });

  const orderFilters = (query: Record<string, string>) => {
    const description = query['filter[description]']?.toLowerCase();
    const iccid = query['filter[iccid]'];
    const code = query['filter[code]'];
    const status = query['filter[order_status]'];
    const created = /^(\d{4}-\d{2}-\d{2})\s*-\s*(\d{4}-\d{2}-\d{2})$/.exec(query['filter[created_at]'] ?? '');
    return orders.filter(
      (order) =>
        (!description || (order.description ?? '').toLowerCase().includes(description)) &&
        (!iccid || order.iccids.includes(iccid)) &&
        (!code || order.code === code) &&
        (!status || order.status === status) &&
        (!created || (order.createdAt.slice(0, 10) >= created[1]! && order.createdAt.slice(0, 10) <= created[2]!)),
    );
  };

  api('GET', '/v2/orders', (_body, query, request) => {
    const include = (query.include ?? '').split(',').filter(Boolean);
    const found = orderFilters(query).reverse();
    const limit = Math.min(Math.max(1, integer(query.limit) ?? 25), 100);
    const page = Math.max(1, integer(query.page) ?? 1);
    const lastPage = Math.max(1, Math.ceil(found.length / limit));
    const slice = found.slice((page - 1) * limit, page * limit);
    const base = `http://${request.headers.host ?? 'localhost'}/v2/orders`;
    return {
      status: 200,
      body: {
        data: slice.map((order) => orderJson(order, include)),
        links: {
          first: `${base}?page=1`,
          last: `${base}?page=${lastPage}`,
          prev: page > 1 ? `${base}?page=${page - 1}` : null,
          next: page < lastPage ? `${base}?page=${page + 1}` : null,
        },
        meta: {
          message: 'success',
          current_page: page,
          from: slice.length ? (page - 1) * limit + 1 : null,
          last_page: lastPage,
          path: base,
          per_page: limit,
          to: slice.length ? (page - 1) * limit + slice.length : null,
          total: found.length,
        },
      },
    };
  });

  api('GET', '/v2/orders/:orderId', (_body, query, request) => {
    const id = Number((request.params as { orderId: string }).orderId);
    const order = orders.find((candidate) => candidate.id === id);
    return order ? ok(orderJson(order, (query.include ?? 'sims').split(','))) : notFound();
  });

  // ── asynchronous orders and webhooks ──

  const enqueueWebhook = (kind: FakeWebhook['kind'], url: string, payload: unknown): FakeWebhook => {
    const body = airaloJson(payload);
    const webhook: FakeWebhook = {
      id: nextWebhookId++,
      kind,
      url,
      body,
      signature: airaloSignature(clientSecret, body),
      attempts: 0,
      state: 'waiting',
      answers: [],
    };
    webhooks.push(webhook);
    const drop = takeFault('', 'POST', ['webhook-drop']);
    if (drop) {
      // Lost on the way: the receiver never hears of it.
      webhook.state = 'dropped';
      return webhook;
    }
    const reorder = faults.find((fault) => fault.kind === 'webhook-reorder');
    if (reorder) {
      webhook.state = 'held';
      held.push(webhook);
      const wanted = reorder.times ?? 2;
      if (held.length >= wanted) {
        faults = faults.filter((fault) => fault !== reorder);
        // Released newest first: each receiver sees them in the opposite order.
        for (const each of held.splice(0).reverse()) {
          each.state = 'waiting';
          later(0, () => deliver(each, 1));
        }
      }
      return webhook;
    }
    const duplicate = takeFault('', 'POST', ['webhook-duplicate']);
    later(0, () => deliver(webhook, duplicate ? Math.max(2, duplicate.copies ?? 2) : 1));
    return webhook;
  };

  /** Whether the receiver answers Airalo's HEAD check with 200 (before webhooks: once per address; an opt-in always asks). */
  const headCheck = async (url: string, always = false): Promise<boolean> => {
    if (!always && verifiedUrls.has(url)) return true;
    try {
      const answer = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(5000) });
      await answer.body?.cancel();
      if (answer.status === 200) verifiedUrls.add(url);
      return answer.status === 200;
    } catch {
      return false;
    }
  };

  const deliver = async (webhook: FakeWebhook, copies: number): Promise<void> => {
    if (closed) return;
    webhook.attempts += 1;
    let delivered = false;
    if (await headCheck(webhook.url)) {
      for (let copy = 0; copy < copies; copy++) {
        let status = 0;
        try {
          const answer = await fetch(webhook.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'airalo-signature': webhook.signature },
            body: webhook.body,
            signal: AbortSignal.timeout(10_000),
          });
          await answer.body?.cancel();
          status = answer.status;
        } catch {
          status = 0;
        }
        webhook.answers.push(status);
        // A receiver's 2xx below 204 counts as received; anything else is tried again later.
        delivered ||= status >= 200 && status < 204;
      }
    } else webhook.answers.push(0);
    if (delivered) webhook.state = 'delivered';
    else if (webhook.attempts >= webhookAttempts) webhook.state = 'failed';
    else later(webhookRetryMs, () => deliver(webhook, 1));
  };

  const asyncRequests = new Map<string, AsyncRequest>();

  /** An accepted asynchronous order is made (or fails) and posted to its webhook. */
  const processAsync = (request: AsyncRequest) => {
    const bought = buy(request.packageId, request.quantity, request.description, request.requestId);
    // The fake's choice: the order response with request_id inside `data`; a failure carries the
    // business code and reason instead of sims (Airalo's failure payload is not published).
    const payload =
      'code' in bought
        ? {
            data: {
              request_id: request.requestId,
              package_id: request.packageId,
              quantity: request.quantity,
              description: request.description,
              code: bought.code,
              reason: BUSINESS_REASONS[bought.code],
            },
            meta: { message: 'failed' },
          }
        : { data: { ...orderJson(bought.order), request_id: request.requestId }, meta: { message: 'success' } };
    enqueueWebhook('async_order', request.webhookUrl, payload);
  };

  api('POST', '/v2/orders-async', (body) => {
    const refusal = orderRefusal(body);
    if (refusal) return refusal;
    const webhookUrl = text(body.webhook_url) ?? optIns.get('async_orders')?.webhookUrl;
    if (!webhookUrl) return { status: 422, body: { reason: 'User is not opted in and no webhook URL provided.' } };
    const request: AsyncRequest = {
      requestId: nanoid(),
      acceptedAt: airaloTime(new Date()),
      packageId: text(body.package_id)!,
      quantity: integer(body.quantity)!,
      description: text(body.description) ?? null,
      webhookUrl,
    };
    asyncRequests.set(request.requestId, request);
    later(deliveryMs, () => processAsync(request));
    return ok({ request_id: request.requestId, accepted_at: request.acceptedAt }, 202);
  });

  // ── eSIMs: details, top-ups, usage ──

  const simOf = (request: FastifyRequest) => sims.get((request.params as { iccid: string }).iccid);

  api('GET', '/v2/sims/:iccid', (_body, _query, request) => {
    const found = simOf(request);
    if (!found) return notFound();
    const order = orders.find((candidate) => candidate.id === found.orderId)!;
    return ok({
      ...simJson(found),
      brand_settings_name: null,
      recycled: found.recycled,
      recycled_at: found.recycled ? airaloTime(new Date()) : null,
      simable: orderJson(order, ['status', 'user']),
    });
  });

  /** The top-ups Airalo offers for an eSIM: its operator's, unless it has ended. */
  const topUpsOf = (found: Sim): CataloguePackage[] => {
    if (found.status === 'EXPIRED' || found.status === 'RECYCLED') return [];
    return PACKAGES.get(found.packageId)!.operator.packages.filter((pkg) => pkg.type === 'topup');
  };

  api('GET', '/v2/sims/:iccid/topups', (_body, _query, request) => {
    const found = simOf(request);
    if (!found) return notFound();
    if (found.recycled) return business(73, recycledReason(found.iccid));
    return { status: 200, body: { pricing: pricingBlock(), data: topUpsOf(found).map(packageJson) } };
  });

  api('POST', '/v2/orders/topups', (body) => {
    const iccid = text(body.iccid);
    const packageId = text(body.package_id);
    const fields: Record<string, string> = {};
    if (!packageId) fields.package_id = 'The package id field is required.';
    if (!iccid) fields.iccid = 'The iccid field is required.';
    else if (!sims.has(iccid)) fields.iccid = 'The selected iccid is invalid.';
    if (Object.keys(fields).length > 0) return invalid(fields);
    const found = sims.get(iccid!)!;
    if (found.recycled) return business(73, recycledReason(found.iccid));
    const offered = topUpsOf(found).find((pkg) => pkg.id === packageId);
    if (!offered) return invalid({ package_id: 'invalid topup package' });
    if (offered.failsWith) return business(offered.failsWith);
    const cost = priceCents(offered);
    if (cost > balance) return business(11);
    balance -= cost;
    const created = new Date();
    const order: Order = {
      id: nextOrderId++,
      code: `${created.toISOString().slice(0, 10).replace(/-/g, '')}-${String(nextOrderId).padStart(6, '0')}`,
      type: 'topup',
      packageId: offered.id,
      quantity: 1,
      description: text(body.description) ?? null,
      iccids: [found.iccid],
      netCents: cost,
      retailCents: offered.retailCents,
      requestId: null,
      createdAt: airaloTime(created),
      currency: 'USD',
      status: 'completed',
    };
    orders.push(order);
    found.topUps.push(offered.id);
    found.isUnlimited ||= offered.isUnlimited ?? false;
    found.totalMb += offered.amount;
    if (found.status === 'FINISHED') found.status = 'ACTIVE';
    if (found.expiresAt) {
      const base = Math.max(new Date(`${found.expiresAt.replace(' ', 'T')}Z`).getTime(), nowMs());
      found.expiresAt = airaloTime(new Date(base + offered.days * 86_400_000));
    }
    const json = orderJson(order, []);
    return ok(json);
  });

  const takeSnapshot = (found: Sim) => {
    found.snapshot = {
      status: found.recycled ? 'RECYCLED' : found.status,
      totalMb: found.isUnlimited ? 0 : found.totalMb,
      remainingMb: found.isUnlimited ? 0 : Math.max(0, found.totalMb - found.usedMb),
      expiresAt: found.expiresAt,
      takenAt: nowMs(),
    };
    return found.snapshot;
  };

  api('GET', '/v2/sims/:iccid/usage', (_body, _query, request) => {
    const found = simOf(request);
    if (!found) return notFound();
    const wait = windowFull(found.usageCalls, usagePerMinute);
    if (wait !== null) return tooMany(wait, usagePerMinute);
    const snapshot =
      found.snapshot && found.snapshot.takenAt > nowMs() - snapshotMs ? found.snapshot : takeSnapshot(found);
    return {
      status: 200,
      body: {
        data: {
          remaining: snapshot.remainingMb,
          total: snapshot.totalMb,
          expired_at: snapshot.expiresAt,
          is_unlimited: found.isUnlimited,
          status: snapshot.status,
          remaining_voice: 0,
          remaining_text: 0,
          total_voice: 0,
          total_text: 0,
        },
        // Airalo's own spelling.
        meta: { message: 'api.succes' },
      },
    };
  });

  // ── refunds, balance ──

  api('POST', '/v2/refund', (body, _query, request) => {
    const calls = refundCalls.get(request.ip) ?? [];
    refundCalls.set(request.ip, calls);
    const wait = windowFull(calls, refundsPerWindow, refundWindowMs);
    if (wait !== null) return tooMany(wait, refundsPerWindow);
    const iccids = list(body.iccids);
    const reason = text(body.reason);
    const notes = text(body.notes) ?? null;
    const fields: Record<string, string> = {};
    if (iccids.length === 0) fields.iccids = 'The iccids field is required.';
    else if (iccids.length > 5) fields.iccids = 'The iccids may not have more than 5 items.';
    if (!reason) fields.reason = 'The reason field is required.';
    else if (!REFUND_REASONS.has(reason)) fields.reason = 'The selected reason is invalid.';
    if (reason === 'OTHERS' && !notes) fields.notes = 'The notes field is required when reason is OTHERS.';
    if (notes && notes.length > 255) fields.notes = 'The notes may not be greater than 255 characters.';
    if (Object.keys(fields).length > 0) return invalid(fields);
    const foreign = iccids.filter((iccid) => !sims.has(iccid));
    if (foreign.length > 0)
      return invalid({ iccids: `The following ICCIDs do not belong to your company: ${foreign.join(', ')}` });
    // The fake's choice for a refund asked twice for an eSIM (Airalo does not publish it): refused.
    const again = iccids.filter((iccid) => refunds.some((refund) => refund.iccids.includes(iccid)));
    if (again.length > 0)
      return invalid({ iccids: `A refund request already exists for the following ICCIDs: ${again.join(', ')}` });
    const refund: FakeRefund = {
      refundId: nextRefundId++,
      iccids,
      reason: reason!,
      notes,
      createdAt: airaloTime(new Date()),
    };
    refunds.push(refund);
    return ok({ refund_id: refund.refundId, created_at: refund.createdAt }, 202);
  });

  api('GET', '/v2/balance', () =>
    ok({ balances: { name: 'balance', availableBalance: { amount: dollars(balance), currency: 'USD' } } }),
  );

  // ── notifications ──

  const NOTIFICATION_TYPES = ['async_orders', 'webhook_low_data', 'webhook_credit_limit'];

  server.route({
    method: 'POST',
    url: '/v2/notifications/opt-in',
    handler: async (request, reply) => {
      // The HEAD check is asynchronous, so this route records and answers without the api() wrapper.
      const { fields } = readBody(request);
      const body = fields ?? {};
      const authorized = bearerValid(request);
      const entry: RecordedRequest = {
        at: new Date().toISOString(),
        method: 'POST',
        path: '/v2/notifications/opt-in',
        query: {},
        body: fields,
        contentType: request.headers['content-type'] ?? null,
        authorized,
        signatureValid: null,
        status: null,
        fault: null,
      };
      recorded.push(entry);
      const answer = async (): Promise<Answer> => {
        if (!authorized) return { status: 401, body: { message: 'Unauthenticated.' } };
        const type = text(body.type);
        const webhookUrl = text(body.webhook_url);
        if (!type || !NOTIFICATION_TYPES.includes(type)) return invalid({ type: 'The selected type is invalid.' });
        if (!webhookUrl) return invalid({ webhook_url: 'The webhook url field is required.' });
        if (!(await headCheck(webhookUrl, true)))
          return invalid({ webhook_url: 'The webhook url did not answer a HEAD request with 200 OK.' });
        const levels = Array.isArray(body.levels) ? body.levels.map(Number).filter(Number.isFinite) : null;
        optIns.set(type, { webhookUrl, levels });
        return ok({ notification: { type, contact_point: webhookUrl, ...(levels ? { levels } : {}) } });
      };
      const result = await answer();
      entry.status = result.status;
      return reply.code(result.status).header('content-type', 'application/json').send(JSON.stringify(result.body));
    },
  });

  api('GET', '/v2/notifications/opt-in', () =>
    ok(
      [...optIns].map(([type, { webhookUrl, levels }]) => ({
        type,
        contact_point: webhookUrl,
        ...(levels ? { levels } : {}),
      })),
    ),
  );

  api('POST', '/v2/notifications/opt-out', (body) => {
    const type = text(body.type);
    if (!type || !optIns.delete(type)) return invalid({ type: 'The selected type is invalid.' });
    return ok({ notification: { type } });
  });

  const lowDataPayload = (found: Sim, level: string) => ({
    level,
    package_name: found.topUps[found.topUps.length - 1] ?? found.packageId,
    remaining_percentage: found.isUnlimited
      ? 100
      : Math.max(0, Math.round(((found.totalMb - found.usedMb) / Math.max(1, found.totalMb)) * 100)),
    iccid: found.iccid,
  });

  const sendLowData = (iccid: string, level: string, url?: string): FakeWebhook => {
    const found = sims.get(iccid);
    if (!found) throw new Error(`fake Airalo: no eSIM ${iccid}`);
    const target = url ?? optIns.get('webhook_low_data')?.webhookUrl;
    if (!target) throw new Error('fake Airalo: not opted in to webhook_low_data and no url given');
    found.lowDataSent.add(level);
    return enqueueWebhook('low_data', target, lowDataPayload(found, level));
  };

  const sendCreditLimit = (percent: number, remaining: number, url?: string): FakeWebhook => {
    const optIn = optIns.get('webhook_credit_limit');
    const target = url ?? optIn?.webhookUrl;
    if (!target) throw new Error('fake Airalo: not opted in to webhook_credit_limit and no url given');
    return enqueueWebhook('credit_limit', target, {
      message: `Surpassed ${percent}% of the credit limit balance`,
      remaining,
    });
  };

  api('POST', '/v2/simulator/webhook', (body) => {
    const event = text(body.event);
    const url = text(body.webhook_url);
    try {
      if (event === 'low_data_notification') {
        const type = text(body.type) ?? 'data_75';
        const level = { data_75: '75%', data_90: '90%', expire_1: '1days', expire_3: '3days' }[type] ?? '75%';
        const iccid = text(body.iccid) ?? [...sims.keys()][0];
        if (!iccid) return { status: 400, body: { error: 'No eSIM to notify about' } };
        sendLowData(iccid, level, url);
      } else if (event === 'credit_limit_notification')
        sendCreditLimit(integer(body.level) ?? 80, dollars(balance), url);
      else return invalid({ event: 'The selected event is invalid.' });
    } catch {
      return { status: 400, body: { error: 'User is not opted in' } };
    }
    return { status: 200, body: { success: 'Notification sent' } };
  });

  // Airalo has no suspend, resume, revoke or cancel call: those paths, like any unknown one, are 404.
  server.setNotFoundHandler((request, reply) => {
    recorded.push({
      at: new Date().toISOString(),
      method: request.method,
      path: request.url.split('?')[0]!,
      query: {},
      body: null,
      contentType: request.headers['content-type'] ?? null,
      authorized: bearerValid(request),
      signatureValid: null,
      status: 404,
      fault: null,
    });
    return reply
      .code(404)
      .header('content-type', 'application/json')
      .send(JSON.stringify({ message: 'Not Found' }));
  });

  // ── control API: not Airalo's; for tests and for a person trying the shop ──

  const setUsage = (iccid: string, change: UsageChange): FakeSim => {
    const found = sims.get(iccid);
    if (!found) throw new Error(`fake Airalo: no eSIM ${iccid}`);
    const activate = () => {
      if (found.status === 'NOT_ACTIVE' || !found.expiresAt) {
        const days = PACKAGES.get(found.packageId)!.pkg.days;
        found.expiresAt ??= airaloTime(new Date(nowMs() + days * 86_400_000));
      }
      found.status = 'ACTIVE';
    };
    switch (change.state) {
      case 'not_active':
        found.status = 'NOT_ACTIVE';
        found.usedMb = 0;
        break;
      case 'installed':
        activate();
        found.usedMb = 0;
        break;
      case 'in_use':
        activate();
        break;
      case 'finished':
        found.status = 'FINISHED';
        found.usedMb = found.totalMb;
        break;
      case 'expired':
        found.status = 'EXPIRED';
        break;
      case 'recycled':
        found.status = 'RECYCLED';
        found.recycled = true;
        break;
      case 'unknown':
        found.status = 'UNKNOWN';
        break;
      default:
        break;
    }
    if (change.usedMb !== undefined) {
      found.usedMb = Math.max(0, Math.min(change.usedMb, found.isUnlimited ? change.usedMb : found.totalMb));
      if (found.usedMb > 0 && found.status === 'NOT_ACTIVE') activate();
      if (!found.isUnlimited && found.usedMb >= found.totalMb && found.status === 'ACTIVE') found.status = 'FINISHED';
    }
    if (change.expiresAt !== undefined) found.expiresAt = change.expiresAt;
    if (change.snapshot !== false) takeSnapshot(found);
    // Airalo's low-data webhooks at 75% and 90% of the data, once each, when opted in.
    const optIn = optIns.get('webhook_low_data');
    if (optIn && !found.isUnlimited && found.totalMb > 0) {
      for (const [level, share] of [
        ['75%', 0.75],
        ['90%', 0.9],
      ] as const) {
        if (found.usedMb >= found.totalMb * share && !found.lowDataSent.has(level)) sendLowData(iccid, level);
      }
    }
    return publicSim(found);
  };

  const publicSim = (found: Sim): FakeSim => ({
    id: found.id,
    iccid: found.iccid,
    lpa: found.lpa,
    matchingId: found.matchingId,
    qrcode: found.qrcode,
    packageId: found.packageId,
    orderId: found.orderId,
    topUps: [...found.topUps],
    status: found.recycled ? 'RECYCLED' : found.status,
    totalMb: found.totalMb,
    usedMb: found.usedMb,
    isUnlimited: found.isUnlimited,
    expiresAt: found.expiresAt,
    recycled: found.recycled,
  });

  const publicOrder = (order: Order): FakeOrder => ({
    id: order.id,
    code: order.code,
    type: order.type,
    packageId: order.packageId,
    quantity: order.quantity,
    description: order.description,
    iccids: [...order.iccids],
    netCents: order.netCents,
    requestId: order.requestId,
    createdAt: order.createdAt,
  });

  const control = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    run: (body: Record<string, unknown>, params: Record<string, string>) => unknown,
  ) =>
    server.route({
      method,
      url,
      handler: async (request, reply) => {
        const body = controlBody<Record<string, unknown>>(request.body);
        if (body === undefined) return reply.code(400).send({ error: 'the body must be JSON' });
        try {
          return await run(body, request.params as Record<string, string>);
        } catch (error) {
          return reply.code(400).send({ error: (error as Error).message });
        }
      },
    });

  control('GET', '/__fake/health', () => ({ ok: true }));
  control('GET', '/__fake/', () => ({
    fake: 'FAKE Airalo Partner API (not Airalo)',
    control: [
      'GET /__fake/requests, DELETE /__fake/requests',
      'GET|POST|DELETE /__fake/faults',
      'GET /__fake/orders, GET /__fake/sims/:iccid',
      'POST /__fake/sims/:iccid/usage {state, usedMb, expiresAt, snapshot}',
      'POST /__fake/sims/:iccid/low-data {level, url}',
      'POST /__fake/credit-limit {percent, remaining, url}',
      'POST /__fake/balance {cents}, POST /__fake/tokens/expire',
      'GET /__fake/webhooks, GET /__fake/refunds',
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
  control('GET', '/__fake/orders', () => orders.map(publicOrder));
  control('GET', '/__fake/sims/:iccid', (_body, params) => {
    const found = sims.get(params.iccid ?? '');
    if (!found) throw new Error('no such eSIM');
    return publicSim(found);
  });
  control('POST', '/__fake/sims/:iccid/usage', (body, params) => setUsage(params.iccid ?? '', body as UsageChange));
  control('POST', '/__fake/sims/:iccid/low-data', (body, params) =>
    sendLowData(params.iccid ?? '', text(body.level) ?? '75%', text(body.url)),
  );
  control('POST', '/__fake/credit-limit', (body) =>
    sendCreditLimit(integer(body.percent) ?? 80, Number(body.remaining ?? dollars(balance)), text(body.url)),
  );
  control('POST', '/__fake/balance', (body) => {
    const cents = integer(body.cents);
    if (cents === null || cents < 0) throw new Error('cents: a whole number of US dollar cents');
    balance = cents;
    return { cents: balance };
  });
  control('POST', '/__fake/tokens/expire', () => {
    handle.expireTokens();
    return { ok: true };
  });
  control('GET', '/__fake/webhooks', () => webhooks);
  control('GET', '/__fake/refunds', () => refunds);

  await server.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = server.server.address() as { port: number };
  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;

  const handle: FakeAiralo = {
    url,
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
    orders: () => orders.map(publicOrder),
    sim: (iccid) => {
      const found = sims.get(iccid);
      return found && publicSim(found);
    },
    setUsage,
    sendLowData,
    sendCreditLimit,
    expireTokens: () => {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    webhooks: () => webhooks.map((webhook) => ({ ...webhook, answers: [...webhook.answers] })),
    refunds: () => refunds.map((refund) => ({ ...refund, iccids: [...refund.iccids] })),
    balanceCents: () => balance,
    setBalanceCents: (cents) => {
      balance = cents;
    },
    idle: async (timeoutMs = 10_000) => {
      const until = nowMs() + timeoutMs;
      while (pendingWork > 0) {
        if (nowMs() > until) throw new Error('fake Airalo: still busy');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: async () => {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await server.close();
    },
  };
  return handle;
}
