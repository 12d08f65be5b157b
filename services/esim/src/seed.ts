import type { Knex } from 'knex';
import { DEMO_ESIM_ORDERS, demoAccount } from '@esim/contracts';
// The demo catalog's package list: the codes the demo pool is stocked for (seed data, read only).
import { DEMO_PACKAGES } from '@esim/contracts';
import { withLuhnDigit } from './profiles/iccid';

/** Bump when the demo data changes so existing demo databases receive it. */
export const DEMO_SEED = 'esim-demo-v1';

// The demo orders are shared with the balance seed, which records what paid for them.
export { DEMO_ESIM_ORDER_NUMBERS } from '@esim/contracts';

const POOL_PER_PACKAGE = 25;
const DAY = 24 * 3600 * 1000;
const MB = 1024 * 1024;

/**
 * Demo data (demo mode only; once per database, recorded in seed_runs): a pool of profiles for every
 * seeded package, and completed orders with usage for the demo and customer accounts (one near its
 * data limit, one expired) under the fixed demo order numbers.
 */
export async function seedDemoData(db: Knex): Promise<boolean> {
  return db.transaction(async (trx) => {
    const claimed = await trx('seed_runs').insert({ name: DEMO_SEED }).onConflict('name').ignore().returning('name');
    if (claimed.length === 0) return false;
    const pool = DEMO_PACKAGES.flatMap((pkg, p) =>
      Array.from({ length: POOL_PER_PACKAGE }, (_, n) => ({
        iccid: withLuhnDigit(`89901${String(p).padStart(3, '0')}${String(n).padStart(10, '0')}`),
        smdp_address: 'smdp.demo-operator.example',
        matching_id: `DEMO-${pkg.code}-${String(n).padStart(4, '0')}`,
        package_code: pkg.code,
        operator: operatorOf(pkg.countries[0]!),
      })),
    );
    for (let i = 0; i < pool.length; i += 500) await trx('profiles').insert(pool.slice(i, i + 500));

    for (const [index, demo] of DEMO_ESIM_ORDERS.entries()) {
      const pkg = DEMO_PACKAGES.find((p) => p.code === demo.code)!;
      const bought = new Date(Date.now() - demo.boughtDaysAgo * DAY);
      const [order] = await trx('orders')
        .insert({
          id: demo.id,
          order_number: demo.number,
          user_id: demoAccount(demo.email).id,
          package_code: pkg.code,
          package_name_tr: pkg.nameTr,
          package_name_en: pkg.nameEn,
          package_type: pkg.type,
          countries: pkg.countries.length > 3 ? pkg.countries.slice(0, 3) : pkg.countries,
          data_mb: pkg.dataMb,
          validity_days: pkg.validityDays,
          quantity: 1,
          unit_price_cents: pkg.retailCents,
          total_cents: pkg.retailCents,
          step: 'completed',
          demo: true,
          created_at: bought,
          updated_at: bought,
          completed_at: bought,
        })
        .returning('id');
      const total = pkg.dataMb === null ? null : pkg.dataMb * MB;
      const activated =
        demo.activatedDaysAgo === null ? null : new Date(Date.now() - demo.activatedDaysAgo * DAY - 3600_000);
      const expires = activated ? new Date(activated.getTime() + pkg.validityDays * DAY) : null;
      const used = total === null ? 0 : Math.round(total * demo.used);
      await trx('profiles').insert({
        iccid: withLuhnDigit(`89902000${String(index).padStart(10, '0')}`),
        smdp_address: 'smdp.demo-operator.example',
        matching_id: `DEMO-ORDER-${demo.number}`,
        package_code: pkg.code,
        operator: operatorOf(pkg.countries[0]!),
        pool_status: 'assigned',
        order_id: order.id,
        user_id: demoAccount(demo.email).id,
        status: expires && expires.getTime() < Date.now() ? 'expired' : used > 0 ? 'active' : 'inactive',
        data_total_bytes: total,
        data_used_bytes: used,
        activated_at: activated,
        expires_at: expires,
        // The near-limit one has had its 50 % and 80 % alerts already.
        alert_50_sent_at: demo.used >= 0.5 ? new Date() : null,
        alert_80_sent_at: demo.used >= 0.8 ? new Date() : null,
        assigned_at: bought,
      });
    }
    return true;
  });
}

const DEMO_OPERATORS: Record<string, string> = {
  US: 'T-Mobile',
  DE: 'Telekom',
  TR: 'Turkcell',
  FR: 'Orange',
  GB: 'EE',
  JP: 'Docomo',
  KR: 'SK Telecom',
  SG: 'Singtel',
  TH: 'AIS',
};
const operatorOf = (country: string) => DEMO_OPERATORS[country] ?? 'Demo Roaming';
