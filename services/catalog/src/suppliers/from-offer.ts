import { formatData, formatEuros, priceFromCost, translate, type Locale, type MarginRule } from '@esim/contracts';
import { AppError, conflict, fieldError } from '@esim/platform';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { createPackage, getPackage, publishChanged } from '../packages/admin';
import { selectPackages, type PackageRow } from '../packages/rows';
import type { createFromOfferBody, mapOfferBody } from '../schemas';
import { countryRegions, getOffer, typeOfCountries, type OfferRow } from './offers';

/** Packages made from a supplier's offer, and offers mapped to packages the shop already sells. */

/** An offer a package can be bought as: still listed and not bought as another package already. */
function checkSellable(offer: OfferRow, packageId?: string) {
  if (offer.gone_at) throw new AppError(422, 'supplier_offer_gone');
  if (offer.package_id && offer.package_id !== packageId)
    throw conflict('supplier_offer_mapped', { code: offer.package_code! });
}

/** The price is the admin's field: a cost above it is refused naming it, with both figures. */
function costAbovePrice(offer: OfferRow, priceCents: number, locale: Locale): AppError {
  const params = { cost: formatEuros(offer.net_cost_cents), price: formatEuros(priceCents) };
  return new AppError(422, 'supplier_offer_cost_above_price', {
    params,
    errors: [{ path: 'retail_price', message: translate('supplier_offer_cost_above_price', locale, params) }],
  });
}

export async function createFromOffer(
  trx: Knex.Transaction,
  offerId: string,
  input: z.output<typeof createFromOfferBody>,
  context: { rule: MarginRule; locale: Locale; correlationId?: string },
): Promise<PackageRow> {
  const offer = await getOffer(trx, offerId, { lock: true });
  checkSellable(offer);
  const price = input.retail_price ?? priceFromCost(offer.net_cost_cents, context.rule);
  if (offer.net_cost_cents > price) throw costAbovePrice(offer, price, context.locale);
  const taken = await trx('packages').where({ code: input.code }).first('id');
  if (taken) throw fieldError(409, 'package_code_taken', 'code', context.locale);
  return createPackage(
    trx,
    {
      code: input.code,
      name_tr: input.name_tr ?? offer.name,
      name_en: input.name_en ?? offer.name,
      type: input.type ?? typeOfCountries(offer.countries, await countryRegions(trx)),
      // A top-up offer adds data to an eSIM its supplier sold: a package sold on that eSIM's top-up panel only.
      kind: offer.top_up ? 'top_up' : 'esim',
      countries: offer.countries,
      data_mb: offer.data_mb,
      validity_days: offer.validity_days,
      retail_price: price,
      cost_price: offer.net_cost_cents,
      recommended: input.recommended,
      features: input.features,
      active: input.active,
      provider_ref: null,
      network: input.network,
      hotspot: input.hotspot,
      validity_start: input.validity_start,
      operators: [],
      supplier: offer.supplier,
      supplier_package_id: offer.supplier_package_id,
    },
    context.correlationId,
  );
}

/** What differs between a package and an offer (countries, data, validity), each said in the caller's language. */
function differences(pkg: PackageRow, offer: OfferRow, locale: Locale) {
  const found: Array<{ path: string; field: string; message: string }> = [];
  const countries = (codes: readonly string[]) => [...codes].sort().join(', ');
  if (countries(pkg.countries) !== countries(offer.countries))
    found.push({
      path: 'countries',
      field: 'supplier_field_countries',
      message: translate('supplier_offer_differs_countries', locale, {
        package: countries(pkg.countries),
        offer: countries(offer.countries),
      }),
    });
  if (pkg.data_mb !== offer.data_mb)
    found.push({
      path: 'data_mb',
      field: 'supplier_field_data',
      message: translate('supplier_offer_differs_data', locale, {
        package: formatData(pkg.data_mb, locale),
        offer: formatData(offer.data_mb, locale),
      }),
    });
  if (pkg.validity_days !== offer.validity_days)
    found.push({
      path: 'validity_days',
      field: 'supplier_field_validity',
      message: translate('supplier_offer_differs_validity', locale, {
        package: pkg.validity_days,
        offer: offer.validity_days,
      }),
    });
  return found;
}

/**
 * The package is bought as this offer from now on: same countries, data and validity (else refused
 * naming each difference), its cost the offer's, its price as given or kept, which must cover the
 * cost. A package paused for its cost or a gone offer sells again: mapping it is the admin's decision.
 */
export async function mapOffer(
  trx: Knex.Transaction,
  offerId: string,
  input: z.output<typeof mapOfferBody>,
  context: { locale: Locale; correlationId?: string },
): Promise<PackageRow> {
  const offer = await getOffer(trx, offerId, { lock: true });
  checkSellable(offer, input.package_id);
  const [before] = (await selectPackages(trx).where('p.id', input.package_id).forUpdate('p')) as PackageRow[];
  if (!before) throw fieldError(422, 'package_not_found', 'package_id', context.locale);
  if (before.kind !== (offer.top_up ? 'top_up' : 'esim'))
    throw fieldError(
      422,
      offer.top_up ? 'supplier_offer_top_up_package_kind' : 'supplier_offer_package_kind',
      'package_id',
      context.locale,
    );
  const differ = differences(before, offer, context.locale);
  if (differ.length)
    throw new AppError(422, 'supplier_offer_mismatch', {
      params: { fields: differ.map((d) => translate(d.field, context.locale)).join(', ') },
      errors: differ.map(({ path, message }) => ({ path, message })),
    });
  const price = input.retail_price ?? before.retail_price_cents;
  if (offer.net_cost_cents > price) throw costAbovePrice(offer, price, context.locale);
  await trx('packages').where({ id: before.id }).update({
    supplier: offer.supplier,
    supplier_package_id: offer.supplier_package_id,
    cost_price_cents: offer.net_cost_cents,
    retail_price_cents: price,
    paused_reason: null,
    paused_at: null,
    updated_at: trx.fn.now(),
  });
  const row = await getPackage(trx, before.id);
  await publishChanged(trx, before, row, context.correlationId);
  return row;
}
