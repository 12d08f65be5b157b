import type { Knex } from 'knex';
import type { EsimProvider, SupplierName } from './port';

export type { SupplierName, SupplierRefusal } from './port';

/**
 * A wholesale eSIM supplier behind the provider port (Airalo Partner API v2, eSIM Access): the saga's
 * calls (`provision`, `topUp`, `usage`, `setStatus`, `revoke` in port.ts) plus what the catalogue sync,
 * the admin home and the webhooks need. Every supplier call is made outside our transactions and
 * with no row of ours locked; an adapter keeps what it needs to stay idempotent in `supplier_orders`
 * (keyed by our order id) and writes the profiles it received itself, in a short transaction of its
 * own, as the pool does (port.ts), unless the caller records them (`ProvisionRequest.recordsDelivery`).
 *
 * How each call maps:
 * - `provision`: buys the order's eSIMs (our order id as the supplier's idempotency key, or in its
 *   description where it has none, looked up before any second order). Answers `{ ok: true, iccids }`
 *   once the profiles are stored, `{ ok: 'pending' }` while the supplier allocates them later (asked
 *   again by the recovery loop, and told by the supplier's webhook), or a refusal: nothing was bought.
 * - `topUp`: buys the supplier's top-up for that eSIM (only one the supplier offers for it), keyed by
 *   the top-up's order id, then adds the bundle to our row (top-ups/bundles.ts).
 * - `usage`: the supplier's figures for one eSIM, cached by the adapter within the supplier's limits.
 * - `revoke`: ends a refunded eSIM at the supplier: cancel a never-installed one (money back to our
 *   supplier balance), else revoke it; a supplier without such a call (Airalo) files its refund request.
 * - `setStatus`: suspend or resume where the supplier can; `SupplierUnsupported` where it cannot.
 */
/** A package a supplier sells, as the catalogue sync reads it. */
export interface SupplierOffer {
  /** The supplier's own id of the package (Airalo's package id, eSIM Access's packageCode). */
  supplierPackageId: string;
  /** Its name at the supplier (English), for the admin to recognise it. */
  name: string;
  /** ISO 3166 alpha-2 codes of the countries it covers. */
  countries: string[];
  /** null: unlimited data. */
  dataMb: number | null;
  validityDays: number;
  /** What we pay the supplier for one, in euro cents (converted at the configured rate when the supplier sells in another currency). */
  netCostCents: number;
  /** The supplier's own price and currency, as it quoted them (for the admin to check a conversion). */
  supplierPrice: { amount: number; currency: string };
  /** A top-up for an eSIM already sold (eSIM Access TOPUP packages, Airalo `type: topup`), not a new eSIM. */
  topUp: boolean;
}

/** What an eSIM's supplier says of it now. */
export interface SupplierEsimStatus {
  /** installed: the profile is on a phone (downloaded or enabled), so it is no longer refundable as new. */
  state: 'new' | 'installed' | 'in_use' | 'depleted' | 'expired' | 'cancelled' | 'revoked' | 'unknown';
  usedBytes: number | null;
  totalBytes: number | null;
  expiresAt: Date | null;
  /** When the supplier last updated these figures (its usage lags). */
  updatedAt: Date | null;
}

/** A supplier's webhook, as the adapter understood it (after checking its signature or re-reading it from the API). */
export type SupplierNotice =
  /** An order the supplier allocated (or failed) later: the saga drives it on. */
  | { kind: 'order'; orderId: string }
  /** New figures or a new state of one eSIM. */
  | { kind: 'esim'; iccid: string; supplierRef: string | null; status: SupplierEsimStatus }
  /** The supplier's own balance or credit went down to a warning level. */
  | { kind: 'balance'; message: string; remainingCents: number | null }
  /** Understood and nothing to do (a health check, a duplicate already handled). */
  | { kind: 'ignored'; reason: string };

export interface SupplierWebhook {
  headers: Record<string, string | string[] | undefined>;
  rawBody: Buffer;
  /** The caller's address, for a supplier that publishes the addresses it sends from. */
  ip: string;
}

export interface Supplier extends EsimProvider {
  readonly name: SupplierName;
  /** The most eSIMs one order of ours may buy from it (one supplier order each): a larger one is refused before its hold. */
  readonly maxPerOrder: number;
  /** Every package the supplier sells now, with its net cost. */
  offers(): Promise<SupplierOffer[]>;
  /** The top-ups the supplier offers for this very eSIM now (none: it takes no top-up). */
  topUpOffers(db: Knex, profile: { id: string; iccid: string }): Promise<SupplierOffer[]>;
  /** Our balance or credit left at the supplier, in euro cents; null when the supplier publishes none. */
  balance(): Promise<number | null>;
  /** One eSIM's state and figures at the supplier (cached by the adapter). */
  esimStatus(db: Knex, profile: { id: string; iccid: string }): Promise<SupplierEsimStatus>;
  /**
   * A webhook call: checked (signature, or re-read from the supplier's API when it is unsigned),
   * deduplicated, and turned into what happened. Throws SupplierWebhookRefused for a call that is
   * not the supplier's (the route answers 401 and writes nothing).
   */
  webhook(db: Knex, call: SupplierWebhook): Promise<SupplierNotice[]>;
  /** Tells the supplier where to send its webhooks (asked at start; a supplier checks the address first). */
  registerWebhook(url: string): Promise<void>;
}

/** The supplier has no such call (Airalo cannot suspend, resume or revoke an eSIM). */
export class SupplierUnsupported extends Error {
  constructor(
    readonly supplier: SupplierName,
    readonly call: string,
  ) {
    super(`${supplier} has no ${call} call`);
    this.name = 'SupplierUnsupported';
  }
}

/** A webhook call that is not the supplier's: a bad signature, an address not on its list. */
export class SupplierWebhookRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SupplierWebhookRefused';
  }
}
