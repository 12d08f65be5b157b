import { balanceCheckResultSchema, DEMO_LOOKUPS, successSchema } from '@esim/contracts';
import { notFound, ok, type CreatedServiceApp } from '@esim/platform';
import { serialParams } from '../schemas';

/**
 * The public balance check of a physical card by its serial number (spec: 6 or more digits): the
 * card's data bundle as the balance-check result (type, status, package, total / used / remaining
 * MB, dates, country, operator). Rate-limited at the gateway ('public-lookup').
 */
export function publicRoutes(app: CreatedServiceApp): void {
  app.get('/public/balance/physical-sim/:id', { schema: { response: { 200: successSchema(balanceCheckResultSchema) }, tags: ['public'], params: serialParams } }, async (request, reply) => {
    const row = await app.db('cards as c')
      .join('card_bundles as b', 'b.card_id', 'c.id')
      .whereNull('c.deleted_at')
      .where('c.serial_number', request.params.id)
      .first('c.serial_number', 'b.*');
    if (!row) throw notFound('physical_sim_not_found');
    const expired = row.expires_at && new Date(row.expires_at) < new Date();
    const status = expired ? 'expired' : row.status === 'active' ? 'active' : row.status === 'expired' ? 'expired' : 'inactive';
    const result = {
      type: 'physical' as const,
      orderNumber: row.serial_number as string,
      status,
      packageName: row.package_name as string,
      totalData: row.total_mb as number,
      usedData: Math.min(row.used_mb as number, row.total_mb as number),
      remainingData: Math.max(0, (row.total_mb as number) - (row.used_mb as number)),
      activationDate: row.activated_at ? new Date(row.activated_at).toISOString() : null,
      expiryDate: row.expires_at ? new Date(row.expires_at).toISOString() : null,
      country: (row.country as string | null) ?? '',
      operator: (row.operator as string | null) ?? '',
      // The seeded demo serials in demo mode: the page labels the answer as demo data.
      demo: app.config.APP_MODE === 'demo' && (Object.values(DEMO_LOOKUPS.physicalSerials) as string[]).includes(row.serial_number as string),
    };
    // The same texts as the eSIM check (spec section 8): both answer one page.
    return ok(reply, result, result.demo ? 'balance_check_demo_loaded' : 'balance_check_loaded');
  });
}
