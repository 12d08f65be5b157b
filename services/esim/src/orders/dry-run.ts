import type { Knex } from 'knex';
import { centsToEuros, formatEuros, translate, type EsimBuyDryRun } from '@esim/contracts';
import { AppError } from '@esim/platform';
import type { Caller } from '../caller';
import type { EsimContext } from '../context';
import { availableInPool } from '../pool/stock';
import { refuseSalesUntilOpen } from './open-for-sales';
import { supplierQuantityRefusal } from './purchase';

/** What the balance service says the buyer may spend (the figures the distance-sale documents use too). */
interface Spendable {
  available_cents: number;
  credit_left_cents: number;
}

/**
 * POST /user/packages/buy with `dry_run`: the checks the purchase makes, in its order, without
 * placing, holding or writing anything. The quote is the buyer's own price, as the purchase takes it
 * (an unknown, withdrawn or top-up-only package is refused the same way); each later check that
 * would refuse the purchase is a reason instead of an error, so a partner sees all of them at once.
 */
export async function dryRunBuy(
  db: Knex,
  ctx: EsimContext,
  caller: Caller,
  input: { packageId: string; quantity: number },
): Promise<EsimBuyDryRun> {
  const { locale, requestId } = caller;
  const userId = caller.user.id;
  const reasons: EsimBuyDryRun['reasons'] = [];
  const refuse = (code: string, params?: Record<string, string | number>) =>
    reasons.push({ code, message: translate(code, locale, params) });
  try {
    await refuseSalesUntilOpen(ctx, requestId);
  } catch (error) {
    if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
    refuse(error.code, error.options.params);
  }
  const quote = await ctx.quotes.quote({ userId, packageId: input.packageId, quantity: input.quantity }, requestId);
  const tooMany = supplierQuantityRefusal(ctx, quote, input.quantity);
  if (tooMany) refuse(tooMany.code, tooMany.options.params);
  const supplier = quote.package.supplier ?? 'pool';
  if (supplier === 'pool') {
    if ((await availableInPool(db, quote.package.code, input.quantity)) < input.quantity) refuse('esim_out_of_stock');
  } else if (!ctx.suppliers.some((candidate) => candidate.name === supplier)) {
    // The provider router sells nothing for a supplier this process is not configured for.
    refuse('supplier_package_unavailable');
  }
  const money = await ctx.balance.request<Spendable>('GET', `/internal/users/${encodeURIComponent(userId)}/buyer`, {
    requestId,
  });
  // The hold draws what the balance lacks from the credit limit, so both together must cover the total.
  if (Math.max(0, money.available_cents) + money.credit_left_cents < quote.total_cents) {
    refuse('insufficient_balance', { available: formatEuros(Math.max(0, money.available_cents)) });
  }
  return {
    dry_run: true,
    package: {
      id: quote.package.id,
      code: quote.package.code,
      name: locale === 'en' ? quote.package.name_en : quote.package.name_tr,
      countries: quote.package.countries,
      data_mb: quote.package.data_mb,
      validity_days: quote.package.validity_days,
    },
    quantity: input.quantity,
    unit_price: centsToEuros(quote.unit_price_cents),
    unit_price_cents: quote.unit_price_cents,
    total: centsToEuros(quote.total_cents),
    total_cents: quote.total_cents,
    currency: 'EUR',
    available: reasons.length === 0,
    reasons,
    balance_cents: money.available_cents,
    credit_left_cents: money.credit_left_cents,
    balance_after_cents: money.available_cents - quote.total_cents,
  };
}
