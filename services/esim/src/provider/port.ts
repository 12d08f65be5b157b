import type { Knex } from 'knex';

/**
 * The provider port (docs/architecture.md, eSIM purchases): what the saga and the lifecycle need from whoever supplies
 * eSIM profiles. The default is the profile pool (pool-provider.ts); partner-API adapters (Airalo
 * Partner API v2, eSIM Access) implement the same calls: `provision` would call the partner's
 * order endpoint (for each order of the batch) with the order id as its idempotency key and store what comes back, `usage` its
 * usage endpoint, `setStatus` its suspend/resume/revoke endpoints, `topUp` its top-up endpoint
 * (Airalo's top-up order for an ICCID) with the top-up's order id as its idempotency key.
 */
export interface ProvisionRequest {
  orderId: string;
  userId: string;
  packageCode: string;
  quantity: number;
  dataTotalBytes: number | null;
}

export type ProvisionResult = { ok: true; iccids: string[] } | { ok: false; reason: 'esim_out_of_stock' | 'esim_provider_failed' };

/** A bundle to add to an eSIM already sold: the top-up order, the profile and what the package gives. */
export interface TopUpRequest {
  orderId: string;
  profileId: string;
  packageCode: string;
  /** null: unlimited data. */
  dataBytes: number | null;
  validityDays: number;
}

/** The eSIM may have ended or been suspended since the top-up was offered: then it takes nothing. */
export type TopUpResult = { ok: true } | { ok: false; reason: 'esim_top_up_not_allowed' | 'esim_provider_failed' };

export interface ProfileUsage {
  usedBytes: number;
  totalBytes: number | null;
}

export type ProviderStatus = 'active' | 'suspended' | 'revoked';

export interface EsimProvider {
  readonly name: string;
  /**
   * Assigns each order its `quantity` profiles inside `trx` (the caller's transaction, which also
   * moves the orders' steps), one result per request in order: the saga provisions the orders of
   * one moment together. Idempotent: an order that has its profiles gets the same ones back (a
   * partner adapter sends the order id as the partner's idempotency key).
   */
  provision(trx: Knex.Transaction, requests: ProvisionRequest[]): Promise<ProvisionResult[]>;
  /**
   * Adds each request's bundle to its eSIM inside `trx` (the transaction that completes the top-up
   * orders), one result per request in order. Idempotent per order id: a top-up already added is
   * not added again.
   */
  topUp(trx: Knex.Transaction, requests: TopUpRequest[]): Promise<TopUpResult[]>;
  usage(db: Knex, iccid: string): Promise<ProfileUsage | undefined>;
  setStatus(db: Knex | Knex.Transaction, iccid: string, status: ProviderStatus): Promise<void>;
}
