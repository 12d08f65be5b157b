import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Locale } from '@esim/contracts';
import {
  ProviderUnavailable,
  type PaymentProvider,
  type PaymentStart,
  type RetrievedPayment,
  type StartedPayment,
} from './port';

/**
 * The demo provider: it plays iyzico's part (a hosted card page with a 3-D Secure step, a token
 * posted back to the callback, retrieve and refund) so card payments work on a fresh `npm start`
 * with no account anywhere. Its sessions are its own books, kept apart from our payments.
 * iyzico's published sandbox cards behave here as they do in iyzico's sandbox.
 */
export type CardOutcome = 'approve' | 'insufficient_funds' | 'do_not_honour';

export const TEST_CARDS: ReadonlyArray<{ number: string; outcome: CardOutcome }> = [
  { number: '5528790000000008', outcome: 'approve' },
  { number: '4111111111111129', outcome: 'insufficient_funds' },
  { number: '4129111111111111', outcome: 'do_not_honour' },
];

/** The message code each decline shows the buyer (the same ones iyzico's codes map to). */
const DECLINE_CODES: Record<Exclude<CardOutcome, 'approve'>, string> = {
  insufficient_funds: 'card_declined_insufficient_funds',
  do_not_honour: 'card_declined_do_not_honour',
};

export interface DemoSession {
  token: string;
  amount: number;
  currency: string;
  locale: Locale;
  description: string;
  callback_url: string;
  status: 'open' | 'verifying' | 'paid' | 'failed' | 'refunded';
  card_last4: string | null;
  card_outcome: CardOutcome | null;
  failure_code: string | null;
  payment_id: string | null;
  created_at: Date;
}

/** Where the demo's hosted page lives, under the gateway's /api. */
export const demoPagePath = (token: string) => `/api/payments/demo/${encodeURIComponent(token)}`;

export function demoProvider(db: Knex, options: { publicBaseUrl: string }): PaymentProvider {
  return {
    name: 'demo',

    async start(payment: PaymentStart): Promise<StartedPayment> {
      const token = randomBytes(24).toString('base64url');
      await db('demo_card_sessions').insert({
        token,
        amount: payment.amountCents,
        currency: payment.currency,
        locale: payment.locale,
        description: payment.basket.map((item) => item.name).join(', '),
        callback_url: payment.callbackUrl,
      });
      return { token, pageUrl: new URL(demoPagePath(token), options.publicBaseUrl).toString() };
    },

    async retrieve(token: string): Promise<RetrievedPayment> {
      const session = await demoSession(db, token);
      if (session?.status === 'paid' || session?.status === 'refunded') {
        return {
          status: 'paid',
          providerPaymentId: session.payment_id!,
          paidCents: Number(session.amount),
          currency: session.currency,
        };
      }
      if (session?.status === 'failed')
        return { status: 'failed', failureCode: session.failure_code!, providerMessage: null };
      return { status: 'pending' };
    },

    async refund(providerPaymentId: string, amountCents: number): Promise<void> {
      const updated = await db('demo_card_sessions')
        .where({ payment_id: providerPaymentId, amount: amountCents })
        .whereIn('status', ['paid', 'refunded'])
        .update({ status: 'refunded' });
      if (updated === 0)
        throw new ProviderUnavailable(`demo provider: no paid payment ${providerPaymentId} of ${amountCents}`);
    },
  };
}

export async function demoSession(db: Knex, token: string): Promise<DemoSession | undefined> {
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

/** The card step passed: the session waits for the buyer's 3-D Secure answer. */
export async function enterCard(
  db: Knex,
  token: string,
  card: { outcome: CardOutcome; last4: string },
): Promise<boolean> {
  const updated = await db('demo_card_sessions')
    .where({ token })
    .whereIn('status', ['open', 'verifying'])
    .update({ status: 'verifying', card_outcome: card.outcome, card_last4: card.last4 });
  return updated > 0;
}

/** The 3-D Secure answer: the bank's decision for the card entered, or a cancelled payment. */
export async function finishVerification(
  db: Knex,
  token: string,
  confirmed: boolean,
): Promise<DemoSession | undefined> {
  return db.transaction(async (trx) => {
    const session = (await trx('demo_card_sessions').where({ token }).forUpdate().first()) as DemoSession | undefined;
    if (!session || (session.status !== 'verifying' && session.status !== 'open')) return session;
    const outcome = confirmed && session.status === 'verifying' ? session.card_outcome : null;
    const values =
      outcome === 'approve'
        ? { status: 'paid', payment_id: `demo-${randomBytes(6).toString('hex')}` }
        : { status: 'failed', failure_code: outcome ? DECLINE_CODES[outcome] : 'payment_3ds_cancelled' };
    const [updated] = (await trx('demo_card_sessions').where({ token }).update(values).returning('*')) as DemoSession[];
    return updated;
  });
}
