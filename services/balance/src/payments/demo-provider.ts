import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Locale } from '@esim/contracts';
import {
  ProviderRefused,
  ProviderUnavailable,
  type PaymentLookup,
  type PaymentProvider,
  type PaymentStart,
  type RefundRequest,
  type RetrievedPayment,
  type StartedPayment,
} from './port';

/**
 * The demo provider: it plays iyzico's part (a hosted card page with a 3-D Secure step, a token
 * posted back to the callback, retrieve, partial refunds and their lookup) so card payments work on
 * a fresh `npm start` with no account anywhere. Its sessions and refunds are its own books, kept
 * apart from our payments. iyzico's published sandbox cards behave here as they do in iyzico's
 * sandbox; two cards of the demo's own play iyzico's fraud review, decided a minute after the charge.
 */
export type CardOutcome = 'approve' | 'insufficient_funds' | 'do_not_honour' | 'review_approve' | 'review_reject';

export const TEST_CARDS: ReadonlyArray<{ number: string; outcome: CardOutcome }> = [
  { number: '5528790000000008', outcome: 'approve' },
  { number: '4111111111111129', outcome: 'insufficient_funds' },
  { number: '4129111111111111', outcome: 'do_not_honour' },
  // Not iyzico's (it publishes no fraud-review card): the fake iyzico takes the same two.
  { number: '4090000000000011', outcome: 'review_approve' },
  { number: '4090000000000029', outcome: 'review_reject' },
];

/** The message code each decline shows the buyer (the same ones iyzico's codes map to). */
const DECLINE_CODES: Record<'insufficient_funds' | 'do_not_honour', string> = {
  insufficient_funds: 'card_declined_insufficient_funds',
  do_not_honour: 'card_declined_do_not_honour',
};

/** iyzico's default Checkout Form token lifetime: a demo page takes no card after it either. */
export const DEMO_PAGE_SECONDS = 1800;
/** How long after the charge the demo's fraud review decides. */
export const DEMO_REVIEW_SECONDS = 60;

export interface DemoSession {
  token: string;
  amount: number;
  currency: string;
  locale: Locale;
  description: string;
  callback_url: string;
  status: 'open' | 'verifying' | 'review' | 'paid' | 'failed' | 'expired' | 'refunded';
  card_last4: string | null;
  card_outcome: CardOutcome | null;
  failure_code: string | null;
  payment_id: string | null;
  /** Our payment id (null on sessions older than it). */
  conversation_id: string | null;
  expires_at: Date;
  charged_at: Date | null;
  review_decision: 'approve' | 'reject' | null;
  created_at: Date;
}

export interface DemoProviderOptions {
  publicBaseUrl: string;
  /** How long a page takes a card (default: iyzico's 1800 seconds). */
  pageSeconds?: number;
  /** How long after the charge a review card's payment is decided (default 60 seconds). */
  reviewSeconds?: number;
}

/** Where the demo's hosted page lives, under the gateway's /api. */
export const demoPagePath = (token: string) => `/api/payments/demo/${encodeURIComponent(token)}`;

const refusal = (message: string, code: string) => new ProviderRefused(`demo provider: ${message}`, code);

