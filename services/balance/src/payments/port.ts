import type { Locale } from '@esim/contracts';

/**
 * What the balance service needs from a card-payment provider with a hosted payment page (iyzico's
 * Checkout Form, or the demo provider that plays it). The provider's answer about a payment is only
 * ever learnt through `retrieve`, with our credentials: a callback only says "ask again".
 */
export interface PaymentBuyer {
  id: string;
  email: string;
  fullName: string;
  ip: string;
}

export interface PaymentBasketItem {
  id: string;
  name: string;
  amountCents: number;
}

export interface PaymentStart {
  /** Our payment id: the provider echoes it back (iyzico's conversationId and basketId). */
  paymentId: string;
  amountCents: number;
  currency: 'EUR';
  buyer: PaymentBuyer;
  basket: PaymentBasketItem[];
  /** Where the provider's page sends the buyer's browser, with the token, once the card step is over. */
  callbackUrl: string;
  locale: Locale;
}

export interface StartedPayment {
  token: string;
  pageUrl: string;
}

export type RetrievedPayment =
  | { status: 'paid'; providerPaymentId: string; paidCents: number; currency: string }
  | { status: 'failed'; failureCode: string; providerMessage: string | null }
  /** The buyer has not finished on the provider's page (or has left it). */
  | { status: 'pending' };

export interface PaymentProvider {
  readonly name: 'demo' | 'iyzico';
  start(payment: PaymentStart): Promise<StartedPayment>;
  retrieve(token: string, locale: Locale): Promise<RetrievedPayment>;
  /** Gives `amountCents` of a paid payment back to the card; throws when the provider refuses. */
  refund(providerPaymentId: string, amountCents: number, locale: Locale): Promise<void>;
}

/** The provider refused or could not be reached: nothing is decided, the caller may try again. */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}

/**
 * Decline reasons we can name in the buyer's language (message codes), from the card networks'
 * response codes iyzico passes on; anything else is a plain decline.
 */
const DECLINES: Record<string, string> = {
  '10051': 'card_declined_insufficient_funds',
  '10005': 'card_declined_do_not_honour',
  '10054': 'card_declined_expired',
  '10084': 'card_declined_invalid_cvc',
};

export const declineCode = (providerCode: string | null | undefined): string =>
  (providerCode && DECLINES[providerCode]) || 'card_declined';
