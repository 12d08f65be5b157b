/**
 * Port for paying a top-up by card. No adapter exists yet: a card top-up is refused with
 * `payment_method_unavailable` until one is plugged in (buildApp's `cardPayments` option).
 * An adapter (a payment provider's hosted page) starts a payment for a pending top-up and,
 * on the provider's signed webhook, tells the service whether it succeeded; the top-up is then
 * confirmed through the same path as an admin's confirmation of a bank transfer.
 */
export interface CardPaymentStart {
  topUpId: string;
  userId: string;
  amountCents: number;
  currency: 'EUR';
  /** Where the provider sends the customer back to. */
  returnUrl: string;
}

export interface CardPaymentOutcome {
  /** The top-up the payment was started for. */
  topUpId: string;
  providerReference: string;
  status: 'succeeded' | 'failed';
  amountCents: number;
}

export interface CardPaymentProvider {
  readonly name: string;
  /** Creates the payment at the provider; the customer is sent to `redirectUrl` to pay. */
  start(payment: CardPaymentStart): Promise<{ redirectUrl: string; providerReference: string }>;
  /** Checks a webhook's signature over the raw body and reads the outcome; throws when the signature is wrong. */
  verifyWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): Promise<CardPaymentOutcome>;
}
