import { DEMO_ACCOUNTS, DEMO_PLUS_DEALER_PRICE, DEMO_PLUS_PACKAGES, demoAccount } from '@esim/contracts';
import { publish, type Db } from '@esim/platform';
import type { Knex } from 'knex';
import {
  DEMO_COMING_SOON,
  demoCostOf,
  DEMO_COVERED_COUNTRIES,
  DEMO_FEATURED_DESTINATIONS,
  DEMO_OPERATORS,
  DEMO_QUICK_DESTINATIONS,
  DEMO_PACKAGES,
} from '@esim/contracts';

/** Bump when the demo data changes so existing demo databases receive it. */
export const DEMO_SEED = 'catalog-demo-v1';

/** The demo dealer's own price for US Standard (retail 24.99): shows a dealer override next to retail. */
const DEMO_DEALER_PRICE = { code: 'US-15D-5GB', priceCents: 22_49 } as const;

/**
 * Demo data (demo mode only): the countries' map and home-page settings, the packages, and the
 * demo dealers with one override. Idempotent: it runs once per database (recorded in
 * `seed_runs` in the same transaction), so a restart never overwrites what an admin changed.
 * Returns whether it ran.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  const ran = await db.transaction(async (trx) => {
    const claimed = await trx('seed_runs').insert({ name: DEMO_SEED }).onConflict('name').ignore().returning('name');
    if (claimed.length === 0) return false;
    await seedCountries(trx);
    const packageIds = await seedPackages(trx);
    await seedDealers(trx, packageIds);
    return true;
  });
  const plus = await seedPlusPackages(db);
  const details = await seedPlanDetails(db);
  return ran || plus || details;
}

/** Bump when the demo plans' details change. */
export const DEMO_PLAN_DETAILS_SEED = 'catalog-plan-details-v1';

/**
 * The demo plans' details (network, hotspot, validity start, operators per country): a seed of its
 * own, so demo databases seeded before these fields existed receive them too; once only, so an
 * admin's later edits stay.
 */
async function seedPlanDetails(db: Db): Promise<boolean> {
  return db.transaction(async (trx) => {
    const claimed = await trx('seed_runs')
      .insert({ name: DEMO_PLAN_DETAILS_SEED })
      .onConflict('name')
      .ignore()
      .returning('name');
    if (claimed.length === 0) return false;
    for (const pkg of DEMO_PACKAGES) {
      const [row] = await trx('packages')
        .where({ code: pkg.code })
        .update({
          network: pkg.network,
          hotspot: pkg.hotspot,
          validity_start: pkg.validityStart,
          updated_at: trx.fn.now(),
        })
        .returning('id');
      if (!row) continue;
      for (const country of pkg.countries) {
        const operators = DEMO_OPERATORS[country];
        if (operators)
          await trx('package_countries').where({ package_id: row.id, country_a2: country }).update({ operators });
      }
    }
    return true;
  });
}

/** Bump when the demo Plus packages change. */
export const DEMO_PLUS_SEED = 'catalog-plus-v1';

/**
 * The demo 'Plus' packages (physical cards sold by physical-sim; kind `plus`, so never on the public
 * eSIM lists), with fixed ids physical-sim's demo cards refer to, and one dealer price. A seed of its
 * own so demo databases seeded before it receive it too.
 */
async function seedPlusPackages(db: Db): Promise<boolean> {
  return db.transaction(async (trx) => {
    const claimed = await trx('seed_runs')
      .insert({ name: DEMO_PLUS_SEED })
      .onConflict('name')
      .ignore()
      .returning('name');
    if (claimed.length === 0) return false;
    for (const pkg of DEMO_PLUS_PACKAGES) {
      const [row] = await trx('packages')
        .insert({
          id: pkg.id,
          code: pkg.code,
          kind: 'plus',
          name_tr: pkg.nameTr,
          name_en: pkg.nameEn,
          type: pkg.type,
          data_mb: pkg.dataMb,
          validity_days: pkg.validityDays,
          retail_price_cents: pkg.retailCents,
          cost_price_cents: demoCostOf(pkg.retailCents),
          recommended: false,
          features: JSON.stringify([
            { tr: 'eUICC kart: 48 operatör profiline kadar', en: 'eUICC card: up to 48 operator profiles' },
          ]),
          active: true,
          provider_ref: `demo-plus:${pkg.code.toLowerCase()}`,
        })
        .onConflict('code')
        .ignore()
        .returning('id');
      if (!row) continue;
      await trx('package_countries').insert(pkg.countries.map((country_a2) => ({ package_id: row.id, country_a2 })));
    }
    const dealer = DEMO_ACCOUNTS.find((account) => account.role === 'dealer');
    const pkg = DEMO_PLUS_PACKAGES.find((p) => p.code === DEMO_PLUS_DEALER_PRICE.code)!;
    const known = await trx('dealers')
      .where({ dealer_id: dealer?.id ?? '' })
      .first('dealer_id');
    if (dealer && known) {
      await trx('dealer_prices')
        .insert({
          dealer_id: dealer.id,
          package_id: pkg.id,
          price_cents: DEMO_PLUS_DEALER_PRICE.priceCents,
          updated_by: 'seed',
        })
        .onConflict(['dealer_id', 'package_id'])
        .ignore();
    }
    return true;
  });
}

