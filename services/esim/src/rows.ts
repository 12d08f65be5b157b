import type { EsimProfile } from '@esim/contracts';

/**
 * The rows of esim's own tables as its modules pass them to each other, kept apart from the code
 * that reads and moves them so that orders, profiles and the context can all name them.
 */
export type OrderStep = 'placed' | 'provisioning' | 'completed' | 'voiding' | 'failed';

/** Who sells an order's eSIMs: the pool, or a wholesale supplier (provider/supplier.ts). */
export type SupplierName = 'pool' | 'airalo' | 'esimaccess';

export interface OrderRow {
  id: string;
  order_number: string;
  user_id: string;
  package_id: string | null;
  package_code: string;
  package_name_tr: string;
  package_name_en: string;
  package_type: string;
  countries: string[];
  data_mb: number | null;
  validity_days: number;
  quantity: number;
  unit_price_cents: number;
  total_cents: number;
  step: OrderStep;
  hold_id: string | null;
  failure_code: string | null;
  failure_params: Record<string, string | number>;
  locale: string;
  attempts: number;
  demo: boolean;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
  /** A top-up: the eSIM it adds a bundle to (top-ups/); null for a purchase of new eSIMs. */
  top_up_profile_id: string | null;
  /** The checkout card payment that paid what the balance lacked: claimed for this order before its hold. */
  card_payment_id: string | null;
  /** Who sells the eSIMs (the pool, or a wholesale supplier) and the supplier's id of the package. */
  supplier: SupplierName;
  /** null for the pool, whose package id is the package code. */
  supplier_package_id: string | null;
  /** A dealer's end customer the order is for ("send to customer" mails this address); null for none. */
  customer_name: string | null;
  customer_email: string | null;
  /** Bought with a sandbox API key: zero cost, demo profiles, no hold, no ledger entry, no event. */
  sandbox?: boolean;
  /** Whether the buyer accepted documents at checkout (so the order gets a receipt), where the reader asked; unknown otherwise. */
  with_documents?: boolean;
  /** Whether the reservation wrote its supplier order (provider/port.ts `ProvisionRequest.opened`), where the reserve asked; unknown otherwise. */
  supplier_order_opened?: boolean;
}

/** The numeric columns come back from PostgreSQL as strings: they are numbers here. */
export function normalizeOrder(row: Record<string, unknown>): OrderRow {
  return {
    ...(row as unknown as OrderRow),
    unit_price_cents: Number(row.unit_price_cents),
    total_cents: Number(row.total_cents),
  };
}

export interface ProfileRow {
  id: string;
  iccid: string;
  smdp_address: string;
  matching_id: string;
  confirmation_code_required: boolean;
  package_code: string;
  operator: string;
  pool_status: 'available' | 'assigned';
  order_id: string | null;
  user_id: string | null;
  status: EsimProfile['status'] | null;
  data_total_bytes: string | number | null;
  data_used_bytes: string | number;
  activated_at: Date | null;
  /** When its supplier said it went onto a phone (null for the pool, which cannot tell). */
  installed_at?: Date | null;
  /** When its usage figures were last measured (the latest report's or its supplier's time). */
  usage_updated_at?: Date | null;
  /** Who sold it (the pool, or a supplier) and the supplier's own id of it. */
  supplier?: SupplierName;
  supplier_ref?: string | null;
  expires_at: Date | null;
  refunded_at: Date | null;
  created_at: Date;
}

/**
 * The distance-sale documents a buyer accepted at checkout, filled in by us from the order and kept
 * with it (`order_agreements`), and the receipt of such an order once it completes: esim publishes
 * esim.order.receipt, which the auth service mails as a PDF.
 */
export interface AgreementRow {
  order_id: string;
  version: string;
  text: string;
  card_payment_id: string | null;
  card_payment_reference: string | null;
  paid_by_card_cents: string | number;
  accepted_at: Date;
}
