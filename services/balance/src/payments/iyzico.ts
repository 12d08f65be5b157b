import { createHmac, timingSafeEqual } from 'node:crypto';
import CreateCheckoutFormInitializeRequest from 'iyzipay/lib/requests/CreateCheckoutFormInitializeRequest.js';
import CreateRefundV2Request from 'iyzipay/lib/requests/CreateRefundV2Request.js';
import RetrieveCheckoutFormRequest from 'iyzipay/lib/requests/RetrieveCheckoutFormRequest.js';
import RetrievePaymentRequest from 'iyzipay/lib/requests/RetrievePaymentRequest.js';
import iyzipay from 'iyzipay/lib/utils.js';
import {
  declineCode,
  ProviderRefused,
  ProviderUnavailable,
  type PaymentLookup,
  type PaymentProvider,
  type PaymentStart,
  type RefundRequest,
  type RetrievedPayment,
  type StartedPayment,
} from './port';

export interface IyzicoSettings {
  apiKey: string;
  secretKey: string;
  /** https://sandbox-api.iyzipay.com or https://api.iyzipay.com (or the fake iyzico). */
  baseUrl: string;
  /** How long one call may take before the provider counts as unreachable. */
  timeoutMs?: number;
}

type Body = Record<string, unknown>;

const PATHS = {
  initialize: '/payment/iyzipos/checkoutform/initialize/auth/ecom',
  retrieve: '/payment/iyzipos/checkoutform/auth/ecom/detail',
  refund: '/v2/payment/refund',
  reportingDetails: '/v2/reporting/payment/details',
} as const;

/*
 * iyzico asks for a national id and an address for every buyer. Travellers buying a digital
 * service give neither, so the buyer is sent with the placeholders iyzico documents for buyers
 * without a Turkish id, and the shop's own city.
 */
const NO_IDENTITY_NUMBER = '11111111111';
const DIGITAL_SERVICE_ADDRESS = { address: 'Dijital hizmet (eSIM)', city: 'Istanbul', country: 'Turkey' };
/** iyzico's documented lifetime of a Checkout Form token when an answer leaves it out. */
const DEFAULT_TOKEN_SECONDS = 1800;

/**
 * iyzico's answers that say nothing about the request itself: its general system errors (1, 2)
 * and its rate limiter (50000). A refund answered so may or may not have happened.
 */
const UNKNOWN_OUTCOME_CODES = new Set(['1', '2', '50000']);

/** Cents as iyzico's decimal text: 1999 → "19.99" (the client's request models then drop trailing zeros). */
const price = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** iyzico's decimal amount (a JSON number or text) in cents; null when it is none. */
function centsOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!match || /[1-9]/.test((match[2] ?? '').slice(2))) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').slice(0, 2).padEnd(2, '0'));
}

/**
 * A field of a response signature as iyzico's clients write it: a price without trailing zeros,
 * a missing field as empty text.
 */
function signedText(value: unknown, isPrice = false): string {
  if (value === null || value === undefined) return '';
  if (isPrice) {
    const cents = centsOf(value);
    if (cents !== null) {
      const fraction = String(cents % 100)
        .padStart(2, '0')
        .replace(/0+$/, '');
      return fraction ? `${Math.floor(cents / 100)}.${fraction}` : String(Math.floor(cents / 100));
    }
  }
  return String(value);
}

