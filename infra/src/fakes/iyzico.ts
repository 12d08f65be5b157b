import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A FAKE of iyzico's payment API, built from iyzico's public documentation, so the balance service's
 * real iyzico adapter can run with no iyzico account: in the tests, and under
 * `npm start -- --card-provider fake-iyzico`. It is not iyzico and holds its books in memory.
 *
 * What it plays, as iyzico documents it:
 * - every API request must carry an IYZWSv2 Authorization header: base64 of
 *   `apiKey:<key>&randomKey:<rnd>&signature:<hex HMAC-SHA256 of rnd + path + raw body>` with the
 *   merchant's secret key; a wrong key or signature is refused with status "failure" (1001 / 1000);
 * - Checkout Form initialize (POST /payment/iyzipos/checkoutform/initialize/auth/ecom): a token,
 *   tokenExpireTime (seconds) and a paymentPageUrl on this fake's own hosted page;
 * - the hosted page: the buyer enters one of iyzico's sandbox cards, confirms a 3-D Secure step, and
 *   the browser is posted back to the merchant's callbackUrl with the token (an auto-submitting form);
 * - Checkout Form retrieve (POST /payment/iyzipos/checkoutform/auth/ecom/detail): the answer's shape
 *   with paymentStatus, fraudStatus (1 approved, 0 in review, -1 rejected) and the response
 *   signature, HMAC-SHA256 hex over paymentStatus:paymentId:currency:basketId:conversationId:
 *   paidPrice:price:token with prices written without trailing zeros;
 * - refund v2 (POST /v2/payment/refund): partial refunds by payment id, tracked per payment, refusing
 *   more than is left; like iyzico it is not idempotent (the same conversationId twice refunds twice);
 * - transaction detail reporting (GET /v2/reporting/payment/details): a payment's item transactions
 *   with their refunds, each naming the refund request's conversationId (refundConversationId).
 *
 * Where the public documentation is silent (some error codes and messages, a 3-D Secure step the
 * buyer cancels, how long a fraud review takes) the fake makes a plain choice, noted where it is made.
 * Fault modes (5xx, a hang, commit-then-drop, 429 rate limiting, a wrong response signature, altered
 * answer fields) are set through the control API under /__fake, which also lists every request
 * received. The control API is unauthenticated: run the fake on loopback only.
 */

export interface FakeIyzicoOptions {
  apiKey: string;
  secretKey: string;
  /** 0 (default): any free port. */
  port?: number;
  host?: string;
  /** Where a browser reaches this fake (its hosted page); default http://localhost:<port>. */
  publicUrl?: string;
  /** iyzico's default lifetime of a Checkout Form token is 1800 seconds. */
  tokenExpireSeconds?: number;
  /** A review card's payment is decided by itself this long after it was paid; null: only by the control API. */
  reviewSeconds?: number | null;
}

export type FaultKind = 'status' | 'hang' | 'drop' | 'rate-limit' | 'bad-signature' | 'tamper';

export interface Fault {
  kind: FaultKind;
  /** The API path it hits (e.g. /v2/payment/refund); every API path when unset. */
  path?: string;
  /** How many matching requests it hits; every one until cleared when unset. */
  times?: number;
  /** status: the HTTP status answered (5xx). */
  status?: number;
  /** status: do the work first, then answer the error (the caller cannot tell it happened). */
  commit?: boolean;
  /** rate-limit: the Retry-After header, in seconds. */
  retryAfterSeconds?: number;
  /** tamper: fields replaced in the answer. */
  fields?: Record<string, unknown>;
  /** tamper: sign the altered answer again (an answer about another payment, correctly signed). */
  resign?: boolean;
}

export interface RecordedRequest {
  at: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body (null when there was none). */
  body: Record<string, unknown> | null;
  /** Whether the IYZWSv2 signature checked out. */
  signatureValid: boolean;
  /** The fault that hit it, if any. */
  fault: FaultKind | null;
}

export interface FakePaymentState {
  paymentId: string;
  token: string;
  conversationId: string;
  basketId: string;
  currency: string;
  paidCents: number;
  paymentStatus: 'SUCCESS' | 'FAILURE';
  fraudStatus: 1 | 0 | -1;
  errorCode: string | null;
  refunds: Array<{ refundTxId: number; conversationId: string; cents: number; hostReference: string }>;
  refundedCents: number;
}

export interface FakeIyzico {
  /** The API's base address (IYZICO_BASE_URL). */
  url: string;
  /** Where a browser reaches the hosted page. */
  publicUrl: string;
  requests(): RecordedRequest[];
  clearRequests(): void;
  addFault(fault: Fault): void;
  clearFaults(): void;
  /** iyzico's fraud team decides a payment held for review. */
  decideReview(paymentId: string, decision: 'approve' | 'reject'): FakePaymentState;
  payment(paymentId: string): FakePaymentState | undefined;
  /** The payment a Checkout Form token led to, once the buyer has paid or been declined. */
  paymentOfToken(token: string): FakePaymentState | undefined;
  close(): Promise<void>;
}

const PATHS = {
  initialize: '/payment/iyzipos/checkoutform/initialize/auth/ecom',
  retrieve: '/payment/iyzipos/checkoutform/auth/ecom/detail',
  refund: '/v2/payment/refund',
  reportingDetails: '/v2/reporting/payment/details',
} as const;

type Outcome =
  | { kind: 'approve' }
  | { kind: 'decline'; errorCode: string; errorGroup: string; message: string }
  | { kind: 'review'; decision: 'approve' | 'reject' };

interface TestCard {
  number: string;
  association: 'MASTER_CARD' | 'VISA' | 'TROY' | 'AMERICAN_EXPRESS';
  type: 'CREDIT_CARD' | 'DEBIT_CARD';
  family: string;
  outcome: Outcome;
  /** iyzico's sandbox card that pays but can be neither cancelled nor refunded. */
  refundable?: boolean;
  label: { tr: string; en: string };
}

