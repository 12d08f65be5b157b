import type { Knex } from 'knex';
import { centsToEuros, type EsimBundle, type EsimOrderSummary, type Locale } from '@esim/contracts';
import type { OrderRow } from '../rows';

const iso = (d: Date | string) => new Date(d).toISOString();

/** An eSIM's bundles: its own package first (from its order), then each completed top-up, oldest first. */
export async function bundlesOf(
  db: Knex | Knex.Transaction,
  profileId: string,
  own: OrderRow,
  locale: Locale,
): Promise<EsimBundle[]> {
  const topUps = (await db('profile_bundles as b')
    .join('orders as o', 'o.id', 'b.order_id')
    .where('b.profile_id', profileId)
    .orderBy('b.created_at')
    .orderBy('b.order_id')
    .select(
      'o.id',
      'o.order_number',
      'o.package_name_tr',
      'o.package_name_en',
      'o.total_cents',
      'b.data_bytes',
      'b.validity_days',
      'b.created_at',
    )) as Array<{
    id: string;
    order_number: string;
    package_name_tr: string;
    package_name_en: string;
    total_cents: string;
    data_bytes: string | null;
    validity_days: number;
    created_at: Date;
  }>;
  const name = (row: { package_name_tr: string; package_name_en: string }) =>
    locale === 'en' ? row.package_name_en : row.package_name_tr;
  return [
    {
      order_id: own.id,
      order_number: own.order_number,
      kind: 'initial' as const,
      package_name: name(own),
      data_mb: own.data_mb,
      validity_days: own.validity_days,
      price: centsToEuros(own.unit_price_cents),
      price_cents: own.unit_price_cents,
      added_at: iso(own.completed_at ?? own.created_at),
    },
    ...topUps.map((row) => ({
      order_id: row.id,
      order_number: row.order_number,
      kind: 'top_up' as const,
      package_name: name(row),
      data_mb: row.data_bytes === null ? null : Math.round(Number(row.data_bytes) / (1024 * 1024)),
      validity_days: row.validity_days,
      price: centsToEuros(Number(row.total_cents)),
      price_cents: Number(row.total_cents),
      added_at: iso(row.created_at),
    })),
  ];
}

export type TopUpOf = NonNullable<EsimOrderSummary['top_up_of']>;

/** For top-up orders: the eSIM each added to and that eSIM's order (by top-up order id). */
export async function topUpTargets(
  db: Knex | Knex.Transaction,
  orders: Array<Pick<OrderRow, 'id' | 'top_up_profile_id'>>,
): Promise<Map<string, TopUpOf>> {
  const topUps = orders.filter((order) => order.top_up_profile_id);
  if (topUps.length === 0) return new Map();
  const rows = (await db('profiles as p')
    .join('orders as o', 'o.id', 'p.order_id')
    .whereIn(
      'p.id',
      topUps.map((order) => order.top_up_profile_id!),
    )
    .select('p.id', 'p.iccid', 'o.id as order_id', 'o.order_number')) as Array<{
    id: string;
    iccid: string;
    order_id: string;
    order_number: string;
  }>;
  const byProfile = new Map(
    rows.map((row) => [
      row.id,
      { esim_id: row.id, iccid: row.iccid, order_id: row.order_id, order_number: row.order_number },
    ]),
  );
  return new Map(
    topUps.flatMap((order) =>
      byProfile.has(order.top_up_profile_id!) ? [[order.id, byProfile.get(order.top_up_profile_id!)!] as const] : [],
    ),
  );
}
