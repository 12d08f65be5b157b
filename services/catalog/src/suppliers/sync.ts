import type { SupplierOffersSyncResult, supplierOffersSyncBody } from '@esim/contracts';
import { AppError } from '@esim/platform';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { publishChanged } from '../packages/admin';
import { onSale, selectPackages, type PackageRow } from '../packages/rows';

export type SupplierOffersSync = z.output<typeof supplierOffersSyncBody>;

/**
 * POST /internal/supplier-offers: one supplier's whole list replaces the one synced before, in one
 * transaction. Offers are upserted; those the list no longer holds are marked gone (kept, since
 * packages and orders name them). Every package bought as one of the supplier's offers takes the
 * offer's net cost as its cost, and stops selling when that cost rises above its price or its offer
 * is gone; a gone offer listed again sells again (unless its cost is now above the price). An older
 * list than the one stored is refused, so a late retry never undoes a newer list.
 * Answers the counts and whether any package changed (the caller then refreshes the public catalog).
 */
export async function syncSupplierOffers(
  db: Knex,
  sync: SupplierOffersSync,
  correlationId?: string,
): Promise<{ result: SupplierOffersSyncResult; packagesChanged: boolean }> {
  const syncedAt = new Date(sync.synced_at);
  return db.transaction(async (trx) => {
    // One list of a supplier at a time: two syncs of one supplier queue here, so the newer one always ends last.
    await trx.raw('SELECT pg_advisory_xact_lock(hashtext(?))', [`catalog:supplier-sync:${sync.supplier}`]);
    const last = await trx('supplier_syncs').where({ supplier: sync.supplier }).first<{ synced_at: Date }>('synced_at');
    if (last && last.synced_at.getTime() > syncedAt.getTime())
      throw new AppError(409, 'supplier_sync_stale', { params: { synced_at: last.synced_at.toISOString() } });

    await trx.raw(
      `INSERT INTO supplier_offers AS s (supplier, supplier_package_id, name, countries, data_mb, validity_days,
                                         net_cost_cents, top_up, first_seen_at, last_seen_at, gone_at, updated_at)
       SELECT ?, o.supplier_package_id, o.name, o.countries, o.data_mb, o.validity_days, o.net_cost_cents, o.top_up,
              ?, ?, NULL, now()
         FROM jsonb_to_recordset(?::jsonb) AS o(supplier_package_id text, name text, countries text[], data_mb int,
                                                 validity_days int, net_cost_cents bigint, top_up boolean)
       ON CONFLICT (supplier, supplier_package_id) DO UPDATE
          SET name = excluded.name, countries = excluded.countries, data_mb = excluded.data_mb,
              validity_days = excluded.validity_days, net_cost_cents = excluded.net_cost_cents,
              top_up = excluded.top_up, last_seen_at = excluded.last_seen_at, gone_at = NULL, updated_at = now()`,
      [sync.supplier, syncedAt, syncedAt, JSON.stringify(sync.offers)],
    );
    const listedIds = sync.offers.map((offer) => offer.supplier_package_id);
    const gone = await trx('supplier_offers')
      .where({ supplier: sync.supplier })
      .whereNull('gone_at')
      .whereRaw('NOT (supplier_package_id = ANY(?::text[]))', [listedIds])
      .update({ gone_at: syncedAt, updated_at: trx.fn.now() });
    await trx('supplier_syncs')
      .insert({ supplier: sync.supplier, synced_at: syncedAt, offers: sync.offers.length, received_at: trx.fn.now() })
      .onConflict('supplier')
      .merge(['synced_at', 'offers', 'received_at']);

    const listed = new Map(sync.offers.map((offer) => [offer.supplier_package_id, offer]));
    // Locked in id order, as every write of several packages locks them, so two never wait on each other.
    const packages = (await selectPackages(trx)
      .where('p.supplier', sync.supplier)
      .orderBy('p.id')
      .forUpdate('p')) as PackageRow[];
    let mapped = 0;
    let paused = 0;
    let packagesChanged = false;
    for (const before of packages) {
      const offer = listed.get(before.supplier_package_id!);
      if (offer) mapped += 1;
      const change = packageChange(before, offer?.net_cost_cents);
      if (!change) continue;
      await trx('packages')
        .where({ id: before.id })
        .update({ ...change, updated_at: trx.fn.now() });
      const [after] = (await selectPackages(trx).where('p.id', before.id)) as PackageRow[];
      await publishChanged(trx, before, after!, correlationId);
      if (onSale(before) && !onSale(after!)) paused += 1;
      packagesChanged = true;
    }
    return {
      result: { offers: sync.offers.length, mapped, unmapped: sync.offers.length - mapped, paused, gone },
      packagesChanged,
    };
  });
}

type PackageChange = Partial<{ cost_price_cents: number; paused_reason: string | null; paused_at: unknown }>;

/**
 * What a package bought as an offer becomes once its supplier's list is in: `cost` is the offer's
 * net cost, undefined when the list no longer holds the offer. Undefined: nothing changes.
 */
export function packageChange(before: PackageRow, cost: number | undefined): PackageChange | undefined {
  const now = new Date();
  if (cost === undefined) {
    // The supplier would refuse the order: stop selling until it lists the offer again or an admin maps another.
    return before.paused_reason === null ? { paused_reason: 'offer_gone', paused_at: now } : undefined;
  }
  const change: PackageChange = {};
  if (cost !== before.cost_price_cents) change.cost_price_cents = cost;
  const aboveNow = cost > before.retail_price_cents;
  if (before.paused_reason === 'offer_gone') {
    // Listed again: it sells again, unless its cost is now above its price.
    Object.assign(
      change,
      aboveNow ? { paused_reason: 'cost_above_price', paused_at: now } : { paused_reason: null, paused_at: null },
    );
  } else if (before.paused_reason === null && cost > before.cost_price_cents && aboveNow) {
    // Only a rise pauses: a package an admin resumed knowingly below its cost keeps selling at that cost.
    Object.assign(change, { paused_reason: 'cost_above_price', paused_at: now });
  }
  return Object.keys(change).length ? change : undefined;
}
