import { DEMO_LOOKUPS, type BalanceCheckResult } from '@esim/contracts';
import { notFound } from '@esim/platform';
import type { Knex } from 'knex';

/**
 * The public balance check of a physical card by its serial number: its data bundle as the
 * result eSIMs answer too (type, status, package, total / used / remaining MB, dates, country,
 * operator). Usage arrives from the operator (cumulative bytes per ICCID), as eSIM usage does.
 */
export async function cardBalanceCheck(
  db: Knex,
  serialNumber: string,
  options: { demoMode: boolean; now?: Date },
): Promise<BalanceCheckResult> {
  const row = await db('cards as c')
    .join('card_bundles as b', 'b.card_id', 'c.id')
    .whereNull('c.deleted_at')
    .where('c.serial_number', serialNumber)
    .first('c.serial_number', 'b.*');
  if (!row) throw notFound('physical_sim_not_found');
  const now = options.now ?? new Date();
  const expired = row.expires_at && new Date(row.expires_at) < now;
  const status = expired
    ? 'expired'
    : row.status === 'active'
      ? 'active'
      : row.status === 'expired'
        ? 'expired'
        : 'inactive';
  return {
    type: 'physical',
    orderNumber: row.serial_number as string,
    status,
    packageName: row.package_name as string,
    totalData: row.total_mb as number,
    usedData: Math.min(Number(row.used_mb), row.total_mb as number),
    remainingData: Math.max(0, Math.round(((row.total_mb as number) - Number(row.used_mb)) * 100) / 100),
    activationDate: row.activated_at ? new Date(row.activated_at).toISOString() : null,
    expiryDate: row.expires_at ? new Date(row.expires_at).toISOString() : null,
    country: (row.country as string | null) ?? '',
    operator: (row.operator as string | null) ?? '',
    // The seeded demo serials in demo mode: the page labels the answer as demo data.
    demo:
      options.demoMode &&
      (Object.values(DEMO_LOOKUPS.physicalSerials) as string[]).includes(row.serial_number as string),
  };
}