const decline = (errorCode: string, errorGroup: string, message: string): Outcome => ({
  kind: 'decline',
  errorCode,
  errorGroup,
  message,
});

/** iyzico's published sandbox cards (a selection), then the fake's own two fraud-review cards. */
export const FAKE_IYZICO_CARDS: readonly TestCard[] = [
  {
    number: '5528790000000008',
    association: 'MASTER_CARD',
    type: 'CREDIT_CARD',
    family: 'Paraf',
    outcome: { kind: 'approve' },
    label: { tr: 'onaylanır (Halkbank)', en: 'approved (Halkbank)' },
  },
  {
    number: '5890040000000016',
    association: 'MASTER_CARD',
    type: 'DEBIT_CARD',
    family: 'Axess',
    outcome: { kind: 'approve' },
    label: { tr: 'onaylanır (Akbank, banka kartı)', en: 'approved (Akbank, debit)' },
  },
  {
    number: '4766620000000001',
    association: 'VISA',
    type: 'DEBIT_CARD',
    family: 'Bonus',
    outcome: { kind: 'approve' },
    label: { tr: 'onaylanır (Denizbank)', en: 'approved (Denizbank)' },
  },
  {
    number: '5406670000000009',
    association: 'MASTER_CARD',
    type: 'CREDIT_CARD',
    family: 'Maximum',
    outcome: { kind: 'approve' },
    refundable: false,
    label: { tr: 'onaylanır, iade edilemez', en: 'approved, cannot be refunded' },
  },
  {
    number: '4111111111111129',
    association: 'VISA',
    type: 'CREDIT_CARD',
    family: 'Paraf',
    outcome: decline('10051', 'NOT_SUFFICIENT_FUNDS', 'Kart limiti yetersiz, yetersiz bakiye'),
    label: { tr: 'yetersiz bakiye', en: 'insufficient funds' },
  },
  {
    number: '4129111111111111',
    association: 'VISA',
    type: 'CREDIT_CARD',
    family: 'Paraf',
    outcome: decline('10005', 'DO_NOT_HONOUR', 'İşlem onaylanmadı'),
    label: { tr: 'bankası onay vermez', en: 'do not honour' },
  },
  {
    number: '4128111111111112',
    association: 'VISA',
    type: 'CREDIT_CARD',
    family: 'Paraf',
    outcome: decline('10012', 'INVALID_TRANSACTION', 'Geçersiz işlem'),
    label: { tr: 'geçersiz işlem', en: 'invalid transaction' },
  },
  {
    number: '4125111111111115',
    association: 'VISA',
    type: 'CREDIT_CARD',
    family: 'Paraf',
    outcome: decline('10054', 'EXPIRED_CARD', 'Vadesi dolmuş kart'),
    label: { tr: 'süresi dolmuş kart', en: 'expired card' },
  },
  {
    number: '4124111111111116',
    association: 'VISA',
    type: 'CREDIT_CARD',
    family: 'Paraf',
    outcome: decline('10084', 'INVALID_CVC2', 'CVC2 bilgisi hatalı'),
    label: { tr: 'güvenlik kodu hatalı', en: 'invalid CVC' },
  },
  // iyzico publishes no card for its fraud review; these two are the fake's own (and the demo provider's).
  {
    number: '4090000000000011',
    association: 'VISA',
    type: 'CREDIT_CARD',
    family: 'Bonus',
    outcome: { kind: 'review', decision: 'approve' },
    label: {
      tr: 'güvenlik incelemesine düşer, sonra onaylanır (yalnızca sahte iyzico)',
      en: 'held for fraud review, then approved (fake iyzico only)',
    },
  },
  {
    number: '4090000000000029',
    association: 'VISA',
    type: 'CREDIT_CARD',
    family: 'Bonus',
    outcome: { kind: 'review', decision: 'reject' },
    label: {
      tr: 'güvenlik incelemesine düşer, sonra reddedilir (yalnızca sahte iyzico)',
      en: 'held for fraud review, then rejected (fake iyzico only)',
    },
  },
];

// ── money: integer cents inside, iyzico's decimal text and numbers on the wire ───────────────────

/** "19.99", "20.0", 20 → cents; null for anything else (iyzico refuses such a price). */
export function centsOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const decimals = match[2] ?? '';
  if (/[1-9]/.test(decimals.slice(2))) return null;
  return Number(match[1]) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
}

/** Cents as iyzico answers them: a JSON number (19.99, 20). */
const amount = (cents: number) => cents / 100;

/** A response-signature field as iyzico's clients write it: prices without trailing zeros, null as empty. */
export function signatureText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') {
    const cents = centsOf(value);
    if (cents === null) return String(value);
    const whole = Math.floor(cents / 100);
    const fraction = String(cents % 100)
      .padStart(2, '0')
      .replace(/0+$/, '');
    return fraction ? `${whole}.${fraction}` : String(whole);
  }
  return String(value);
}

export const responseSignature = (secretKey: string, fields: unknown[]) =>
  createHmac('sha256', secretKey).update(fields.map(signatureText).join(':')).digest('hex');

/** The body fastify did not read (a GET's), as text; empty when there is none. */
async function unreadBody(request: FastifyRequest): Promise<string> {
  if (request.raw.readableEnded) return '';
  let text = '';
  for await (const chunk of request.raw) {
    text += String(chunk);
    if (text.length > 65_536) break;
  }
  return text;
}

/** A control request's JSON body (fastify hands this fake raw text); undefined when it is none. */
function controlBody<T>(body: unknown): T | undefined {
  if (typeof body !== 'string') return body as T | undefined;
  try {
    return JSON.parse(body) as T;
  } catch {
    return undefined;
  }
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));