export function demoProvider(db: Knex, options: DemoProviderOptions): PaymentProvider {
  const pageSeconds = options.pageSeconds ?? DEMO_PAGE_SECONDS;
  const reviewSeconds = options.reviewSeconds ?? DEMO_REVIEW_SECONDS;

  /** The fraud review of a charged review-card session decides once its time has come. */
  const decideDueReview = (token: string) =>
    db('demo_card_sessions')
      .where({ token, status: 'review' })
      .whereRaw('charged_at <= now() - make_interval(secs => ?)', [reviewSeconds])
      .update({
        status: db.raw("CASE review_decision WHEN 'approve' THEN 'paid' ELSE 'failed' END"),
        failure_code: db.raw("CASE review_decision WHEN 'approve' THEN NULL ELSE 'payment_fraud_rejected' END"),
      });

  return {
    name: 'demo',

    async start(payment: PaymentStart): Promise<StartedPayment> {
      const token = randomBytes(24).toString('base64url');
      const [session] = (await db('demo_card_sessions')
        .insert({
          token,
          amount: payment.amountCents,
          currency: payment.currency,
          locale: payment.locale,
          description: payment.basket.map((item) => item.name).join(', '),
          callback_url: payment.callbackUrl,
          conversation_id: payment.paymentId,
          expires_at: db.raw('now() + make_interval(secs => ?)', [pageSeconds]),
        })
        .returning(['expires_at'])) as Array<{ expires_at: Date }>;
      return {
        token,
        pageUrl: new URL(demoPagePath(token), options.publicBaseUrl).toString(),
        pageExpiresAt: new Date(session!.expires_at),
      };
    },

    async retrieve(lookup: PaymentLookup): Promise<RetrievedPayment> {
      await decideDueReview(lookup.token);
      const session = await demoSession(db, lookup.token);
      if (!session) return { status: 'pending' };
      if (session.conversation_id !== null && session.conversation_id !== lookup.paymentId)
        throw new ProviderUnavailable('demo provider: the session belongs to another payment');
      const charged = {
        providerPaymentId: session.payment_id!,
        paidCents: Number(session.amount),
        currency: session.currency,
      };
      switch (session.status) {
        case 'paid':
        case 'refunded':
          return { status: 'paid', ...charged };
        case 'review':
          return { status: 'review', ...charged };
        case 'failed':
          return {
            status: 'failed',
            failureCode: session.failure_code!,
            providerMessage: null,
            ...(session.payment_id ? { providerPaymentId: session.payment_id } : {}),
          };
        default:
          return { status: 'pending' };
      }
    },

    async refund(request: RefundRequest): Promise<{ providerRefundId: string }> {
      return db.transaction(async (trx) => {
        const session = (await trx('demo_card_sessions')
          .where({ payment_id: request.providerPaymentId })
          .forUpdate()
          .first()) as DemoSession | undefined;
        if (!session || (session.status !== 'paid' && session.status !== 'refunded'))
          throw refusal(`no paid payment ${request.providerPaymentId}`, 'payment_not_refundable');
        if (request.currency !== session.currency)
          throw refusal(`payment ${request.providerPaymentId} is in ${session.currency}`, 'currency_mismatch');
        const earlier = (await trx('demo_card_refunds').where({ refund_id: request.refundId }).first()) as
          { payment_id: string; amount: number; provider_refund_id: string } | undefined;
        if (earlier) {
          // The same refund asked again is answered as it was: the demo's books key refunds by our refund id.
          if (earlier.payment_id === request.providerPaymentId && Number(earlier.amount) === request.amountCents)
            return { providerRefundId: earlier.provider_refund_id };
          throw refusal(`refund ${request.refundId} was another refund`, 'refund_id_reused');
        }
        const [sum] = (await trx('demo_card_refunds')
          .where({ payment_id: request.providerPaymentId })
          .sum({ refunded: 'amount' })) as Array<{ refunded: string | null }>;
        const left = Number(session.amount) - Number(sum?.refunded ?? 0);
        if (request.amountCents > left)
          throw refusal(`${request.amountCents} asked, ${left} left to refund`, 'refund_exceeds_remaining');
        const providerRefundId = `demo-refund-${randomBytes(6).toString('hex')}`;
        await trx('demo_card_refunds').insert({
          refund_id: request.refundId,
          payment_id: request.providerPaymentId,
          amount: request.amountCents,
          provider_refund_id: providerRefundId,
        });
        if (request.amountCents === left)
          await trx('demo_card_sessions').where({ token: session.token }).update({ status: 'refunded' });
        return { providerRefundId };
      });
    },

    async findRefund(request: RefundRequest): Promise<{ providerRefundId: string } | null> {
      const refund = (await db('demo_card_refunds')
        .where({ refund_id: request.refundId, payment_id: request.providerPaymentId })
        .first()) as { provider_refund_id: string } | undefined;
      return refund ? { providerRefundId: refund.provider_refund_id } : null;
    },
  };
}

