import type { Locale } from '@esim/contracts';

/**
 * The rows of card payments and of their refunds to the card, as the balance service keeps them
 * (migrations/*_card_payments.ts, *_card_refunds.ts); the modules beside this one work on them.
 */
export type PaymentStatus = 'pending' | 'review' | 'paid' | 'failed' | 'expired';
export type PaymentPurpose = 'deposit' | 'order';

export interface PaymentRow {
  id: string;
  deposit_id: string;
  user_id: string;
  provider: string;
  purpose: PaymentPurpose;
  amount: number | string;
  currency: 'EUR';
  locale: Locale;
  status: PaymentStatus;
  token: string | null;
  page_url: string | null;
  page_expires_at: Date | null;
  return_path: string;
  provider_payment_id: string | null;
  paid_cents: number | string | null;
  paid_currency: string | null;
  failure_code: string | null;
  provider_message: string | null;
  order_id: string | null;
  order_cents: number | string | null;
  claimed_at: Date | null;
  next_check_at: Date | null;
  checks: number;
  checked_at: Date | null;
  decided_at: Date | null;
  agreement_version: string | null;
  agreement_accepted_at: Date | null;
  created_at: Date;
}

export type CardRefundKind = 'order' | 'unspent' | 'unbooked';
export type CardRefundStatus = 'pending' | 'succeeded' | 'failed' | 'returned';

export interface CardRefundRow {
  id: string;
  payment_id: string;
  provider: string;
  kind: CardRefundKind;
  amount: number | string;
  refund_key: string;
  order_id: string | null;
  transfer_id: number | null;
  status: CardRefundStatus;
  outcome_unknown: boolean;
  provider_refund_id: string | null;
  failure_code: string | null;
  provider_message: string | null;
  attempts: number;
  next_attempt_at: Date;
  requested_by: string;
  created_at: Date;
  decided_at: Date | null;
}

/** A payment's refunds and what of it the owner may still ask back to the card (card-refunds.ts works them out). */
export interface PaymentRefunds {
  refunds: CardRefundRow[];
  refundableCents: number;
}
