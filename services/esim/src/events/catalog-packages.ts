import type { EventBus } from '@esim/platform';
import type { QuoteCache } from '../orders/quotes';

/**
 * The catalog's packages, copied for names on the stock screen, the package id of seeded orders and
 * who sells each (the top-ups offered for a supplier's eSIM); any package or dealer-price change also
 * clears the buyers' recent quotes.
 */
export function registerEsimHandlers(bus: EventBus, quotes: QuoteCache): void {
  bus.on('catalog.package.upserted', async (event, { trx }) => {
    quotes.clear();
    const p = event.payload;
    await trx('catalog_packages')
      .insert({
        package_id: p.packageId,
        code: p.code,
        name_tr: p.nameTr,
        name_en: p.nameEn,
        data_mb: p.dataMb,
        validity_days: p.validityDays,
        active: p.active,
        // An event that does not say who sells it leaves that unknown (asked of the quote), never stale.
        supplier: p.supplier ?? null,
        supplier_package_id: p.supplier ? (p.supplierPackageId ?? null) : null,
      })
      .onConflict('package_id')
      .merge([
        'code',
        'name_tr',
        'name_en',
        'data_mb',
        'validity_days',
        'active',
        'supplier',
        'supplier_package_id',
        'updated_at',
      ]);
    await trx('orders').where({ package_code: p.code }).whereNull('package_id').update({ package_id: p.packageId });
  });
  bus.on('catalog.package.deactivated', async (event, { trx }) => {
    quotes.clear();
    await trx('catalog_packages')
      .where({ package_id: event.payload.packageId })
      .update({ active: false, updated_at: trx.fn.now() });
  });
  bus.on('catalog.dealer-price.changed', async () => {
    quotes.clear();
  });
}