function splitName(fullName: string): { name: string; surname: string } {
  const parts = fullName.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { name: '-', surname: '-' };
  if (parts.length === 1) return { name: parts[0]!, surname: parts[0]! };
  return { name: parts.slice(0, -1).join(' '), surname: parts[parts.length - 1]! };
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const codeOf = (body: Body) =>
  body.errorCode === undefined || body.errorCode === null ? null : String(body.errorCode);

/**
 * The iyzico adapter: Checkout Form initialize (the hosted page with 3-D Secure) and retrieve,
 * partial refunds by payment id (refund v2), and the refund lookup through the transaction detail
 * report. Requests are shaped and signed (IYZWSv2) by iyzico's official client's own request
 * models and signing helper, and sent here, so a timeout, an HTTP status and an unreadable answer
 * are each seen for what they are. Answers that decide anything are trusted only with a valid
 * response signature and only when they name the payment asked about.
 */
export function iyzicoProvider(settings: IyzicoSettings): PaymentProvider {
  const timeoutMs = settings.timeoutMs ?? 20_000;
  const baseUrl = settings.baseUrl.replace(/\/+$/, '');

  async function send(
    what: string,
    path: string,
    options: { body?: Body; query?: Record<string, string> },
  ): Promise<Body> {
    const random = iyzipay.generateRandomString(8);
    const authorization = options.body
      ? iyzipay.generateAuthorizationHeaderV2(
          'IYZWSv2',
          settings.apiKey,
          ':',
          settings.secretKey,
          path,
          options.body,
          random,
        )
      : bodilessAuthorization(path, random);
    const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${path}${query}`, {
        method: options.body ? 'POST' : 'GET',
        headers: {
          authorization,
          'x-iyzi-rnd': random,
          accept: 'application/json',
          ...(options.body ? { 'content-type': 'application/json' } : {}),
        },
        body: options.body ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new ProviderUnavailable(
        timedOut ? `iyzico ${what}: no answer in ${timeoutMs} ms` : `iyzico ${what}: unreachable`,
        { cause: error },
      );
    }
    if (response.status === 429) {
      await response.body?.cancel();
      throw new ProviderUnavailable(
        `iyzico ${what}: rate limited (retry after ${response.headers.get('retry-after') ?? '?'} s)`,
      );
    }
    if (response.status >= 500) {
      await response.body?.cancel();
      throw new ProviderUnavailable(`iyzico ${what}: answered ${response.status}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ProviderUnavailable(`iyzico ${what}: unreadable answer (${response.status})`, { cause: error });
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new ProviderUnavailable(`iyzico ${what}: unreadable answer (${response.status})`);
    const answer = body as Body;
    if (answer.status !== 'success' && answer.status !== 'failure')
      throw new ProviderUnavailable(`iyzico ${what}: answer without a status (${response.status})`);
    if (answer.status === 'failure' && UNKNOWN_OUTCOME_CODES.has(codeOf(answer) ?? ''))
      throw new ProviderUnavailable(`iyzico ${what}: ${codeOf(answer)} ${String(answer.errorMessage)}`);
    return answer;
  }

  /**
   * IYZWSv2 for a request without a body (the report is a GET): the signature covers the random
   * key and the path alone, as iyzico's Java and PHP clients sign it.
   */
  function bodilessAuthorization(path: string, random: string): string {
    const signature = createHmac('sha256', settings.secretKey)
      .update(random + path)
      .digest('hex');
    return `IYZWSv2 ${Buffer.from(`apiKey:${settings.apiKey}&randomKey:${random}&signature:${signature}`).toString('base64')}`;
  }

  /** Whether an answer carries iyzico's signature over these fields, made with our secret key. */
  function signedByIyzico(body: Body, fields: string[]): boolean {
    const prices = new Set(['paidPrice', 'price']);
    const expected = iyzipay.calculateHmacSHA256Signature(
      fields.map((field) => signedText(body[field], prices.has(field))),
      settings.secretKey,
    );
    const given = typeof body.signature === 'string' ? body.signature : '';
    return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
  }

  return {
    name: 'iyzico',

    async start(payment: PaymentStart): Promise<StartedPayment> {
      const total = payment.basket.reduce((sum, item) => sum + item.amountCents, 0);
      const { name, surname } = splitName(payment.buyer.fullName);
      const request = new CreateCheckoutFormInitializeRequest({
        locale: payment.locale,
        conversationId: payment.paymentId,
        price: price(total),
        paidPrice: price(payment.amountCents),
        currency: payment.currency,
        basketId: payment.paymentId,
        paymentGroup: 'PRODUCT',
        callbackUrl: payment.callbackUrl,
        enabledInstallments: [1],
        buyer: {
          id: payment.buyer.id,
          name,
          surname,
          identityNumber: NO_IDENTITY_NUMBER,
          email: payment.buyer.email,
          registrationAddress: DIGITAL_SERVICE_ADDRESS.address,
          city: DIGITAL_SERVICE_ADDRESS.city,
          country: DIGITAL_SERVICE_ADDRESS.country,
          ip: payment.buyer.ip,
        },
        billingAddress: { contactName: payment.buyer.fullName || payment.buyer.email, ...DIGITAL_SERVICE_ADDRESS },
        basketItems: payment.basket.map((item) => ({
          id: item.id,
          name: item.name,
          category1: 'eSIM',
          itemType: 'VIRTUAL',
          price: price(item.amountCents),
        })),
      }).toJson();
      const body = await send('initialize', PATHS.initialize, { body: request });
      const answeredAt = Date.now();
      if (body.status !== 'success' || typeof body.token !== 'string' || typeof body.paymentPageUrl !== 'string') {
        throw new ProviderUnavailable(`iyzico initialize refused: ${codeOf(body)} ${String(body.errorMessage)}`);
      }
      if (!signedByIyzico(body, ['conversationId', 'token']) || body.conversationId !== payment.paymentId)
        throw new ProviderUnavailable('iyzico initialize: an answer that is not signed for this payment');
      const seconds = Number(body.tokenExpireTime);
      // The token's time runs from iyzico's answer, which left before it arrived here: no page outlives this.
      const lifetime = Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TOKEN_SECONDS;
      return {
        token: body.token,
        pageUrl: body.paymentPageUrl,
        pageExpiresAt: new Date(answeredAt + lifetime * 1000),
      };
    },

    async retrieve(lookup: PaymentLookup): Promise<RetrievedPayment> {
      const request = new RetrieveCheckoutFormRequest({
        locale: lookup.locale,
        conversationId: lookup.paymentId,
        token: lookup.token,
      }).toJson();
      const body = await send('retrieve', PATHS.retrieve, { body: request });
      // No payment status: the buyer has not paid or been declined yet (or the form was abandoned).
      if (typeof body.paymentStatus !== 'string') return { status: 'pending' };
      const signed = signedByIyzico(body, [
        'paymentStatus',
        'paymentId',
        'currency',
        'basketId',
        'conversationId',
        'paidPrice',
        'price',
        'token',
      ]);
      if (!signed) throw new ProviderUnavailable('iyzico retrieve: the answer’s signature does not match');
      if (body.conversationId !== lookup.paymentId || body.basketId !== lookup.paymentId || body.token !== lookup.token)
        throw new ProviderUnavailable('iyzico retrieve: the answer names another payment');
      const providerPaymentId = body.paymentId === undefined || body.paymentId === null ? null : String(body.paymentId);

      if (body.paymentStatus === 'FAILURE') {
        return {
          status: 'failed',
          failureCode: declineCode(codeOf(body)),
          providerMessage: text(body.errorMessage),
          ...(providerPaymentId ? { providerPaymentId } : {}),
        };
      }
      if (body.paymentStatus !== 'SUCCESS' || body.status !== 'success') return { status: 'pending' };
      const paidCents = centsOf(body.paidPrice);
      if (!providerPaymentId || paidCents === null)
        throw new ProviderUnavailable('iyzico retrieve: a paid answer without its payment id or amount');
      const fraudStatus = Number(body.fraudStatus);
      if (fraudStatus === -1) {
        // iyzico's fraud check rejected the payment and gives the money back: nothing is credited.
        return {
          status: 'failed',
          failureCode: 'payment_fraud_rejected',
          providerMessage: text(body.errorMessage),
          providerPaymentId,
        };
      }
      const charged = { providerPaymentId, paidCents, currency: String(body.currency) };
      // Credited only once iyzico's fraud check approved it (1); anything else is charged and waiting.
      return fraudStatus === 1 ? { status: 'paid', ...charged } : { status: 'review', ...charged };
    },

    async refund(request: RefundRequest): Promise<{ providerRefundId: string }> {
      const body = await send('refund', PATHS.refund, {
        body: new CreateRefundV2Request({
          locale: request.locale,
          conversationId: request.refundId,
          paymentId: request.providerPaymentId,
          price: price(request.amountCents),
          currency: request.currency,
        }).toJson(),
      });
      if (body.status === 'failure') {
        throw new ProviderRefused(
          `iyzico refused the refund: ${codeOf(body)} ${String(body.errorMessage)}`,
          codeOf(body),
        );
      }
      // A success about another payment or refund says nothing about ours: whether it happened is unknown.
      if (String(body.paymentId) !== request.providerPaymentId || body.conversationId !== request.refundId)
        throw new ProviderUnavailable('iyzico refund: the answer names another refund');
      return { providerRefundId: refundReference(body.refundHostReference, null, request) };
    },

    async findRefund(request: RefundRequest): Promise<{ providerRefundId: string } | null> {
      const query = new RetrievePaymentRequest({
        locale: request.locale,
        conversationId: request.refundId,
        paymentId: request.providerPaymentId,
      }).toJson();
      const body = await send('refund lookup', PATHS.reportingDetails, {
        query: Object.fromEntries(
          Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        ),
      });
      if (body.status !== 'success' || !Array.isArray(body.payments))
        throw new ProviderUnavailable(`iyzico refund lookup: ${codeOf(body)} ${String(body.errorMessage)}`);
      const payment = (body.payments as Body[]).find((entry) => String(entry.paymentId) === request.providerPaymentId);
      // Not knowing the payment is not knowing its refunds: only a listed payment can say "none".
      if (!payment) throw new ProviderUnavailable('iyzico refund lookup: the report does not list the payment');
      const transactions = Array.isArray(payment.itemTransactions) ? (payment.itemTransactions as Body[]) : [];
      const refunds = [
        ...transactions.flatMap((transaction) =>
          Array.isArray(transaction.refunds) ? (transaction.refunds as Body[]) : [],
        ),
        ...(Array.isArray(payment.cancels) ? (payment.cancels as Body[]) : []),
      ];
      const ours = refunds.find(
        (refund) =>
          (refund.refundConversationId ?? refund.cancelConversationId) === request.refundId &&
          (refund.errorCode === undefined || refund.errorCode === null),
      );
      if (!ours) return null;
      return {
        providerRefundId: refundReference(ours.hostReference, ours.refundTxId ?? ours.refundId, request),
      };
    },
  };
}

/**
 * iyzico's refund answer carries no refund id of its own: its reference is the bank's host
 * reference of the refund, which the report lists with the refund as well.
 */
function refundReference(primary: unknown, fallback: unknown, request: RefundRequest): string {
  if (typeof primary === 'string' && primary) return primary;
  if ((typeof fallback === 'string' && fallback) || typeof fallback === 'number') return String(fallback);
  return `${request.providerPaymentId}/${request.refundId}`;
}
