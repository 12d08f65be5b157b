import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A FAKE of eSIM Access's open API (api.esimaccess.com), built from eSIM Access's public
 * documentation, so the esim service's eSIM Access adapter can run with no account: in the tests,
 * and as a process of its own (esimaccess-cli.ts). It is not eSIM Access and keeps its books in memory.
 *
 * What it plays, as eSIM Access documents it:
 * - every call is a POST with a JSON body under /api/v1/open/..., answered with the envelope
 *   `{ success, errorCode, errorMsg, obj }` (errorCode "0" when it went well);
 * - RT-AccessCode is required on every call; when a call carries RT-Signature it must also carry
 *   RT-Timestamp and RT-RequestID, and the signature must be the hex HMAC-SHA256, with the secret key,
 *   of Timestamp + RequestID + AccessCode + raw body (either hex case): 101001 for a timestamp off the
 *   fake's clock, 101003 for a wrong signature;
 * - money as integers of 1/10,000 US dollar, data in bytes, times in UTC ("2024-05-29T18:34:17+0000");
 * - package/list (BASE packages, or the TOPUP packages of one eSIM by its iccid), esim/order (the
 *   transactionId makes a retry the same order: same orderNo, one debit; 200007 when the balance is
 *   short, 200011 when the package is out of profiles), esim/query (200010 while the order's profiles
 *   are being allocated, then the eSIMs with their LPA activation code `ac`), esim/cancel (only a
 *   profile never installed: GOT_RESOURCE + RELEASED, money back to the balance, else 200002),
 *   esim/revoke, esim/suspend, esim/unsuspend, esim/topup (transactionId idempotent, not after the
 *   eSIM ended), esim/usage/query (bytes, reported late), balance/query, webhook/save (which first
 *   sends CHECK_HEALTH to the address) and webhook/query;
 * - ICCIDs are handed out again: a cancelled or expired eSIM's ICCID goes back to the stock and a
 *   later order gets it under a new esimTranNo;
 * - webhooks `{ notifyType, notifyId, eventGenerateTime, content }`, unsigned: ORDER_STATUS once an
 *   order's profiles are allocated, ESIM_STATUS, SMDP_EVENT, DATA_USAGE, VALIDITY_USAGE;
 * - 8 requests a second per access code.
 *
 * Where the public documentation is silent the fake makes a plain choice, noted where it is made:
 * the HTTP status of a refusal (200, the envelope says it), how the rate limit shows (HTTP 429 with
 * Retry-After and the envelope's 900001), how far a timestamp may be off (5 minutes), an unknown
 * access code (000102), a webhook address that fails its CHECK_HEALTH (200008), and that webhooks are
 * sent once each, one after another in the order they happened, with no retries. Fault modes (an order committed and its answer dropped, a hang, 5xx,
 * 900001, forced 429s, duplicate and out-of-order webhooks) and the eSIMs' life on a phone
 * (installed, used, expired) are driven through the control API under /__fake, which also lists
 * every request received and every webhook sent. The control API is unauthenticated: run the fake
 * on loopback only.
 */

export interface FakeEsimAccessOptions {
  accessCode: string;
  secretKey: string;
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /** Seconds an order's profiles take to be allocated (esim/query answers 200010 meanwhile); null: only when the control API allocates them. Default 3. */
  allocationSeconds?: number | null;
  /** Seconds before used data shows in esim/query and esim/usage/query (eSIM Access reports it hours late). Default 0. */
  usageLagSeconds?: number;
  /** The starting balance, in 1/10,000 USD. Default 5,000,000 ($500). */
  balance?: number;
  /** Requests a second per access code. Default 8. */
  requestsPerSecond?: number;
}

export type FaultKind = 'drop' | 'hang' | 'status' | 'busy' | 'rate-limit' | 'webhook-duplicate' | 'webhook-reorder';

export interface Fault {
  kind: FaultKind;
  /** The API path it hits (/api/v1/open/esim/order); every path when unset. API faults only. */
  path?: string;
  /** How many matching requests (or webhooks) it hits; every one until cleared when unset. */
  times?: number;
  /** status: the HTTP status answered (default 500). */
  status?: number;
  /** status, busy: do the work first, then answer the error (the caller cannot tell it happened). */
  commit?: boolean;
  /** webhook-duplicate, webhook-reorder: only webhooks of this notifyType. */
  notifyType?: string;
  /** webhook-reorder: webhooks held until this many are waiting, then sent newest first (default 2). */
  count?: number;
}

export interface RecordedRequest {
  at: string;
  /** Milliseconds since the epoch, when it arrived. */
  atMs: number;
  method: string;
  path: string;
  accessCode: string | null;
  /** The parsed JSON body (null when there was none or it was not JSON). */
  body: Record<string, unknown> | null;
  /** Whether it carried RT-Signature, and whether that checked out (null: not signed). */
  signatureValid: boolean | null;
  /** The HTTP status and the envelope's errorCode it was answered with (null: no answer was sent). */
  status: number | null;
  errorCode: string | null;
  fault: FaultKind | null;
}

export interface SentWebhook {
  at: string;
  url: string;
  payload: { notifyType: string; notifyId: string; eventGenerateTime: string; content: Record<string, unknown> };
  /** The receiver's HTTP status, or the failure. */
  status: number | null;
  error: string | null;
}

export interface FakePackage {
  packageCode: string;
  slug: string;
  name: string;
  type: 'BASE' | 'TOPUP';
  /** 1/10,000 USD. */
  price: number;
  retailPrice: number;
  currencyCode: 'USD';
  /** Bytes. */
  volume: number;
  smsStatus: 0;
  dataType: 1;
  unusedValidTime: number;
  duration: number;
  durationUnit: 'DAY';
  /** Comma-separated ISO alpha-2 codes. */
  location: string;
  /** Its filter in package/list: a country's code, !RG (regional) or !GL (global). */
  locationCode: string;
  description: string;
  activeType: 1;
  favorite: boolean;
  speed: string;
  ipExport: string;
  supportTopUpType: 1 | 2;
  fupPolicy: string;
  operators: Record<string, string>;
}

export interface FakeEsimState {
  esimTranNo: string;
  orderNo: string;
  transactionId: string;
  iccid: string;
  ac: string;
  packageCode: string;
  esimStatus: string;
  smdpStatus: string;
  eid: string;
  totalVolume: number;
  totalDuration: number;
  /** What was really used. */
  usedBytes: number;
  /** What esim/query and esim/usage/query say was used (late). */
  reportedBytes: number;
  activateTime: string | null;
  expiredTime: string;
  /** 1/10,000 USD paid for it (its package; top-ups apart). */
  price: number;
  topUps: Array<{ transactionId: string; packageCode: string; topUpEsimTranNo: string; price: number }>;
}

export interface FakeOrderState {
  orderNo: string;
  transactionId: string;
  /** 1/10,000 USD taken from the balance. */
  debit: number;
  allocated: boolean;
  esimTranNos: string[];
}

export interface FakeEsimAccess {
  /** The API's base address (ESIMACCESS_BASE_URL). */
  url: string;
  packages: readonly FakePackage[];
  requests(): RecordedRequest[];
  clearRequests(): void;
  addFault(fault: Fault): void;
  clearFaults(): void;
  webhooks(): SentWebhook[];
  clearWebhooks(): void;
  /** Resolves once every webhook on its way has been delivered (or failed). */
  webhooksSettled(): Promise<void>;
  /** 1/10,000 USD. */
  balance(): number;
  setBalance(units: number): void;
  /** Profiles left of a package (null: unlimited, the default). */
  setStock(packageCode: string, count: number | null): void;
  setAllocationSeconds(seconds: number | null): void;
  /** Allocates an order's profiles now (its ORDER_STATUS webhook follows). */
  allocate(orderNoOrTransactionId: string): FakeOrderState;
  order(orderNoOrTransactionId: string): FakeOrderState | undefined;
  orders(): FakeOrderState[];
  esim(esimTranNo: string): FakeEsimState | undefined;
  esimsOfOrder(orderNoOrTransactionId: string): FakeEsimState[];
  /** The eSIM is downloaded and enabled on a phone (SMDP_EVENT webhooks, then ESIM_STATUS IN_USE). */
  install(esimTranNo: string): FakeEsimState;
  /** The phone uses data; reported after the usage lag unless `reportNow`. */
  use(esimTranNo: string, bytes: number, options?: { reportNow?: boolean }): FakeEsimState;
  /** Its validity ends (ESIM_STATUS USED_EXPIRED or UNUSED_EXPIRED); its ICCID goes back to the stock. */
  expire(esimTranNo: string): FakeEsimState;
  /** Sends one of its webhooks now with the eSIM's current figures (DATA_USAGE reports the usage first). */
  notify(esimTranNo: string, notifyType: 'DATA_USAGE' | 'VALIDITY_USAGE' | 'ESIM_STATUS' | 'SMDP_EVENT'): void;
  close(): Promise<void>;
}

const API = '/api/v1/open';
const GB = 1024 ** 3;
const DAY = 24 * 3600 * 1000;
/** The fake's choice for how far RT-Timestamp may be from its clock. */
const TIMESTAMP_TOLERANCE_MS = 5 * 60 * 1000;
/** eSIM Access allows at most 30 eSIMs in one order. */
const MAX_ESIMS_PER_ORDER = 30;

/** eSIM Access's error codes and their messages, as documented. */
export const ESIMACCESS_ERRORS: Record<string, string> = {
  '000001': 'server error',
  '000101': 'request header is missing',
  '000102': 'request header format error',
  '000103': 'request method not supported',
  '000104': 'request body is not valid JSON',
  '000105': 'request parameter is missing',
  '000106': 'request parameter is null',
  '000107': 'request parameter length or value out of range',
  '101001': 'timestamp expired',
  '101002': 'IP is blocked',
  '101003': 'signature mismatch',
  '200002': 'operation not allowed in the current order status',
  '200005': 'package price error',
  '200006': 'total order amount is wrong',
  '200007': 'insufficient account balance',
  '200008': 'order parameters error',
  '200009': 'abnormal order status',
  '200010': 'profile is being allocated, please try again later',
  '200011': 'insufficient profiles available',
  '310241': 'packageCode does not exist',
  '310243': 'package does not exist',
  '310272': 'orderNo does not exist',
  '310403': 'ICCID is not in this order',
  '900001': 'system busy, please try again later',
};

const operatorsOf = (codes: string[]) =>
  Object.fromEntries(
    codes.map((code) => [
      code,
      (
        {
          TR: 'Turkcell',
          DE: 'Telekom',
          US: 'T-Mobile',
          GB: 'Three',
          FR: 'Orange',
          ES: 'Movistar',
          IT: 'TIM',
          NL: 'Vodafone',
          JP: 'SoftBank',
          AE: 'du',
        } as Record<string, string>
      )[code] ?? 'Vodafone',
    ]),
  );

const EUROPE = 'AT,BE,BG,CH,CY,CZ,DE,DK,EE,ES,FI,FR,GB,GR,HR,HU,IE,IS,IT,LT,LU,LV,MT,NL,NO,PL,PT,RO,SE,SK';
const GLOBAL = 'AE,AR,AU,BR,CA,CH,DE,EG,ES,FR,GB,ID,IN,IT,JP,KR,MX,NL,SA,SG,TH,TR,US,ZA';

function pkg(
  packageCode: string,
  slug: string,
  name: string,
  type: 'BASE' | 'TOPUP',
  location: string,
  locationCode: string,
  gb: number,
  days: number,
  price: number,
): FakePackage {
  return {
    packageCode,
    slug,
    name,
    type,
    price,
    retailPrice: Math.round((price * 1.6) / 100) * 100,
    currencyCode: 'USD',
    volume: Math.round(gb * GB),
    smsStatus: 0,
    dataType: 1,
    unusedValidTime: 180,
    duration: days,
    durationUnit: 'DAY',
    location,
    locationCode,
    description: `${name}`,
    activeType: 1,
    favorite: false,
    speed: '3G/4G/5G',
    ipExport: 'HK',
    supportTopUpType: 2,
    fupPolicy: '',
    operators: operatorsOf(location.split(',')),
  };
}

/** A small catalogue in eSIM Access's shapes: Türkiye, Germany, the United States, a Europe regional and a global plan, each with its top-ups. */
export const FAKE_ESIMACCESS_PACKAGES: readonly FakePackage[] = [
  pkg('CKH491', 'TR_1_7', 'Turkey 1GB 7Days', 'BASE', 'TR', 'TR', 1, 7, 11_000),
  pkg('CKH492', 'TR_3_15', 'Turkey 3GB 15Days', 'BASE', 'TR', 'TR', 3, 15, 28_000),
  pkg('CKH493', 'TR_10_30', 'Turkey 10GB 30Days', 'BASE', 'TR', 'TR', 10, 30, 75_000),
  pkg('CKH210', 'DE_1_7', 'Germany 1GB 7Days', 'BASE', 'DE', 'DE', 1, 7, 8_000),
  pkg('CKH211', 'DE_5_30', 'Germany 5GB 30Days', 'BASE', 'DE', 'DE', 5, 30, 32_000),
  pkg('CKH620', 'US_3_30', 'United States 3GB 30Days', 'BASE', 'US', 'US', 3, 30, 26_000),
  pkg('CKH621', 'US_10_30', 'United States 10GB 30Days', 'BASE', 'US', 'US', 10, 30, 69_000),
  pkg('CKH800', 'EU-30_5_30', 'Europe(30+ areas) 5GB 30Days', 'BASE', EUROPE, '!RG', 5, 30, 45_000),
  pkg('CKH900', 'GL-120_3_30', 'Global(120+ areas) 3GB 30Days', 'BASE', GLOBAL, '!GL', 3, 30, 110_000),
  pkg('TOPUP_CKH491', 'TR_1_7_TOPUP', 'Turkey 1GB 7Days Top-up', 'TOPUP', 'TR', 'TR', 1, 7, 11_000),
  pkg('TOPUP_CKH493', 'TR_10_30_TOPUP', 'Turkey 10GB 30Days Top-up', 'TOPUP', 'TR', 'TR', 10, 30, 75_000),
  pkg('TOPUP_CKH210', 'DE_1_7_TOPUP', 'Germany 1GB 7Days Top-up', 'TOPUP', 'DE', 'DE', 1, 7, 8_000),
  pkg('TOPUP_CKH620', 'US_3_30_TOPUP', 'United States 3GB 30Days Top-up', 'TOPUP', 'US', 'US', 3, 30, 26_000),
  pkg('TOPUP_CKH800', 'EU-30_5_30_TOPUP', 'Europe(30+ areas) 5GB 30Days Top-up', 'TOPUP', EUROPE, '!RG', 5, 30, 45_000),
  pkg(
    'TOPUP_CKH900',
    'GL-120_3_30_TOPUP',
    'Global(120+ areas) 3GB 30Days Top-up',
    'TOPUP',
    GLOBAL,
    '!GL',
    3,
    30,
    110_000,
  ),
];

/** eSIM Access's time format: "2024-05-29T18:34:17+0000". */
export const eaTime = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+0000');

const luhnDigit = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
};

