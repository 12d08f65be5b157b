import type { Knex } from 'knex';
import type { SupplierDelivery } from '../profiles/deliveries';
import type { SupplierName } from '../rows';

export type { SupplierName };

/**
 * Why a supplier did not sell: the buyer is charged nothing and told plainly; the admin is alerted for
 * the supplier's own reasons (its balance, maintenance).
 */
export type SupplierRefusal =
  | 'esim_out_of_stock'
  | 'esim_provider_failed'
  | 'supplier_balance_low'
  | 'supplier_maintenance'
  | 'supplier_package_unavailable'
  | 'supplier_esim_recycled'
  | 'supplier_top_up_unavailable';

/**
 * The provider port (docs/decisions/0012-purchase-path.md): what the saga and the lifecycle need from
 * whoever supplies eSIM profiles. The default is the profile pool (pool-provider.ts); partner-API
 * adapters (Airalo Partner API v2, eSIM Access) implement the same calls: `provision` calls the
 * partner's order endpoint with the order id as its idempotency key and stores what comes back as
 * profiles rows, `usage` its usage endpoint, `setStatus` its suspend/resume/revoke endpoints, `topUp`
 * its top-up endpoint (Airalo's top-up order for an ICCID) keyed by the top-up's order id.
 */
export interface ProvisionRequest {
  orderId: string;
  /** Who sells this order's eSIMs (provider/router.ts sends each request to its supplier). */
  supplier: SupplierName;
  userId: string;
  packageCode: string;
  /** The supplier's id of the package (the pool's is the package code). */
  supplierPackageId: string;
  quantity: number;
  dataTotalBytes: number | null;
  validityDays: number;
  /**
   * For a supplier that opens its orders with the reservation (`opensWithReservation`): true when the
   * statement that reserved this order also wrote its supplier order, claimed for a first attempt, so
   * the adapter sends it at once with no write of its own; false when that row was there already (a
   * second driver, a recovery). Absent: nobody opened it, the adapter does.
   */
  opened?: boolean;
  /**
   * The caller writes a delivery answered now together with the order's completion (the
   * provisioning's record step): the adapter may hand the eSIMs back unstored (`unstored` in the
   * result) instead of writing them first. If that write never happens (a crash), the order is still
   * in provisioning and its supplier order not delivered, so the next drive asks the supplier again.
   */
  recordsDelivery?: boolean;
}

/**
 * The eSIMs are stored (their ICCIDs; or handed back `unstored` when the request said
 * `recordsDelivery`), the supplier allocates them later (asked again until it has, or told by its
 * webhook), or the supplier sold nothing: the reason, which the buyer is told.
 */
export type ProvisionResult =
  | { ok: true; iccids: string[]; unstored?: SupplierDelivery }
  | { ok: 'pending' }
  | { ok: false; reason: SupplierRefusal };

/** A bundle to add to an eSIM already sold: the top-up order, the profile and what the package gives. */
export interface TopUpRequest {
  orderId: string;
  supplier: SupplierName;
  profileId: string;
  iccid: string;
  packageCode: string;
  /** The supplier's id of the top-up package. */
  supplierPackageId: string;
  /** null: unlimited data. */
  dataBytes: number | null;
  validityDays: number;
}

/** The eSIM may have ended or been suspended since the top-up was offered: then it takes nothing. */
export type TopUpResult =
  { ok: true } | { ok: false; reason: 'esim_top_up_not_allowed' | 'esim_provider_failed' | SupplierRefusal };

export interface ProfileUsage {
  usedBytes: number;
  totalBytes: number | null;
}

export type ProviderStatus = 'active' | 'suspended' | 'revoked';

export interface EsimProvider {
  readonly name: string;
  /**
   * Suppliers whose purchases get their `supplier_orders` row (claimed for the first attempt: one
   * attempt, in flight) in the statement that reserves the order, instead of a write of the adapter's
   * own just before its call: one statement and one commit less on the way to a supplier that has no
   * idempotency key of its own (Airalo), where the row is what says an order may already be on its way.
   */
  readonly opensWithReservation?: readonly SupplierName[];
  /**
   * Gives each order its `quantity` profiles, one result per request in order; called with no row of
   * ours locked (the orders are reserved before and recorded after), so an adapter may take its
   * partner's time. Idempotent by order id, because after a crash the recovery loop calls it again:
   * an order that has its profiles gets the same ones back.
   */
  provision(db: Knex, requests: ProvisionRequest[]): Promise<ProvisionResult[]>;
  /** Adds each request's bundle to its eSIM, one result per request in order; as `provision`, outside our transactions and idempotent by order id. */
  topUp(db: Knex, requests: TopUpRequest[]): Promise<TopUpResult[]>;
  usage(db: Knex, iccid: string): Promise<ProfileUsage | undefined>;
  setStatus(db: Knex | Knex.Transaction, iccid: string, status: ProviderStatus): Promise<void>;
  /**
   * Ends a refunded eSIM for good at its source, so it carries no more data (a partner cancels a
   * never-installed profile or revokes it). Called outside our transactions and asked again until
   * it resolves, so it must be idempotent; throws while the source cannot be told.
   */
  revoke(db: Knex, profile: { id: string; iccid: string; orderId: string }): Promise<void>;
}