/** A session as its page shows it; one whose page ran out before a card was taken is expired first. */
export async function demoSession(db: Knex, token: string): Promise<DemoSession | undefined> {
  await db('demo_card_sessions')
    .where({ token })
    .whereIn('status', ['open', 'verifying'])
    .where('expires_at', '<=', db.fn.now())
    .update({ status: 'expired' });
  return (await db('demo_card_sessions').where({ token }).first()) as DemoSession | undefined;
}

export interface CardEntry {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

/** A field of the card form and what is wrong with it (a key of the page's texts). */
export type CardProblem = { field: keyof CardEntry; problem: string };

const luhnValid = (digits: string) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
};

/** Checks the card form as a card page would; `now` decides which expiry dates are past. */
export function checkCard(
  entry: CardEntry,
  now: Date,
): { problems: CardProblem[]; outcome?: CardOutcome; last4?: string } {
  const problems: CardProblem[] = [];
  if (entry.name.trim().length < 2) problems.push({ field: 'name', problem: 'card_name_required' });
  const digits = entry.number.replace(/[\s-]/g, '');
  const card = TEST_CARDS.find((test) => test.number === digits);
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    problems.push({ field: 'number', problem: 'card_number_invalid' });
  else if (!card) problems.push({ field: 'number', problem: 'card_not_test_card' });
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(entry.expiry);
  const month = expiry ? Number(expiry[1]) : 0;
  if (!expiry || month < 1 || month > 12) problems.push({ field: 'expiry', problem: 'card_expiry_invalid' });
  else {
    const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    // A card is valid to the end of its expiry month.
    if (Date.UTC(year, month, 1) <= now.getTime()) problems.push({ field: 'expiry', problem: 'card_expired' });
  }
  if (!/^\d{3,4}$/.test(entry.cvc.trim())) problems.push({ field: 'cvc', problem: 'card_cvc_invalid' });
  return problems.length > 0 || !card ? { problems } : { problems, outcome: card.outcome, last4: digits.slice(-4) };
}

/** The card step passed: the session waits for the buyer's 3-D Secure answer (while its page still takes a card). */
export async function enterCard(
  db: Knex,
  token: string,
  card: { outcome: CardOutcome; last4: string },
): Promise<boolean> {
  const updated = await db('demo_card_sessions')
    .where({ token })
    .whereIn('status', ['open', 'verifying'])
    .where('expires_at', '>', db.fn.now())
    .update({ status: 'verifying', card_outcome: card.outcome, card_last4: card.last4 });
  return updated > 0;
}

/**
 * The 3-D Secure answer: the bank's decision for the card entered (a review card is charged and
 * waits for the fraud review), or a cancelled payment. A page that ran out meanwhile takes nothing.
 */
export async function finishVerification(
  db: Knex,
  token: string,
  confirmed: boolean,
): Promise<DemoSession | undefined> {
  return db.transaction(async (trx) => {
    await trx('demo_card_sessions')
      .where({ token })
      .whereIn('status', ['open', 'verifying'])
      .where('expires_at', '<=', trx.fn.now())
      .update({ status: 'expired' });
    const session = (await trx('demo_card_sessions').where({ token }).forUpdate().first()) as DemoSession | undefined;
    if (!session || (session.status !== 'verifying' && session.status !== 'open')) return session;
    const outcome = confirmed && session.status === 'verifying' ? session.card_outcome : null;
    const charge = () => ({ payment_id: `demo-${randomBytes(6).toString('hex')}`, charged_at: trx.fn.now() });
    const values =
      outcome === 'approve'
        ? { status: 'paid', ...charge() }
        : outcome === 'review_approve' || outcome === 'review_reject'
          ? { status: 'review', review_decision: outcome === 'review_approve' ? 'approve' : 'reject', ...charge() }
          : { status: 'failed', failure_code: outcome ? DECLINE_CODES[outcome] : 'payment_3ds_cancelled' };
    const [updated] = (await trx('demo_card_sessions').where({ token }).update(values).returning('*')) as DemoSession[];
    return updated;
  });
}