// ── the fake's books ──────────────────────────────────────────────────────────────────────────────

interface Checkout {
  token: string;
  conversationId: string;
  basketId: string;
  locale: 'tr' | 'en';
  currency: string;
  priceCents: number;
  paidPriceCents: number;
  callbackUrl: string;
  items: Array<{ itemId: string; cents: number }>;
  expiresAt: number;
  step: 'form' | 'threeds' | 'done';
  card?: TestCard;
  paymentId?: string;
}

interface Payment extends Omit<FakePaymentState, 'refundedCents'> {
  priceCents: number;
  card: TestCard;
  items: Array<{ itemId: string; paymentTransactionId: string; cents: number }>;
  hostReference: string;
  authCode: string;
  reviewDueAt: number | null;
  errorGroup: string | null;
  errorMessage: string | null;
  createdAt: Date;
}

const TEXTS = {
  tr: {
    title: 'iyzico ile Öde',
    fake: 'SAHTE iyzico (yerel test): gerçek kart bilgisi girmeyin.',
    amount: 'Ödenecek tutar',
    name: 'Kart üzerindeki isim',
    number: 'Kart numarası',
    expiry: 'Son kullanma tarihi (AA/YY)',
    cvc: 'Güvenlik kodu',
    pay: 'Öde',
    cards: 'iyzico sandbox test kartları',
    hint: 'Son kullanma tarihi ileri bir tarih, güvenlik kodu herhangi üç hane olabilir.',
    unknownCard: 'Bu sahte ödeme sayfası yalnızca aşağıdaki test kartlarını kabul eder.',
    invalid: 'Kart bilgilerini eksiksiz ve doğru yazın.',
    secure: '3-D Secure doğrulaması',
    secureAsk: 'Bankanız bu ödemeyi onaylamanızı istiyor.',
    confirm: 'Onayla',
    cancel: 'İptal et',
    returning: 'Mağazaya dönülüyor…',
    continue: 'Devam et',
    expired: 'Bu ödeme sayfasının süresi doldu. Mağazaya dönüp yeniden deneyin.',
    missing: 'Ödeme sayfası bulunamadı.',
    done: 'Bu ödeme tamamlandı.',
  },
  en: {
    title: 'Pay with iyzico',
    fake: 'FAKE iyzico (local testing): do not enter real card details.',
    amount: 'Amount to pay',
    name: 'Name on card',
    number: 'Card number',
    expiry: 'Expiry date (MM/YY)',
    cvc: 'Security code',
    pay: 'Pay',
    cards: "iyzico's sandbox test cards",
    hint: 'Use any future expiry date and any three-digit security code.',
    unknownCard: 'This fake payment page only takes the test cards below.',
    invalid: 'Fill in the card details completely and correctly.',
    secure: '3-D Secure verification',
    secureAsk: 'Your bank asks you to confirm this payment.',
    confirm: 'Confirm',
    cancel: 'Cancel',
    returning: 'Taking you back to the shop…',
    continue: 'Continue',
    expired: 'This payment page has expired. Go back to the shop and try again.',
    missing: 'Payment page not found.',
    done: 'This payment is finished.',
  },
} as const;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>` +
  `<style>body{font-family:system-ui,sans-serif;background:#f3f6fb;margin:0;color:#1b2430}main{max-width:440px;margin:24px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 4px 20px rgba(0,0,0,.1)}` +
  `.fake{background:#ffe9e9;color:#8a1c1c;padding:8px 12px;border-radius:8px;font-weight:600}label{display:block;margin:12px 0 4px;font-weight:600}input,select{width:100%;box-sizing:border-box;padding:10px;border:1px solid #c5cfdb;border-radius:8px;font:inherit}` +
  `button{width:100%;margin-top:16px;padding:12px;border:0;border-radius:8px;background:#1e64ff;color:#fff;font:inherit;font-weight:700;cursor:pointer}button.secondary{background:#fff;color:#1e64ff;border:1px solid #1e64ff}.error{color:#c62828}small,li{color:#425466}</style>` +
  `</head><body><main>${body}</main></body></html>`;

const nowMs = () => Date.now();

/** Starts the fake on a port; resolves once it listens. */
export async function startFakeIyzico(options: FakeIyzicoOptions): Promise<FakeIyzico> {
  const tokenExpireSeconds = options.tokenExpireSeconds ?? 1800;
  const reviewSeconds = options.reviewSeconds === undefined ? null : options.reviewSeconds;
  const checkouts = new Map<string, Checkout>();
  const payments = new Map<string, Payment>();
  const recorded: RecordedRequest[] = [];
  let faults: Array<Fault & { left: number | null }> = [];
  let nextPaymentId = 20_000_000 + randomInt(1_000_000);
  let nextTransactionId = 30_000_000 + randomInt(1_000_000);
  let nextRefundTxId = 40_000_000 + randomInt(1_000_000);

  const server = Fastify({ forceCloseConnections: true, logger: false });
  // The raw body is what IYZWSv2 signs, so JSON is parsed here, after the signature is checked.
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const stateOf = (payment: Payment): FakePaymentState => ({
    paymentId: payment.paymentId,
    token: payment.token,
    conversationId: payment.conversationId,
    basketId: payment.basketId,
    currency: payment.currency,
    paidCents: payment.paidCents,
    paymentStatus: payment.paymentStatus,
    fraudStatus: payment.fraudStatus,
    errorCode: payment.errorCode,
    refunds: payment.refunds.map((refund) => ({ ...refund })),
    refundedCents: payment.refunds.reduce((sum, refund) => sum + refund.cents, 0),
  });

  const decide = (payment: Payment, decision: 'approve' | 'reject') => {
    if (payment.fraudStatus !== 0) return;
    payment.fraudStatus = decision === 'approve' ? 1 : -1;
    payment.reviewDueAt = null;
  };

  // The fraud team's decision on a review card's payment comes due; it is applied whenever the books are read.
  const settleDueReviews = () => {
    const now = nowMs();
    for (const payment of payments.values()) {
      if (payment.fraudStatus === 0 && payment.reviewDueAt !== null && payment.reviewDueAt <= now) {
        decide(payment, payment.card.outcome.kind === 'review' ? payment.card.outcome.decision : 'approve');
      }
    }
  };

  // ── request signature (IYZWSv2) ──

  type AuthCheck = { ok: true } | { ok: false; errorCode: string; errorMessage: string };
  const checkAuthorization = (request: FastifyRequest, path: string, raw: string): AuthCheck => {
    const header = String(request.headers.authorization ?? '');
    const rnd = request.headers['x-iyzi-rnd'];
    if (!header.startsWith('IYZWSv2 '))
      return { ok: false, errorCode: '1001', errorMessage: 'api bilgileri bulunamadı' };
    const fields = new Map<string, string>();
    for (const pair of Buffer.from(header.slice(8), 'base64').toString('utf8').split('&')) {
      const colon = pair.indexOf(':');
      if (colon > 0) fields.set(pair.slice(0, colon), pair.slice(colon + 1));
    }
    const randomKey = fields.get('randomKey') ?? '';
    if (!randomKey || (rnd !== undefined && rnd !== randomKey))
      return { ok: false, errorCode: '1004', errorMessage: 'Random string gönderilmesi zorunludur' };
    if (fields.get('apiKey') !== options.apiKey)
      return { ok: false, errorCode: '1001', errorMessage: 'api bilgileri bulunamadı' };
    const expected = createHmac('sha256', options.secretKey)
      .update(randomKey + path + raw)
      .digest('hex');
    if (!sameText(fields.get('signature') ?? '', expected))
      return { ok: false, errorCode: '1000', errorMessage: 'Geçersiz imza' };
    return { ok: true };
  };

  const takeFault = (path: string): Fault | null => {
    const index = faults.findIndex((fault) => !fault.path || fault.path === path);
    if (index < 0) return null;
    const fault = faults[index]!;
    if (fault.left !== null) {
      fault.left -= 1;
      if (fault.left <= 0) faults.splice(index, 1);
    }
    return fault;
  };

  type Answer = Record<string, unknown>;
  const failure = (locale: unknown, errorCode: string, errorMessage: string, extra: Answer = {}): Answer => ({
    status: 'failure',
    errorCode,
    errorMessage,
    locale: locale === 'en' ? 'en' : 'tr',
    systemTime: nowMs(),
    ...extra,
  });

  /**
   * One signed API endpoint: checks the signature, records the request, applies a fault, then
   * answers `handle`'s result; `sign` lists an answer's signed fields when it carries a signature.
   */
  const api = (
    method: 'GET' | 'POST',
    path: string,
    handle: (body: Answer, query: Record<string, string>) => Answer,
    sign?: (answer: Answer) => unknown[] | null,
  ) => {
    server.route({
      method,
      url: path,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        // fastify leaves a GET's body unread, and iyzipay-node sends (and signs) "{}" with its GETs.
        const raw = typeof request.body === 'string' ? request.body : method === 'GET' ? await unreadBody(request) : '';
        const query = Object.fromEntries(
          Object.entries((request.query ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
        );
        let body: Answer | null = null;
        try {
          body = raw ? (JSON.parse(raw) as Answer) : null;
        } catch {
          body = null;
        }
        const auth = checkAuthorization(request, path, raw);
        const fault = auth.ok ? takeFault(path) : null;
        recorded.push({
          at: new Date().toISOString(),
          method,
          path,
          query,
          body,
          signatureValid: auth.ok,
          fault: fault?.kind ?? null,
        });
        const locale = body?.locale ?? query.locale;
        if (!auth.ok) return reply.send(failure(locale, auth.errorCode, auth.errorMessage));
        if (raw && !body) return reply.send(failure(locale, '11', 'Geçersiz istek'));
        if (fault?.kind === 'hang') {
          // Never answered: the socket stays open until the caller gives up or the fake closes.
          reply.hijack();
          return;
        }
        if (fault?.kind === 'rate-limit') {
          return reply
            .code(429)
            .header('retry-after', String(fault.retryAfterSeconds ?? 1))
            .send({
              status: 'failure',
              errorCode: 50000,
              errorMessage: 'Request Limit Exceeded',
              locale: locale === 'tr' ? 'tr' : 'en',
            });
        }
        if (fault?.kind === 'status' && !fault.commit) return sendServerError(reply, fault.status ?? 500);
        settleDueReviews();
        let answer = handle(body ?? {}, query);
        if (fault?.kind === 'drop') {
          // The work is done and kept; the answer is lost on the way back.
          reply.hijack();
          request.raw.socket.destroy();
          return;
        }
        if (fault?.kind === 'status') return sendServerError(reply, fault.status ?? 500);
        const signed = sign?.(answer) ?? null;
        if (signed) answer = { ...answer, signature: responseSignature(options.secretKey, signed) };
        if (fault?.kind === 'bad-signature' && answer.signature)
          answer = { ...answer, signature: randomBytes(32).toString('hex') };
        if (fault?.kind === 'tamper') {
          answer = { ...answer, ...fault.fields };
          if (fault.resign) {
            const again = sign?.(answer) ?? null;
            if (again) answer.signature = responseSignature(options.secretKey, again);
          }
        }
        return reply.send(answer);
      },
    });
  };

  const sendServerError = (reply: FastifyReply, status: number) =>
    status === 500
      ? reply.code(500).send({ status: 'failure', errorCode: '1', errorMessage: 'Sistem hatası', systemTime: nowMs() })
      : reply
          .code(status)
          .header('content-type', 'text/html')
          .send(`<html><body><h1>${status}</h1>Service unavailable</body></html>`);

  // ── Checkout Form initialize ──

  const required = (body: Answer, fields: string[], where = ''): string | null => {
    for (const field of fields) {
      const value = body[field];
      if (value === undefined || value === null || value === '') return `${where}${field}`;
    }
    return null;
  };

  api(
    'POST',
    PATHS.initialize,
    (body) => {
      const missing =
        required(body, ['price', 'paidPrice', 'currency', 'callbackUrl', 'buyer', 'billingAddress', 'basketItems']) ??
        required(
          (body.buyer ?? {}) as Answer,
          ['id', 'name', 'surname', 'identityNumber', 'email', 'registrationAddress', 'city', 'country', 'ip'],
          'buyer.',
        ) ??
        required(
          (body.billingAddress ?? {}) as Answer,
          ['contactName', 'city', 'country', 'address'],
          'billingAddress.',
        );
      if (missing)
        return failure(body.locale, '24', `${missing} gönderilmesi zorunludur`, {
          conversationId: body.conversationId,
        });
      const priceCents = centsOf(body.price);
      const paidPriceCents = centsOf(body.paidPrice);
      if (!priceCents || !paidPriceCents)
        return failure(body.locale, '5', 'Geçersiz tutar', { conversationId: body.conversationId });
      const basket = Array.isArray(body.basketItems) ? (body.basketItems as Answer[]) : [];
      if (basket.length === 0) return failure(body.locale, '24', 'basketItems gönderilmesi zorunludur');
      const items: Checkout['items'] = [];
      for (const item of basket) {
        const missingItem = required(item, ['id', 'name', 'category1', 'itemType', 'price'], 'basketItems.');
        const cents = centsOf(item.price);
        if (missingItem) return failure(body.locale, '24', `${missingItem} gönderilmesi zorunludur`);
        if (!cents) return failure(body.locale, '5', 'Geçersiz tutar');
        items.push({ itemId: String(item.id), cents });
      }
      if (basket.some((item) => item.itemType === 'PHYSICAL') && !body.shippingAddress)
        return failure(body.locale, '24', 'shippingAddress gönderilmesi zorunludur');
      if (items.reduce((sum, item) => sum + item.cents, 0) !== priceCents)
        return failure(body.locale, '5062', 'Gönderilen tutar tüm kırılımların toplam tutarına eşit olmalıdır', {
          conversationId: body.conversationId,
        });
      const token = randomUUID();
      const locale = body.locale === 'en' ? 'en' : 'tr';
      checkouts.set(token, {
        token,
        conversationId: String(body.conversationId ?? ''),
        basketId: String(body.basketId ?? ''),
        locale,
        currency: String(body.currency),
        priceCents,
        paidPriceCents,
        callbackUrl: String(body.callbackUrl),
        items,
        expiresAt: nowMs() + tokenExpireSeconds * 1000,
        step: 'form',
      });
      const pageUrl = `${publicUrl}/?token=${encodeURIComponent(token)}&lang=${locale}`;
      return {
        status: 'success',
        locale,
        systemTime: nowMs(),
        conversationId: body.conversationId,
        token,
        checkoutFormContent: `<script type="text/javascript">window.location.href=${JSON.stringify(pageUrl)};</script>`,
        tokenExpireTime: tokenExpireSeconds,
        paymentPageUrl: pageUrl,
      };
    },
    (answer) => (answer.status === 'success' ? [answer.conversationId, answer.token] : null),
  );

  // ── Checkout Form retrieve ──

  const paymentAnswer = (payment: Payment, requestConversationId: unknown, locale: unknown): Answer => {
    const common = {
      status: 'success',
      locale: locale === 'en' ? 'en' : 'tr',
      systemTime: nowMs(),
      // The request's conversationId comes back as it was sent (iyzico's request/response correlation).
      conversationId: requestConversationId,
      token: payment.token,
      callbackUrl: checkouts.get(payment.token)?.callbackUrl,
      paymentId: payment.paymentId,
      basketId: payment.basketId,
      currency: payment.currency,
      price: amount(payment.priceCents),
      paidPrice: amount(payment.paidCents),
    };
    if (payment.paymentStatus === 'FAILURE') {
      return {
        ...common,
        paymentStatus: 'FAILURE',
        errorCode: payment.errorCode,
        errorMessage: payment.errorMessage,
        errorGroup: payment.errorGroup,
      };
    }
    return {
      ...common,
      installment: 1,
      fraudStatus: payment.fraudStatus,
      merchantCommissionRate: 0,
      merchantCommissionRateAmount: 0,
      iyziCommissionRateAmount: amount(Math.round(payment.paidCents * 0.0299)),
      iyziCommissionFee: 0.25,
      cardType: payment.card.type,
      cardAssociation: payment.card.association,
      cardFamily: payment.card.family,
      binNumber: payment.card.number.slice(0, 8),
      lastFourDigits: payment.card.number.slice(-4),
      itemTransactions: payment.items.map((item) => ({
        itemId: item.itemId,
        paymentTransactionId: item.paymentTransactionId,
        transactionStatus: 2,
        price: amount(item.cents),
        paidPrice: amount(item.cents),
      })),
      authCode: payment.authCode,
      phase: 'AUTH',
      hostReference: payment.hostReference,
      paymentStatus: 'SUCCESS',
    };
  };

  api(
    'POST',
    PATHS.retrieve,
    (body) => {
      const checkout = checkouts.get(String(body.token ?? ''));
      if (!checkout)
        return failure(body.locale, '5122', "Gönderilen token'a ait ödeme bulunamadı", {
          conversationId: body.conversationId,
        });
      const payment = checkout.paymentId ? payments.get(checkout.paymentId) : undefined;
      if (payment) return paymentAnswer(payment, body.conversationId, body.locale);
      if (checkout.step === 'threeds') {
        return {
          status: 'success',
          locale: body.locale === 'en' ? 'en' : 'tr',
          systemTime: nowMs(),
          conversationId: body.conversationId,
          token: checkout.token,
          basketId: checkout.basketId,
          currency: checkout.currency,
          price: amount(checkout.priceCents),
          paidPrice: amount(checkout.paidPriceCents),
          paymentStatus: 'INIT_THREEDS',
        };
      }
      // The fake's choice: a form nobody has paid (or no longer can) answers a failure without a payment status.
      return failure(body.locale, '5135', 'Ödeme formu tamamlanmamış', {
        conversationId: body.conversationId,
        token: checkout.token,
      });
    },
    (answer) =>
      answer.status === 'success'
        ? [
            answer.paymentStatus,
            answer.paymentId,
            answer.currency,
            answer.basketId,
            answer.conversationId,
            answer.paidPrice,
            answer.price,
            answer.token,
          ]
        : null,
  );

  // ── refund v2 ──

  api(
    'POST',
    PATHS.refund,
    (body) => {
      const payment = payments.get(String(body.paymentId ?? ''));
      const extra = { conversationId: body.conversationId };
      // The fake's own codes for these refusals (iyzico's are not published for them).
      if (!payment || payment.paymentStatus !== 'SUCCESS')
        return failure(body.locale, '5093', 'Ödeme bulunamadı', extra);
      if (payment.fraudStatus !== 1)
        return failure(body.locale, '5094', 'Ödeme güvenlik incelemesinde ya da reddedilmiş; iade edilemez', extra);
      if (payment.card.refundable === false)
        return failure(body.locale, '10201', 'Kart, işleme izin vermedi', {
          ...extra,
          errorGroup: 'CARD_NOT_PERMITTED',
        });
      if (body.currency !== undefined && body.currency !== payment.currency)
        return failure(body.locale, '5095', 'Para birimi ödemeninkiyle aynı olmalıdır', extra);
      const cents = centsOf(body.price);
      if (!cents) return failure(body.locale, '5', 'Geçersiz tutar', extra);
      const refunded = payment.refunds.reduce((sum, refund) => sum + refund.cents, 0);
      if (refunded + cents > payment.paidCents)
        return failure(body.locale, '5096', 'İade tutarı, kalan iade edilebilir tutardan büyük olamaz', extra);
      const refund = {
        refundTxId: nextRefundTxId++,
        conversationId: String(body.conversationId ?? ''),
        cents,
        hostReference: `fake-rfn-${randomBytes(6).toString('hex')}`,
      };
      payment.refunds.push(refund);
      return {
        status: 'success',
        locale: body.locale === 'en' ? 'en' : 'tr',
        systemTime: nowMs(),
        conversationId: body.conversationId,
        paymentId: payment.paymentId,
        price: amount(cents),
        currency: payment.currency,
        authCode: String(randomInt(100_000, 999_999)),
        hostReference: payment.hostReference,
        refundHostReference: refund.hostReference,
        retryable: false,
      };
    },
    // The fields, in order, over which iyzico's clients check a refund's signature.
    (answer) =>
      answer.status === 'success' ? [answer.paymentId, answer.price, answer.currency, answer.conversationId] : null,
  );

  // ── transaction detail reporting ──

  api('GET', PATHS.reportingDetails, (_body, query) => {
    const found = [...payments.values()].filter((payment) =>
      query.paymentId
        ? payment.paymentId === query.paymentId
        : query.paymentConversationId
          ? payment.conversationId === query.paymentConversationId
          : false,
    );
    if (!query.paymentId && !query.paymentConversationId)
      return failure(query.locale, '24', 'paymentId gönderilmesi zorunludur', { conversationId: query.conversationId });
    return {
      status: 'success',
      locale: query.locale === 'en' ? 'en' : 'tr',
      systemTime: nowMs(),
      conversationId: query.conversationId,
      payments: found.map((payment) => {
        const refunded = payment.refunds.reduce((sum, refund) => sum + refund.cents, 0);
        return {
          paymentId: Number(payment.paymentId),
          paymentStatus: payment.paymentStatus === 'SUCCESS' ? 1 : 0,
          paymentRefundStatus:
            refunded === 0 ? 'NOT_REFUNDED' : refunded < payment.paidCents ? 'PARTIALLY_REFUNDED' : 'TOTALLY_REFUNDED',
          price: amount(payment.priceCents),
          paidPrice: amount(payment.paidCents),
          installment: 1,
          paymentConversationId: payment.conversationId,
          fraudStatus: payment.fraudStatus,
          cardType: payment.card.type,
          cardAssociation: payment.card.association,
          cardFamily: payment.card.family,
          binNumber: payment.card.number.slice(0, 8),
          lastFourDigits: payment.card.number.slice(-4),
          basketId: payment.basketId,
          currency: payment.currency,
          authCode: payment.authCode,
          hostReference: payment.hostReference,
          createdDate: payment.createdAt.toISOString(),
          cancels: [],
          // Refund v2 takes a payment's refunds from its item transactions; the fake keeps them on the first.
          itemTransactions: payment.items.map((item, index) => ({
            itemId: item.itemId,
            paymentTransactionId: Number(item.paymentTransactionId),
            transactionStatus: 2,
            price: amount(item.cents),
            paidPrice: amount(item.cents),
            refunds:
              index === 0
                ? payment.refunds.map((refund) => ({
                    refundTxId: refund.refundTxId,
                    refundConversationId: refund.conversationId,
                    refundPrice: amount(refund.cents),
                    refundStatus: 1,
                    isAfterSettlement: false,
                    currencyCode: payment.currency,
                    authCode: payment.authCode,
                    hostReference: refund.hostReference,
                    errorGroup: null,
                    errorCode: null,
                    errorMessage: null,
                  }))
                : [],
          })),
        };
      }),
    };
  });

  // ── the hosted page ──

  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(body);

  const texts = (locale: string | undefined) => TEXTS[locale === 'en' ? 'en' : 'tr'];

  const formPage = (checkout: Checkout, problem?: string) => {
    const t = texts(checkout.locale);
    const cards = FAKE_IYZICO_CARDS.map(
      (card) =>
        `<li><code>${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code>: ${escapeHtml(card.label[checkout.locale])}</li>`,
    ).join('');
    return page(
      t.title,
      `<h1>${t.title}</h1><p class="fake">${t.fake}</p><p>${t.amount}: <strong>${amount(checkout.paidPriceCents).toFixed(2)} ${escapeHtml(checkout.currency)}</strong></p>` +
        (problem ? `<p class="error" role="alert">${escapeHtml(problem)}</p>` : '') +
        `<form method="post" action="/pay"><input type="hidden" name="token" value="${escapeHtml(checkout.token)}">` +
        `<label for="name">${t.name}</label><input id="name" name="cardHolderName" autocomplete="cc-name" required>` +
        `<label for="number">${t.number}</label><input id="number" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>` +
        `<label for="expiry">${t.expiry}</label><input id="expiry" name="expiry" placeholder="12/30" autocomplete="cc-exp" required>` +
        `<label for="cvc">${t.cvc}</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required>` +
        `<button type="submit">${t.pay}</button></form><h2>${t.cards}</h2><ul>${cards}</ul><small>${t.hint}</small>`,
    );
  };

  const callbackPage = (checkout: Checkout) => {
    const t = texts(checkout.locale);
    // As iyzico's page does: the browser posts the token to the merchant's callbackUrl by itself.
    return page(
      t.returning,
      `<p>${t.returning}</p><form method="post" action="${escapeHtml(checkout.callbackUrl)}"><input type="hidden" name="token" value="${escapeHtml(checkout.token)}"><button type="submit">${t.continue}</button></form>` +
        `<script>document.forms[0].submit()</script>`,
    );
  };

  const openCheckout = (token: unknown): Checkout | undefined => checkouts.get(String(token ?? ''));

  server.get('/', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const checkout = openCheckout(query.token);
    const t = texts(query.lang ?? checkout?.locale);
    if (!checkout) return html(reply, 404, page(t.missing, `<p>${t.missing}</p>`));
    if (checkout.step === 'done') return html(reply, 200, page(t.done, `<p>${t.done}</p>`));
    if (checkout.expiresAt <= nowMs()) return html(reply, 410, page(t.expired, `<p>${t.expired}</p>`));
    return html(reply, 200, formPage(checkout));
  });

  const expiryInFuture = (expiry: string) => {
    const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
    if (!match) return false;
    const month = Number(match[1]);
    const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
    return month >= 1 && month <= 12 && Date.UTC(year, month, 1) > nowMs();
  };

  server.post('/pay', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const checkout = openCheckout(form.token);
    const t = texts(checkout?.locale);
    if (!checkout) return html(reply, 404, page(t.missing, `<p>${t.missing}</p>`));
    if (checkout.step === 'done') return html(reply, 200, callbackPage(checkout));
    if (checkout.expiresAt <= nowMs()) return html(reply, 410, page(t.expired, `<p>${t.expired}</p>`));
    const number = String(form.cardNumber ?? '').replace(/[\s-]/g, '');
    const card = FAKE_IYZICO_CARDS.find((candidate) => candidate.number === number);
    if (
      !String(form.cardHolderName ?? '').trim() ||
      !expiryInFuture(String(form.expiry ?? '')) ||
      !/^\d{3,4}$/.test(String(form.cvc ?? '').trim())
    )
      return html(reply, 400, formPage(checkout, t.invalid));
    if (!card) return html(reply, 400, formPage(checkout, t.unknownCard));
    checkout.card = card;
    checkout.step = 'threeds';
    return html(
      reply,
      200,
      page(
        t.secure,
        `<h1>${t.secure}</h1><p class="fake">${t.fake}</p><p>${t.secureAsk}</p><p>•••• ${card.number.slice(-4)} — ${amount(checkout.paidPriceCents).toFixed(2)} ${escapeHtml(checkout.currency)}</p>` +
          `<form method="post" action="/3ds"><input type="hidden" name="token" value="${escapeHtml(checkout.token)}"><input type="hidden" name="action" value="confirm"><button type="submit">${t.confirm}</button></form>` +
          `<form method="post" action="/3ds"><input type="hidden" name="token" value="${escapeHtml(checkout.token)}"><input type="hidden" name="action" value="cancel"><button class="secondary" type="submit">${t.cancel}</button></form>`,
      ),
    );
  });

  server.post('/3ds', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const checkout = openCheckout(form.token);
    const t = texts(checkout?.locale);
    if (!checkout) return html(reply, 404, page(t.missing, `<p>${t.missing}</p>`));
    if (checkout.step === 'done') return html(reply, 200, callbackPage(checkout));
    if (checkout.step !== 'threeds' || !checkout.card) return html(reply, 400, formPage(checkout));
    if (checkout.expiresAt <= nowMs()) return html(reply, 410, page(t.expired, `<p>${t.expired}</p>`));
    const card = checkout.card;
    const outcome: Outcome =
      form.action === 'confirm'
        ? card.outcome
        : // The fake's choice for a 3-D Secure step the buyer cancels (iyzico's code is not published).
          decline('10219', 'THREEDS_NOT_COMPLETED', '3D Secure doğrulaması tamamlanmadı');
    const paymentId = String(nextPaymentId++);
    const payment: Payment = {
      paymentId,
      token: checkout.token,
      conversationId: checkout.conversationId,
      basketId: checkout.basketId,
      currency: checkout.currency,
      priceCents: checkout.priceCents,
      paidCents: checkout.paidPriceCents,
      paymentStatus: outcome.kind === 'decline' ? 'FAILURE' : 'SUCCESS',
      fraudStatus: outcome.kind === 'review' ? 0 : 1,
      errorCode: outcome.kind === 'decline' ? outcome.errorCode : null,
      errorGroup: outcome.kind === 'decline' ? outcome.errorGroup : null,
      errorMessage: outcome.kind === 'decline' ? outcome.message : null,
      refunds: [],
      card,
      items: checkout.items.map((item) => ({ ...item, paymentTransactionId: String(nextTransactionId++) })),
      hostReference: `fake-hrf-${randomBytes(6).toString('hex')}`,
      authCode: String(randomInt(100_000, 999_999)),
      reviewDueAt: outcome.kind === 'review' && reviewSeconds !== null ? nowMs() + reviewSeconds * 1000 : null,
      createdAt: new Date(),
    };
    payments.set(paymentId, payment);
    checkout.paymentId = paymentId;
    checkout.step = 'done';
    return html(reply, 200, callbackPage(checkout));
  });

  // ── control API: not iyzico's; for tests and for a person trying the shop ──

  server.get('/__fake/health', async () => ({ ok: true }));
  server.get('/__fake/requests', async () => recorded);
  server.delete('/__fake/requests', async () => {
    recorded.length = 0;
    return { ok: true };
  });
  server.get('/__fake/faults', async () => faults);
  server.post('/__fake/faults', async (request, reply) => {
    const body = controlBody<Fault>(request.body);
    if (!body || !['status', 'hang', 'drop', 'rate-limit', 'bad-signature', 'tamper'].includes(body.kind))
      return reply.code(400).send({ error: 'kind: status | hang | drop | rate-limit | bad-signature | tamper' });
    handle.addFault(body);
    return { ok: true, faults };
  });
  server.delete('/__fake/faults', async () => {
    faults = [];
    return { ok: true };
  });
  server.get('/__fake/payments/:paymentId', async (request, reply) => {
    settleDueReviews();
    const payment = payments.get((request.params as { paymentId: string }).paymentId);
    return payment ? stateOf(payment) : reply.code(404).send({ error: 'no such payment' });
  });
  server.post('/__fake/payments/:paymentId/fraud', async (request, reply) => {
    const body = controlBody<{ decision?: string }>(request.body);
    const decision = body?.decision;
    const paymentId = (request.params as { paymentId: string }).paymentId;
    if (decision !== 'approve' && decision !== 'reject')
      return reply.code(400).send({ error: 'decision: approve | reject' });
    if (!payments.has(paymentId)) return reply.code(404).send({ error: 'no such payment' });
    const state = handle.decideReview(paymentId, decision);
    // A person deciding from the control page goes back to it.
    if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
      return reply.redirect('/__fake/', 303);
    return state;
  });
  server.get('/__fake/', async (_request, reply) => {
    settleDueReviews();
    const rows = [...payments.values()]
      .reverse()
      .map((payment) => {
        const state =
          payment.paymentStatus === 'FAILURE'
            ? `declined ${payment.errorCode}`
            : payment.fraudStatus === 0
              ? 'in fraud review'
              : payment.fraudStatus === 1
                ? 'paid'
                : 'rejected by the fraud check';
        const buttons =
          payment.paymentStatus === 'SUCCESS' && payment.fraudStatus === 0
            ? ['approve', 'reject']
                .map(
                  (decision) =>
                    `<form method="post" action="/__fake/payments/${payment.paymentId}/fraud" style="display:inline"><input type="hidden" name="decision" value="${decision}"><button type="submit" style="width:auto;margin:0 4px">${decision}</button></form>`,
                )
                .join('')
            : '';
        return `<li>${payment.paymentId} · ${amount(payment.paidCents).toFixed(2)} ${escapeHtml(payment.currency)} · ${state} ${buttons}</li>`;
      })
      .join('');
    return html(
      reply,
      200,
      page(
        'Fake iyzico',
        `<h1>Fake iyzico</h1><p class="fake">Not iyzico: a local fake for development.</p><p>Payments, newest first. A payment in fraud review waits for a decision here${reviewSeconds !== null ? ` or decides itself ${reviewSeconds} s after it was paid` : ''}.</p><ul>${rows || '<li>none yet</li>'}</ul>`,
      ),
    );
  });

  await server.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  const address = server.server.address() as { port: number };
  const host = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  const publicUrl = (options.publicUrl ?? `http://localhost:${address.port}`).replace(/\/+$/, '');

  const handle: FakeIyzico = {
    url,
    publicUrl,
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
    decideReview: (paymentId, decision) => {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake iyzico: no payment ${paymentId}`);
      decide(payment, decision);
      return stateOf(payment);
    },
    payment: (paymentId) => {
      settleDueReviews();
      const payment = payments.get(paymentId);
      return payment && stateOf(payment);
    },
    paymentOfToken: (token) => {
      settleDueReviews();
      const paymentId = checkouts.get(token)?.paymentId;
      const payment = paymentId ? payments.get(paymentId) : undefined;
      return payment && stateOf(payment);
    },
    close: () => server.close(),
  };
  return handle;
}