const digits = (n: number) => Array.from({ length: n }, () => String(randomInt(10))).join('');

/** The body of a control request (fastify hands this fake raw text); undefined when it is not JSON. */
function controlBody<T>(body: unknown): T | undefined {
  if (typeof body !== 'string') return body as T | undefined;
  if (body === '') return {} as T;
  try {
    return JSON.parse(body) as T;
  } catch {
    return undefined;
  }
}

class Refusal extends Error {
  constructor(readonly code: string) {
    super(ESIMACCESS_ERRORS[code] ?? code);
  }
}
const refuse = (code: string): never => {
  throw new Refusal(code);
};

interface Order {
  orderNo: string;
  transactionId: string;
  createdAt: number;
  allocateAt: number | null;
  allocated: boolean;
  debit: number;
  esims: Esim[];
  timer?: NodeJS.Timeout;
}

interface Esim {
  esimTranNo: string;
  order: Order;
  pkg: FakePackage;
  price: number;
  iccid: string;
  imsi: string;
  msisdn: string;
  matchingId: string;
  esimStatus: string;
  smdpStatus: string;
  /** The state before a suspension, restored by unsuspend. */
  beforeSuspend: string | null;
  eid: string;
  totalVolume: number;
  totalDuration: number;
  usedBytes: number;
  reportedBytes: number;
  reportedAt: number;
  pendingReports: Array<{ bytes: number; dueAt: number }>;
  activateTime: number | null;
  expiredTime: number;
  packageList: Array<Record<string, unknown>>;
  topUps: FakeEsimState['topUps'];
  seq: number;
}

