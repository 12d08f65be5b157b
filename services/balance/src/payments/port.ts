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
  /** After this the provider's page takes no card: a payment still unpaid then was never charged. */
  pageExpiresAt: Date;
}

/** The payment a retrieve is about, as we started it: the adapter checks the provider's answer names it. */
export interface PaymentLookup {
  token: string;
  paymentId: string;
  locale: Locale;
}

export type RetrievedPayment =
  | { status: 'paid'; providerPaymentId: string; paidCents: number; currency: string }
  /** The card was charged but the provider's fraud check has not decided: nothing is credited yet. */
  | { status: 'review'; providerPaymentId: string; paidCents: number; currency: string }
  /** Nothing was charged (declined, cancelled, or rejected by the fraud check and given back). */
  | { status: 'failed'; failureCode: string; providerMessage: string | null; providerPaymentId?: string }
  /** The buyer has not finished on the provider's page (or has left it). */
  | { status: 'pending' };

export interface RefundRequest {
  /** The provider's id of the paid payment. */
  providerPaymentId: string;
  /** Our refund's id: the provider keeps it with the refund (iyzico's conversationId), so a lost answer can be looked up. */
  refundId: string;
  amountCents: number;
  currency: 'EUR';
  locale: Locale;
}

export interface PaymentProvider {
  readonly name: 'demo' | 'iyzico';
  start(payment: PaymentStart): Promise<StartedPayment>;
  retrieve(lookup: PaymentLookup): Promise<RetrievedPayment>;
  /**
   * Gives `amountCents` of a paid payment back to the card (part of it, or all). Resolves with the
   * provider's reference of the refund; throws ProviderRefused when the provider said no (nothing
   * was refunded) and ProviderUnavailable when the outcome is unknown (no answer, a 5xx).
   */
  refund(request: RefundRequest): Promise<{ providerRefundId: string }>;
  /**
   * After an unknown outcome: the refund the provider holds under our refund id, or null when it
   * holds none (then asking again cannot refund twice).
   */
  findRefund(request: RefundRequest): Promise<{ providerRefundId: string } | null>;
}

/** The provider could not be reached or its answer cannot be trusted: nothing is known, the caller may ask again. */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}

/** The provider answered no: nothing was done there, and asking again the same way gets the same answer. */
export class ProviderRefused extends Error {
  constructor(
    message: string,
    readonly providerCode: string | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ProviderRefused';
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