async function seedCountries(trx: Knex.Transaction): Promise<void> {
  for (const [a2, settings] of Object.entries(DEMO_COVERED_COUNTRIES)) {
    await trx('countries')
      .where({ a2 })
      .update({
        coverage_status: settings.coverage,
        daily_price_cents: settings.dailyPriceCents,
        speed: settings.speed,
        features: JSON.stringify(settings.features ?? []),
      });
  }
  await trx('countries').whereIn('a2', DEMO_COMING_SOON).update({ coverage_status: 'coming_soon' });
  for (const [index, a2] of DEMO_QUICK_DESTINATIONS.entries())
    await trx('countries')
      .where({ a2 })
      .update({ quick_order: index + 1 });
  for (const [index, a2] of DEMO_FEATURED_DESTINATIONS.entries())
    await trx('countries')
      .where({ a2 })
      .update({ featured_order: index + 1 });
}

/** Inserts the demo packages (announced on the outbox like any new package); returns id by code. */
async function seedPackages(trx: Knex.Transaction): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const pkg of DEMO_PACKAGES) {
    const [row] = await trx('packages')
      .insert({
        code: pkg.code,
        name_tr: pkg.nameTr,
        name_en: pkg.nameEn,
        type: pkg.type,
        data_mb: pkg.dataMb,
        validity_days: pkg.validityDays,
        retail_price_cents: pkg.retailCents,
        cost_price_cents: demoCostOf(pkg.retailCents),
        recommended: pkg.recommended,
        features: JSON.stringify(pkg.features),
        active: true,
        provider_ref: `demo-pool:${pkg.code.toLowerCase()}`,
      })
      .onConflict('code')
      .ignore()
      .returning('id');
    if (!row) continue;
    ids.set(pkg.code, row.id);
    await trx('package_countries').insert(pkg.countries.map((country_a2) => ({ package_id: row.id, country_a2 })));
    await publish(trx, 'catalog', {
      type: 'catalog.package.upserted',
      aggregateId: row.id,
      payload: {
        packageId: row.id,
        code: pkg.code,
        nameTr: pkg.nameTr,
        nameEn: pkg.nameEn,
        type: pkg.type,
        dataMb: pkg.dataMb,
        validityDays: pkg.validityDays,
        retailPriceCents: pkg.retailCents,
        active: true,
        supplier: 'pool',
        supplierPackageId: null,
      },
    });
  }
  return ids;
}

/**
 * The demo dealers, so their pricing screens work before auth's events arrive (the same fixed
 * ids: the events later update these rows in place), and one override for the first dealer.
 */
async function seedDealers(trx: Knex.Transaction, packageIds: Map<string, string>): Promise<void> {
  const dealers = DEMO_ACCOUNTS.filter((account) => account.role === 'dealer');
  for (const dealer of dealers) {
    await trx('dealers')
      .insert({
        dealer_id: dealer.id,
        sales_manager_id: dealer.salesManagerEmail ? demoAccount(dealer.salesManagerEmail).id : null,
        email: dealer.email,
        full_name: dealer.fullName,
        company_name: dealer.companyName ?? null,
        status: 'active',
      })
      .onConflict('dealer_id')
      .ignore();
  }
  const dealer = dealers[0];
  const packageId = packageIds.get(DEMO_DEALER_PRICE.code);
  if (!dealer || !packageId) return;
  const admin = DEMO_ACCOUNTS.find((account) => account.role === 'admin')!;
  await trx('dealer_prices').insert({
    dealer_id: dealer.id,
    package_id: packageId,
    price_cents: DEMO_DEALER_PRICE.priceCents,
    updated_by: admin.id,
  });
  await trx('price_history').insert({
    dealer_id: dealer.id,
    package_id: packageId,
    old_price_cents: null,
    new_price_cents: DEMO_DEALER_PRICE.priceCents,
    source: 'single',
    changed_by: admin.id,
    changed_by_role: 'admin',
  });
  await publish(trx, 'catalog', {
    type: 'catalog.dealer-price.changed',
    aggregateId: dealer.id,
    payload: {
      dealerId: dealer.id,
      packageId,
      oldPriceCents: null,
      newPriceCents: DEMO_DEALER_PRICE.priceCents,
      changedBy: admin.id,
    },
  });
}
