import {
  centsToEuros,
  formatEuros,
  priceFromCost,
  translate,
  type Locale,
  type MarginRule,
  type RepriceResult,
} from '@esim/contracts';
import { AppError, conflict } from '@esim/platform';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { getPackage, publishChanged } from '../packages/admin';
import { selectPackages, type PackageRow } from '../packages/rows';
import type { repriceBody, resumePackageBody } from '../schemas';

/** An admin's decisions on packages whose supplier's cost rose above their price: resume at a price, or reprice from cost. */

/**
 * A package paused for its cost sells again at the price given. Below its cost only when the admin
 * says so (`allow_below_cost`); a package whose offer is gone waits for the supplier or another offer.
 */
export async function resumePackage(
  trx: Knex.Transaction,
  id: string,
  input: z.output<typeof resumePackageBody>,
  context: { locale: Locale; correlationId?: string },
): Promise<PackageRow> {
  const before = await getPackage(trx, id, { lock: true });
  if (!before.paused_reason) throw conflict('package_not_paused');
  if (before.paused_reason === 'offer_gone') throw conflict('package_paused_offer_gone');
  if (input.retail_price < before.cost_price_cents && !input.allow_below_cost) {
    const params = { cost: formatEuros(before.cost_price_cents) };
    throw new AppError(422, 'package_resume_below_cost', {
      params,
      errors: [{ path: 'retail_price', message: translate('package_resume_below_cost', context.locale, params) }],
    });
  }
  await trx('packages').where({ id }).update({
    retail_price_cents: input.retail_price,
    paused_reason: null,
    paused_at: null,
    updated_at: trx.fn.now(),
  });
  const row = await getPackage(trx, id);
  await publishChanged(trx, before, row, context.correlationId);
  return row;
}

/**
 * Every chosen eSIM package (default: every supplier's package) priced by the margin rule over its
 * cost; one paused for its cost sells again, since the rule's price always covers it. Deterministic,
 * so asking twice changes nothing the second time. A dry run only says what would change.
 */
export async function repricePackages(
  trx: Knex.Transaction,
  input: z.output<typeof repriceBody>,
  context: { rule: MarginRule; correlationId?: string },
): Promise<RepriceResult> {
  const query = selectPackages(trx).whereIn('p.kind', ['esim', 'top_up']).orderBy('p.id');
  if (input.package_ids) void query.whereIn('p.id', input.package_ids);
  else void query.whereNot('p.supplier', 'pool');
  if (!input.dry_run) void query.forUpdate('p');
  const rows = (await query) as PackageRow[];
  if (input.package_ids) {
    const found = new Set(rows.map((row) => row.id));
    const unknown = input.package_ids.filter((id) => !found.has(id));
    if (unknown.length)
      throw new AppError(422, 'reprice_unknown_packages', {
        params: { packages: unknown.join(', ') },
        errors: [{ path: 'package_ids', message: 'reprice_unknown_packages' }],
      });
  }
  const packages: RepriceResult['packages'] = [];
  for (const before of rows) {
    const price = priceFromCost(before.cost_price_cents, context.rule);
    const resumed = before.paused_reason === 'cost_above_price' && price >= before.cost_price_cents;
    if (price === before.retail_price_cents && !resumed) continue;
    packages.push({
      id: before.id,
      code: before.code,
      cost_price: centsToEuros(before.cost_price_cents),
      old_price: centsToEuros(before.retail_price_cents),
      new_price: centsToEuros(price),
      resumed,
    });
    if (input.dry_run) continue;
    await trx('packages')
      .where({ id: before.id })
      .update({
        retail_price_cents: price,
        ...(resumed && { paused_reason: null, paused_at: null }),
        updated_at: trx.fn.now(),
      });
    await publishChanged(trx, before, await getPackage(trx, before.id), context.correlationId);
  }
  return { dry_run: input.dry_run, changed: packages.length, packages };
}