const SMDP_ADDRESS = 'rsp-eu.redteamobile.com';
const ENDED = new Set(['CANCEL', 'REVOKE', 'USED_EXPIRED', 'UNUSED_EXPIRED']);

/** Starts the fake on a port; resolves once it listens. */
export async function startFakeEsimAccess(options: FakeEsimAccessOptions): Promise<FakeEsimAccess> {
  let allocationSeconds = options.allocationSeconds === undefined ? 3 : options.allocationSeconds;
  const usageLagMs = (options.usageLagSeconds ?? 0) * 1000;
  const perSecond = options.requestsPerSecond ?? 8;
  let balance = options.balance ?? 5_000_000;
  const packages = FAKE_ESIMACCESS_PACKAGES;
  const stock = new Map<string, number>();
  const orders = new Map<string, Order>();
  const ordersByTransaction = new Map<string, Order>();
  const esims = new Map<string, Esim>();
  const topUpsByTransaction = new Map<string, Record<string, unknown>>();
  /** ICCIDs of eSIMs that ended, handed out again first. */
  const freeIccids: string[] = [];
  const recorded: RecordedRequest[] = [];
  const sent: SentWebhook[] = [];
  let delivering: Promise<void> = Promise.resolve();
  const held: SentWebhook['payload'][] = [];
  const accepted: number[] = [];
  let webhookUrl: string | null = null;
  let faults: Array<Fault & { left: number | null }> = [];
  let nextOrder = randomInt(10_000_000, 90_000_000);
  let nextEsim = randomInt(10_000_000, 90_000_000);
  let closed = false;

  const server = Fastify({ forceCloseConnections: true, logger: false });
  // The raw body is what RT-Signature signs, so JSON is parsed here, after the signature is checked.
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const day = () => new Date().toISOString().slice(2, 10).replace(/-/g, '');
  const newOrderNo = () => `B${day()}${String(nextOrder++).padStart(8, '0')}`;
  const newEsimTranNo = () => `${day()}${String(nextEsim++).padStart(8, '0')}`;
  const newIccid = () => {
    const body = `8985220${digits(11)}`;
    return body + luhnDigit(body);
  };
  const liveIccid = (iccid: string) =>
    [...esims.values()].some((esim) => esim.iccid === iccid && !ENDED.has(esim.esimStatus));

  const orderOf = (key: string) => orders.get(key) ?? ordersByTransaction.get(key);

  // ── time passing: usage reports come due, validity runs out ──

  const refresh = (esim: Esim) => {
    const now = Date.now();
    for (const report of esim.pendingReports.filter((r) => r.dueAt <= now)) {
      esim.reportedBytes = Math.max(esim.reportedBytes, report.bytes);
      esim.reportedAt = report.dueAt;
    }
    esim.pendingReports = esim.pendingReports.filter((r) => r.dueAt > now);
    if (!ENDED.has(esim.esimStatus) && esim.order.allocated && esim.expiredTime <= now) endValidity(esim);
  };

  const endValidity = (esim: Esim) => {
    esim.esimStatus = esim.activateTime === null ? 'UNUSED_EXPIRED' : 'USED_EXPIRED';
    esim.expiredTime = Math.min(esim.expiredTime, Date.now());
    freeIccids.push(esim.iccid);
    notify('ESIM_STATUS', esimStatusContent(esim));
  };

  // ── webhooks ──

  const takeWebhookFault = (kind: FaultKind, notifyType: string) => {
    const index = faults.findIndex((f) => f.kind === kind && (!f.notifyType || f.notifyType === notifyType));
    if (index < 0) return null;
    const fault = faults[index]!;
    if (fault.left !== null) {
      fault.left -= 1;
      if (fault.left <= 0) faults.splice(index, 1);
    }
    return fault;
  };

  // One after another, in the order they happened: out of order only when a fault says so.
  const deliver = (payload: SentWebhook['payload']) => {
    const url = webhookUrl;
    if (!url || closed) return;
    const entry: SentWebhook = { at: new Date().toISOString(), url, payload, status: null, error: null };
    sent.push(entry);
    delivering = delivering.then(async () => {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(5_000),
        });
        entry.status = response.status;
        await response.body?.cancel();
      } catch (error) {
        entry.error = error instanceof Error ? error.message : String(error);
      }
    });
  };

  function notify(notifyType: string, content: Record<string, unknown>) {
    const payload = {
      notifyType,
      notifyId: randomBytes(16).toString('hex'),
      eventGenerateTime: eaTime(Date.now()),
      content,
    };
    // Held webhooks go out together, newest first, once the fault's count is waiting.
    const reorder = faults.find((f) => f.kind === 'webhook-reorder' && (!f.notifyType || f.notifyType === notifyType));
    if (reorder) {
      held.push(payload);
      if (held.length < (reorder.count ?? 2)) return;
      if (reorder.left !== null) {
        reorder.left -= 1;
        if (reorder.left <= 0) faults.splice(faults.indexOf(reorder), 1);
      }
      for (const one of held.splice(0).reverse()) sendOnce(one);
      return;
    }
    sendOnce(payload);
  }

  const sendOnce = (payload: SentWebhook['payload']) => {
    deliver(payload);
    if (takeWebhookFault('webhook-duplicate', payload.notifyType)) deliver(payload);
  };

  const esimStatusContent = (esim: Esim) => ({
    iccid: esim.iccid,
    orderNo: esim.order.orderNo,
    esimTranNo: esim.esimTranNo,
    transactionId: esim.order.transactionId,
    // eSIM Access's webhooks spell a revoked eSIM REVOKED, where its API answers REVOKE.
    esimStatus: esim.esimStatus === 'REVOKE' ? 'REVOKED' : esim.esimStatus,
    smdpStatus: esim.smdpStatus,
    totalVolume: esim.totalVolume,
    orderUsage: esim.reportedBytes,
    remainVolume: Math.max(0, esim.totalVolume - esim.reportedBytes),
  });

  const smdpEvent = (esim: Esim, smdpStatus: string) => {
    esim.smdpStatus = smdpStatus;
    esim.seq += 1;
    notify('SMDP_EVENT', {
      iccid: esim.iccid,
      eid: esim.eid,
      orderNo: esim.order.orderNo,
      esimTranNo: esim.esimTranNo,
      transactionId: esim.order.transactionId,
      esimStatus: esim.esimStatus,
      smdpStatus,
      timestamp: eaTime(Date.now()),
      seqNumber: esim.seq,
      notifyStatus: 'Executed-Success',
    });
  };

  // ── allocation ──

  const allocate = (order: Order) => {
    if (order.allocated) return;
    clearTimeout(order.timer);
    for (const esim of order.esims) {
      const reused = freeIccids.findIndex((iccid) => !liveIccid(iccid));
      esim.iccid = reused >= 0 ? freeIccids.splice(reused, 1)[0]! : newIccid();
      esim.esimStatus = 'GOT_RESOURCE';
      esim.smdpStatus = 'RELEASED';
    }
    order.allocated = true;
    notify('ORDER_STATUS', { orderNo: order.orderNo, orderStatus: 'GOT_RESOURCE', transactionId: order.transactionId });
  };

  const dueAllocations = () => {
    const now = Date.now();
    for (const order of orders.values())
      if (!order.allocated && order.allocateAt !== null && order.allocateAt <= now) allocate(order);
  };

  // ── answers ──

  const esimItem = (esim: Esim) => {
    refresh(esim);
    return {
      esimTranNo: esim.esimTranNo,
      orderNo: esim.order.orderNo,
      transactionId: esim.order.transactionId,
      imsi: esim.imsi,
      iccid: esim.iccid,
      msisdn: esim.msisdn,
      smsStatus: 0,
      dataType: 1,
      ac: `LPA:1$${SMDP_ADDRESS}$${esim.matchingId}`,
      qrCodeUrl: `https://p.qrsim.net/${esim.matchingId.toLowerCase()}.png`,
      shortUrl: `https://p.qrsim.net/${esim.esimTranNo}`,
      smdpStatus: esim.smdpStatus,
      eid: esim.eid,
      activeType: 1,
      activateTime: esim.activateTime === null ? null : eaTime(esim.activateTime),
      expiredTime: eaTime(esim.expiredTime),
      totalVolume: esim.totalVolume,
      totalDuration: esim.totalDuration,
      durationUnit: 'DAY',
      orderUsage: esim.reportedBytes,
      esimStatus: esim.esimStatus,
      pin: '1234',
      puk: '12345678',
      apn: 'drei.at',
      ipExport: esim.pkg.ipExport,
      packageList: esim.packageList,
    };
  };

  const packageItem = (p: FakePackage) => ({
    packageCode: p.packageCode,
    slug: p.slug,
    name: p.name,
    price: p.price,
    currencyCode: p.currencyCode,
    volume: p.volume,
    smsStatus: p.smsStatus,
    dataType: p.dataType,
    unusedValidTime: p.unusedValidTime,
    duration: p.duration,
    durationUnit: p.durationUnit,
    location: p.location,
    description: p.description,
    activeType: p.activeType,
    favorite: p.favorite,
    retailPrice: p.retailPrice,
    speed: p.speed,
    locationNetworkList: p.location.split(',').map((code) => ({
      locationName: code,
      locationLogo: `/img/flags/${code.toLowerCase()}.png`,
      operatorList: [{ operatorName: p.operators[code], networkType: '4G/5G' }],
    })),
    ipExport: p.ipExport,
    supportTopUpType: p.supportTopUpType,
    fupPolicy: p.fupPolicy,
  });

  /** The eSIM a request names: by esimTranNo, or (as eSIM Access still takes it) by iccid, the newest holding it. */
  const esimOf = (body: Body): Esim => {
    if (typeof body.esimTranNo === 'string' && body.esimTranNo) {
      const esim = esims.get(body.esimTranNo);
      if (!esim || !esim.order.allocated) return refuse('310403');
      refresh(esim);
      return esim;
    }
    if (typeof body.iccid === 'string' && body.iccid) {
      const found = [...esims.values()].filter((e) => e.order.allocated && e.iccid === body.iccid).reverse();
      const esim = found.find((e) => !ENDED.has(e.esimStatus)) ?? found[0];
      if (!esim) return refuse('310403');
      refresh(esim);
      return esim;
    }
    return refuse('000105');
  };

  const topUpsFor = (esim: Esim) =>
    ENDED.has(esim.esimStatus) || esim.pkg.supportTopUpType !== 2
      ? []
      : packages.filter((p) => p.type === 'TOPUP' && p.location === esim.pkg.location);

  type Body = Record<string, unknown>;
  const handlers: Record<string, (body: Body) => unknown> = {
    '/package/list': (body) => {
      const type = body.type === undefined || body.type === '' ? 'BASE' : body.type;
      if (type !== 'BASE' && type !== 'TOPUP') return refuse('000107');
      let list = packages.filter((p) => p.type === type);
      if (type === 'TOPUP' && typeof body.iccid === 'string' && body.iccid) {
        const found = [...esims.values()].filter((e) => e.order.allocated && e.iccid === body.iccid).reverse();
        const esim = found.find((e) => !ENDED.has(e.esimStatus)) ?? found[0];
        // The fake's choice: an ICCID it does not know, or whose eSIM has ended, has no top-ups.
        list = esim ? (refresh(esim), topUpsFor(esim)) : [];
      }
      if (typeof body.locationCode === 'string' && body.locationCode)
        list = list.filter((p) => p.locationCode === body.locationCode);
      if (typeof body.packageCode === 'string' && body.packageCode)
        list = list.filter((p) => p.packageCode === body.packageCode);
      if (typeof body.slug === 'string' && body.slug) list = list.filter((p) => p.slug === body.slug);
      return { packageList: list.map(packageItem) };
    },

    '/esim/order': (body) => {
      const transactionId = body.transactionId;
      if (typeof transactionId !== 'string' || transactionId === '') return refuse('000105');
      if (transactionId.length > 50) return refuse('000107');
      // The same transactionId is the same request: the order it made, nothing bought again.
      const existing = ordersByTransaction.get(transactionId);
      if (existing) return { orderNo: existing.orderNo, transactionId };
      const items = body.packageInfoList;
      if (!Array.isArray(items) || items.length === 0) return refuse('000105');
      const lines: Array<{ pkg: FakePackage; count: number }> = [];
      for (const raw of items as Body[]) {
        const code = raw.packageCode ?? raw.slug;
        if (typeof code !== 'string' || !code) return refuse('000105');
        const found = packages.find((p) => p.type === 'BASE' && (p.packageCode === code || p.slug === code));
        if (!found) return refuse('310241');
        const count = raw.count === undefined ? 1 : Number(raw.count);
        if (!Number.isInteger(count) || count < 1) return refuse('000107');
        if (raw.price !== undefined && Number(raw.price) !== found.price) return refuse('200005');
        lines.push({ pkg: found, count });
      }
      const total = lines.reduce((sum, line) => sum + line.count, 0);
      if (total > MAX_ESIMS_PER_ORDER) return refuse('200008');
      const amount = lines.reduce((sum, line) => sum + line.pkg.price * line.count, 0);
      if (body.amount !== undefined && Number(body.amount) !== amount) return refuse('200006');
      if (amount > balance) return refuse('200007');
      for (const line of lines) {
        const left = stock.get(line.pkg.packageCode);
        if (left !== undefined && left < line.count) return refuse('200011');
      }
      for (const line of lines) {
        const left = stock.get(line.pkg.packageCode);
        if (left !== undefined) stock.set(line.pkg.packageCode, left - line.count);
      }
      balance -= amount;
      const now = Date.now();
      const order: Order = {
        orderNo: newOrderNo(),
        transactionId,
        createdAt: now,
        allocateAt: allocationSeconds === null ? null : now + allocationSeconds * 1000,
        allocated: false,
        debit: amount,
        esims: [],
      };
      for (const line of lines) {
        for (let i = 0; i < line.count; i += 1) {
          const esim: Esim = {
            esimTranNo: newEsimTranNo(),
            order,
            pkg: line.pkg,
            price: line.pkg.price,
            iccid: '',
            imsi: `45400${digits(10)}`,
            msisdn: `852${digits(8)}`,
            matchingId: randomBytes(16).toString('hex').toUpperCase(),
            esimStatus: 'GETTING_RESOURCE',
            smdpStatus: '',
            beforeSuspend: null,
            eid: '',
            totalVolume: line.pkg.volume,
            totalDuration: line.pkg.duration,
            usedBytes: 0,
            reportedBytes: 0,
            reportedAt: now,
            pendingReports: [],
            activateTime: null,
            expiredTime: now + line.pkg.unusedValidTime * DAY,
            packageList: [
              {
                packageName: line.pkg.name,
                packageCode: line.pkg.packageCode,
                slug: line.pkg.slug,
                duration: line.pkg.duration,
                volume: line.pkg.volume,
                locationCode: line.pkg.locationCode,
                createTime: eaTime(now),
              },
            ],
            topUps: [],
            seq: 0,
          };
          order.esims.push(esim);
          esims.set(esim.esimTranNo, esim);
        }
      }
      orders.set(order.orderNo, order);
      ordersByTransaction.set(transactionId, order);
      if (order.allocateAt !== null) {
        order.timer = setTimeout(() => allocate(order), order.allocateAt - now);
      }
      return { orderNo: order.orderNo, transactionId };
    },

    '/esim/query': (body) => {
      const pager = body.pager as Body | undefined;
      if (!pager || typeof pager !== 'object') return refuse('000105');
      const pageNum = Number(pager.pageNum ?? 1);
      const pageSize = Number(pager.pageSize ?? 20);
      if (!Number.isInteger(pageNum) || pageNum < 1 || pageNum > 10_000) return refuse('000107');
      if (!Number.isInteger(pageSize) || pageSize < 5 || pageSize > 500) return refuse('000107');
      dueAllocations();
      let found: Esim[];
      if (typeof body.orderNo === 'string' && body.orderNo) {
        const order = orders.get(body.orderNo);
        if (!order) return refuse('310272');
        if (!order.allocated) return refuse('200010');
        found = order.esims;
      } else if (typeof body.esimTranNo === 'string' && body.esimTranNo) {
        const esim = esims.get(body.esimTranNo);
        found = esim && esim.order.allocated ? [esim] : [];
      } else if (typeof body.iccid === 'string' && body.iccid) {
        found = [...esims.values()].filter((e) => e.order.allocated && e.iccid === body.iccid);
      } else if (typeof body.startTime === 'string' && typeof body.endTime === 'string') {
        const from = Date.parse(body.startTime);
        const to = Date.parse(body.endTime);
        if (Number.isNaN(from) || Number.isNaN(to)) return refuse('000107');
        found = [...esims.values()].filter(
          (e) => e.order.allocated && e.order.createdAt >= from && e.order.createdAt <= to,
        );
      } else return refuse('000105');
      const page = found.slice((pageNum - 1) * pageSize, pageNum * pageSize);
      return { esimList: page.map(esimItem), pager: { pageSize, pageNum, total: found.length } };
    },

    '/esim/cancel': (body) => {
      const esim = esimOf(body);
      // Only a profile never installed nor used goes back, and its money with it.
      if (esim.esimStatus !== 'GOT_RESOURCE' || esim.smdpStatus !== 'RELEASED') return refuse('200002');
      esim.esimStatus = 'CANCEL';
      balance += esim.price;
      freeIccids.push(esim.iccid);
      notify('ESIM_STATUS', esimStatusContent(esim));
      return {};
    },

    '/esim/revoke': (body) => {
      const esim = esimOf(body);
      if (ENDED.has(esim.esimStatus)) return refuse('200002');
      esim.esimStatus = 'REVOKE';
      notify('ESIM_STATUS', esimStatusContent(esim));
      return {};
    },

    '/esim/suspend': (body) => {
      const esim = esimOf(body);
      if (!['GOT_RESOURCE', 'IN_USE'].includes(esim.esimStatus)) return refuse('200002');
      esim.beforeSuspend = esim.esimStatus;
      esim.esimStatus = 'SUSPENDED';
      notify('ESIM_STATUS', esimStatusContent(esim));
      return {};
    },

    '/esim/unsuspend': (body) => {
      const esim = esimOf(body);
      if (esim.esimStatus !== 'SUSPENDED') return refuse('200002');
      esim.esimStatus = esim.beforeSuspend ?? 'IN_USE';
      esim.beforeSuspend = null;
      notify('ESIM_STATUS', esimStatusContent(esim));
      return {};
    },

    '/esim/topup': (body) => {
      const transactionId = body.transactionId;
      if (typeof transactionId !== 'string' || transactionId === '') return refuse('000105');
      if (transactionId.length > 50) return refuse('000107');
      const done = topUpsByTransaction.get(transactionId);
      if (done) return done;
      const esim = esimOf(body);
      const code = body.packageCode;
      if (typeof code !== 'string' || !code) return refuse('000105');
      const topUp = packages.find((p) => p.type === 'TOPUP' && (p.packageCode === code || p.slug === code));
      if (!topUp) return refuse('310241');
      // A top-up goes on a new, in-use or depleted eSIM, never one that has ended.
      if (!['GOT_RESOURCE', 'IN_USE', 'USED_UP'].includes(esim.esimStatus)) return refuse('200002');
      if (!topUpsFor(esim).includes(topUp)) return refuse('310243');
      if (body.amount !== undefined && Number(body.amount) !== topUp.price) return refuse('200006');
      if (topUp.price > balance) return refuse('200007');
      balance -= topUp.price;
      const now = Date.now();
      esim.totalVolume += topUp.volume;
      esim.totalDuration += topUp.duration;
      if (esim.activateTime !== null) esim.expiredTime += topUp.duration * DAY;
      if (esim.esimStatus === 'USED_UP') esim.esimStatus = 'IN_USE';
      esim.packageList.push({
        packageName: topUp.name,
        packageCode: topUp.packageCode,
        slug: topUp.slug,
        duration: topUp.duration,
        volume: topUp.volume,
        locationCode: topUp.locationCode,
        createTime: eaTime(now),
      });
      const topUpEsimTranNo = newEsimTranNo();
      esim.topUps.push({ transactionId, packageCode: topUp.packageCode, topUpEsimTranNo, price: topUp.price });
      const answer = {
        transactionId,
        iccid: esim.iccid,
        expiredTime: eaTime(esim.expiredTime),
        totalVolume: esim.totalVolume,
        totalDuration: esim.totalDuration,
        orderUsage: esim.reportedBytes,
        topUpEsimTranNo,
      };
      topUpsByTransaction.set(transactionId, answer);
      return answer;
    },

    '/esim/usage/query': (body) => {
      const list = body.esimTranNoList;
      if (!Array.isArray(list) || list.length === 0) return refuse('000105');
      if (list.length > 10) return refuse('000107');
      return {
        esimUsageList: list.flatMap((id) => {
          const esim = esims.get(String(id));
          if (!esim || !esim.order.allocated) return [];
          refresh(esim);
          return [
            {
              esimTranNo: esim.esimTranNo,
              dataUsage: esim.reportedBytes,
              totalData: esim.totalVolume,
              lastUpdateTime: eaTime(esim.reportedAt),
            },
          ];
        }),
      };
    },

    '/balance/query': () => ({ balance, lastUpdateTime: eaTime(Date.now()) }),

    '/webhook/query': () => ({ webhook: webhookUrl ?? '' }),
  };

  // webhook/save waits for its CHECK_HEALTH, so it is the one asynchronous handler.
  const saveWebhook = async (body: Body) => {
    const url = body.webhook;
    if (typeof url !== 'string' || !url) return refuse('000105');
    let ok = false;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          notifyType: 'CHECK_HEALTH',
          notifyId: randomBytes(16).toString('hex'),
          eventGenerateTime: eaTime(Date.now()),
          content: { orderNo: '1234567890', orderStatus: 'Test' },
        }),
        signal: AbortSignal.timeout(5_000),
      });
      ok = response.ok;
      await response.body?.cancel();
    } catch {
      ok = false;
    }
    // The fake's choice of code for an address that failed its check: the address is not saved.
    if (!ok) return refuse('200008');
    webhookUrl = url;
    return {};
  };

  // ── the API: headers, signature, rate limit, faults, the envelope ──

  const sameHex = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a.toLowerCase()), Buffer.from(b.toLowerCase()));

  const header = (request: FastifyRequest, name: string) => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };

  const takeFault = (path: string): Fault | null => {
    const index = faults.findIndex(
      (f) => !f.kind.startsWith('webhook-') && (!f.path || f.path === path || f.path === `${API}${path}`),
    );
    if (index < 0) return null;
    const fault = faults[index]!;
    if (fault.left !== null) {
      fault.left -= 1;
      if (fault.left <= 0) faults.splice(index, 1);
    }
    return fault;
  };

  const envelope = (obj: unknown) => ({ success: true, errorCode: '0', errorMsg: null, obj });
  const failure = (code: string) => ({
    success: false,
    errorCode: code,
    errorMsg: ESIMACCESS_ERRORS[code] ?? 'error',
    obj: null,
  });

  /** Whether one more request fits in the last second's allowance (only requests let through count). */
  const withinRate = () => {
    const now = Date.now();
    while (accepted.length > 0 && accepted[0]! <= now - 1000) accepted.shift();
    if (accepted.length >= perSecond) return false;
    accepted.push(now);
    return true;
  };

  server.route({
    method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    url: `${API}/*`,
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.slice(API.length).split('?')[0]!;
      const raw = typeof request.body === 'string' ? request.body : '';
      let body: Body | null = null;
      try {
        const parsed: unknown = raw ? JSON.parse(raw) : null;
        body = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Body) : null;
      } catch {
        body = null;
      }
      const accessCode = header(request, 'rt-accesscode') ?? null;
      const signature = header(request, 'rt-signature');
      const entry: RecordedRequest = {
        at: new Date().toISOString(),
        atMs: Date.now(),
        method: request.method,
        path: `${API}${path}`,
        accessCode,
        body,
        signatureValid: null,
        status: null,
        errorCode: null,
        fault: null,
      };
      recorded.push(entry);
      const answer = (status: number, payload: Record<string, unknown>) => {
        entry.status = status;
        entry.errorCode = payload.success ? null : String(payload.errorCode);
        return reply.code(status).send(payload);
      };

      if (request.method !== 'POST') return answer(200, failure('000103'));
      if (!accessCode) return answer(200, failure('000101'));
      // The fake's choice of code for an access code that is not the account's.
      if (accessCode !== options.accessCode) return answer(200, failure('000102'));
      if (signature !== undefined) {
        const timestamp = header(request, 'rt-timestamp');
        const requestId = header(request, 'rt-requestid');
        if (!timestamp || !requestId) return answer(200, failure('000101'));
        // eSIM Access's prose says milliseconds and its worked example uses seconds: both are read.
        const stamp = Number(timestamp);
        const stampMs = stamp < 1e12 ? stamp * 1000 : stamp;
        const expected = createHmac('sha256', options.secretKey)
          .update(timestamp + requestId + accessCode + raw)
          .digest('hex');
        entry.signatureValid = sameHex(signature, expected);
        if (!Number.isFinite(stamp) || Math.abs(Date.now() - stampMs) > TIMESTAMP_TOLERANCE_MS)
          return answer(200, failure('101001'));
        if (!entry.signatureValid) return answer(200, failure('101003'));
      }
      if (raw && !body) return answer(200, failure('000104'));
      const handle = handlers[path];
      if (!handle && path !== '/webhook/save') return answer(404, failure('000103'));
      if (!withinRate()) {
        reply.header('retry-after', '1');
        return answer(429, { ...failure('900001'), errorMsg: `too many requests: ${perSecond} a second at most` });
      }
      const fault = takeFault(path);
      entry.fault = fault?.kind ?? null;
      if (fault?.kind === 'hang') {
        // Never answered: the socket stays open until the caller gives up or the fake closes.
        reply.hijack();
        return;
      }
      if (fault?.kind === 'rate-limit') {
        reply.header('retry-after', '1');
        return answer(429, { ...failure('900001'), errorMsg: `too many requests: ${perSecond} a second at most` });
      }
      if ((fault?.kind === 'status' || fault?.kind === 'busy') && !fault.commit)
        return fault.kind === 'status'
          ? serverError(reply, entry, fault.status ?? 500)
          : answer(200, failure('900001'));
      let result: Record<string, unknown>;
      try {
        const obj = path === '/webhook/save' ? await saveWebhook(body ?? {}) : handle!(body ?? {});
        result = envelope(obj);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        result = failure(error.code);
      }
      if (fault?.kind === 'drop') {
        // The work is done and kept; the answer is lost on the way back.
        reply.hijack();
        request.raw.socket.destroy();
        return;
      }
      if (fault?.kind === 'status') return serverError(reply, entry, fault.status ?? 500);
      if (fault?.kind === 'busy') return answer(200, failure('900001'));
      return answer(200, result);
    },
  });

  const serverError = (reply: FastifyReply, entry: RecordedRequest, status: number) => {
    entry.status = status;
    entry.errorCode = null;
    return reply
      .code(status)
      .header('content-type', 'text/html')
      .send(`<html><body><h1>${status}</h1>Service unavailable</body></html>`);
  };

  // ── control API: not eSIM Access's; for tests and for a person trying the shop ──

  const stateOfOrder = (order: Order): FakeOrderState => ({
    orderNo: order.orderNo,
    transactionId: order.transactionId,
    debit: order.debit,
    allocated: order.allocated,
    esimTranNos: order.esims.map((e) => e.esimTranNo),
  });

  const stateOfEsim = (esim: Esim): FakeEsimState => {
    refresh(esim);
    return {
      esimTranNo: esim.esimTranNo,
      orderNo: esim.order.orderNo,
      transactionId: esim.order.transactionId,
      iccid: esim.iccid,
      ac: `LPA:1$${SMDP_ADDRESS}$${esim.matchingId}`,
      packageCode: esim.pkg.packageCode,
      esimStatus: esim.esimStatus,
      smdpStatus: esim.smdpStatus,
      eid: esim.eid,
      totalVolume: esim.totalVolume,
      totalDuration: esim.totalDuration,
      usedBytes: esim.usedBytes,
      reportedBytes: esim.reportedBytes,
      activateTime: esim.activateTime === null ? null : eaTime(esim.activateTime),
      expiredTime: eaTime(esim.expiredTime),
      price: esim.price,
      topUps: esim.topUps.map((t) => ({ ...t })),
    };
  };

  class ControlError extends Error {
    constructor(
      readonly status: number,
      message: string,
    ) {
      super(message);
    }
  }

  const allocatedEsim = (esimTranNo: string) => {
    const esim = esims.get(esimTranNo);
    if (!esim) throw new ControlError(404, `no eSIM ${esimTranNo}`);
    dueAllocations();
    if (!esim.order.allocated) throw new ControlError(409, `eSIM ${esimTranNo} is not allocated yet`);
    refresh(esim);
    return esim;
  };

  const report = (esim: Esim, now: boolean) => {
    const at = Date.now();
    esim.pendingReports.push({ bytes: esim.usedBytes, dueAt: now ? at : at + usageLagMs });
    refresh(esim);
  };

  const handle: FakeEsimAccess = {
    url: '',
    packages,
    requests: () => recorded.map((entry) => ({ ...entry })),
    clearRequests: () => {
      recorded.length = 0;
    },
    addFault: (fault) => {
      faults.push({ ...fault, left: fault.times ?? null });
    },
    clearFaults: () => {
      faults = [];
      held.length = 0;
    },
    webhooks: () => sent.map((entry) => ({ ...entry })),
    clearWebhooks: () => {
      sent.length = 0;
    },
    webhooksSettled: async () => {
      for (let last = delivering; ; last = delivering) {
        await last;
        if (last === delivering) return;
      }
    },
    balance: () => balance,
    setBalance: (units) => {
      balance = Math.round(units);
    },
    setStock: (packageCode, count) => {
      if (count === null) stock.delete(packageCode);
      else stock.set(packageCode, count);
    },
    setAllocationSeconds: (seconds) => {
      allocationSeconds = seconds;
    },
    allocate: (key) => {
      const order = orderOf(key);
      if (!order) throw new ControlError(404, `no order ${key}`);
      allocate(order);
      return stateOfOrder(order);
    },
    order: (key) => {
      dueAllocations();
      const order = orderOf(key);
      return order && stateOfOrder(order);
    },
    orders: () => {
      dueAllocations();
      return [...orders.values()].map(stateOfOrder);
    },
    esim: (esimTranNo) => {
      const esim = esims.get(esimTranNo);
      return esim && stateOfEsim(esim);
    },
    esimsOfOrder: (key) => {
      dueAllocations();
      return orderOf(key)?.esims.map(stateOfEsim) ?? [];
    },
    install: (esimTranNo) => {
      const esim = allocatedEsim(esimTranNo);
      if (esim.esimStatus !== 'GOT_RESOURCE' || esim.smdpStatus !== 'RELEASED')
        throw new ControlError(409, `eSIM ${esimTranNo} is ${esim.esimStatus}/${esim.smdpStatus}, not new`);
      esim.eid = `8904903200${digits(22)}`;
      smdpEvent(esim, 'DOWNLOAD');
      smdpEvent(esim, 'INSTALLATION');
      smdpEvent(esim, 'ENABLED');
      // It activates on its first installation (activeType 1): its validity starts now.
      const now = Date.now();
      esim.activateTime = now;
      esim.expiredTime = now + esim.totalDuration * DAY;
      esim.esimStatus = 'IN_USE';
      notify('ESIM_STATUS', esimStatusContent(esim));
      return stateOfEsim(esim);
    },
    use: (esimTranNo, bytes, useOptions = {}) => {
      const esim = allocatedEsim(esimTranNo);
      if (esim.esimStatus === 'GOT_RESOURCE' && esim.smdpStatus === 'RELEASED') handle.install(esimTranNo);
      if (esim.esimStatus !== 'IN_USE') throw new ControlError(409, `eSIM ${esimTranNo} is ${esim.esimStatus}`);
      esim.usedBytes = Math.min(esim.totalVolume, esim.usedBytes + Math.max(0, Math.round(bytes)));
      report(esim, useOptions.reportNow === true);
      if (esim.usedBytes >= esim.totalVolume) {
        esim.esimStatus = 'USED_UP';
        notify('ESIM_STATUS', esimStatusContent(esim));
      }
      return stateOfEsim(esim);
    },
    expire: (esimTranNo) => {
      const esim = allocatedEsim(esimTranNo);
      if (ENDED.has(esim.esimStatus)) throw new ControlError(409, `eSIM ${esimTranNo} has ended (${esim.esimStatus})`);
      endValidity(esim);
      return stateOfEsim(esim);
    },
    notify: (esimTranNo, notifyType) => {
      const esim = allocatedEsim(esimTranNo);
      const base = {
        iccid: esim.iccid,
        orderNo: esim.order.orderNo,
        esimTranNo: esim.esimTranNo,
        transactionId: esim.order.transactionId,
      };
      if (notifyType === 'DATA_USAGE') {
        report(esim, true);
        const remain = Math.max(0, esim.totalVolume - esim.reportedBytes);
        notify('DATA_USAGE', {
          ...base,
          totalVolume: esim.totalVolume,
          orderUsage: esim.reportedBytes,
          remain,
          remainThreshold: remain <= esim.totalVolume * 0.1 ? 0.1 : 0.5,
          lastUpdateTime: eaTime(esim.reportedAt),
        });
      } else if (notifyType === 'VALIDITY_USAGE') {
        notify('VALIDITY_USAGE', {
          ...base,
          remain: Math.max(0, Math.ceil((esim.expiredTime - Date.now()) / DAY)),
          totalDuration: esim.totalDuration,
          durationUnit: 'DAY',
          expiredTime: eaTime(esim.expiredTime),
        });
      } else if (notifyType === 'SMDP_EVENT') smdpEvent(esim, esim.smdpStatus);
      else notify('ESIM_STATUS', esimStatusContent(esim));
    },
    close: async () => {
      closed = true;
      for (const order of orders.values()) clearTimeout(order.timer);
      await server.close();
    },
  };

  const control =
    <T>(run: (body: T, params: Record<string, string>) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const body = controlBody<T>(request.body);
      if (body === undefined) return reply.code(400).send({ error: 'the body must be JSON' });
      try {
        return (await run(body, request.params as Record<string, string>)) ?? { ok: true };
      } catch (error) {
        if (error instanceof ControlError) return reply.code(error.status).send({ error: error.message });
        throw error;
      }
    };

  server.get('/__fake/health', async () => ({ ok: true, fake: 'eSIM Access (not eSIM Access)' }));
  server.get('/__fake/requests', async () => handle.requests());
  server.delete('/__fake/requests', async () => {
    handle.clearRequests();
    return { ok: true };
  });
  server.get('/__fake/faults', async () => faults);
  server.post(
    '/__fake/faults',
    control<Fault>((body) => {
      const kinds: FaultKind[] = [
        'drop',
        'hang',
        'status',
        'busy',
        'rate-limit',
        'webhook-duplicate',
        'webhook-reorder',
      ];
      if (!kinds.includes(body.kind)) throw new ControlError(400, `kind: ${kinds.join(' | ')}`);
      handle.addFault(body);
      return { ok: true, faults };
    }),
  );
  server.delete('/__fake/faults', async () => {
    handle.clearFaults();
    return { ok: true };
  });
  server.get('/__fake/webhooks', async () => handle.webhooks());
  server.get('/__fake/balance', async () => ({ balance }));
  server.post(
    '/__fake/balance',
    control<{ balance?: number }>((body) => {
      if (typeof body.balance !== 'number' || body.balance < 0)
        throw new ControlError(400, 'balance: 1/10,000 USD, 0 or more');
      handle.setBalance(body.balance);
      return { balance };
    }),
  );
  server.post(
    '/__fake/stock',
    control<{ packageCode?: string; count?: number | null }>((body) => {
      if (!body.packageCode || !packages.some((p) => p.packageCode === body.packageCode))
        throw new ControlError(400, 'packageCode: one of the fake catalogue');
      handle.setStock(body.packageCode, body.count ?? null);
      return { ok: true };
    }),
  );
  server.post(
    '/__fake/allocation',
    control<{ seconds?: number | null }>((body) => {
      handle.setAllocationSeconds(body.seconds ?? null);
      return { seconds: allocationSeconds };
    }),
  );
  server.get('/__fake/orders', async () => handle.orders());
  server.post(
    '/__fake/orders/:orderNo/allocate',
    control<unknown>((_body, params) => handle.allocate(params.orderNo!)),
  );
  server.get('/__fake/esims/:esimTranNo', async (request, reply) => {
    const state = handle.esim((request.params as { esimTranNo: string }).esimTranNo);
    return state ?? reply.code(404).send({ error: 'no such eSIM' });
  });
  server.post(
    '/__fake/esims/:esimTranNo/install',
    control<unknown>((_body, params) => handle.install(params.esimTranNo!)),
  );
  server.post(
    '/__fake/esims/:esimTranNo/use',
    control<{ bytes?: number; reportNow?: boolean }>((body, params) => {
      if (typeof body.bytes !== 'number' || body.bytes < 0) throw new ControlError(400, 'bytes: 0 or more');
      return handle.use(params.esimTranNo!, body.bytes, { reportNow: body.reportNow });
    }),
  );
  server.post(
    '/__fake/esims/:esimTranNo/expire',
    control<unknown>((_body, params) => handle.expire(params.esimTranNo!)),
  );
  server.post(
    '/__fake/esims/:esimTranNo/notify',
    control<{ notifyType?: string }>((body, params) => {
      const types = ['DATA_USAGE', 'VALIDITY_USAGE', 'ESIM_STATUS', 'SMDP_EVENT'] as const;
      const type = types.find((t) => t === body.notifyType);
      if (!type) throw new ControlError(400, `notifyType: ${types.join(' | ')}`);
      handle.notify(params.esimTranNo!, type);
      return { ok: true };
    }),
  );

  await server.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = server.server.address() as { port: number };
  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
  handle.url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  return handle;
}
