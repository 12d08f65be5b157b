import { z } from 'zod';
import { MAX_AMOUNT_CENTS } from '../money';
import { applyPercentage, hasAtMostTwoDecimals, PERCENT_SCALE } from '../percentage';
import { rowTimestamp } from './common';
import { OFFER_SUPPLIERS, PACKAGE_TYPES, PAUSED_REASONS } from './catalog';

/**
 * Suppliers per package: who sells a package's eSIMs (the profile pool, or a wholesale supplier
 * bought from at the moment of sale), the suppliers' offers the esim service syncs into the catalog,
 * and the margin rule that turns an offer's net cost into a price. Money inside is integer cents;
 * the admin API speaks euros like the rest of the catalog, the internal sync cents.
 */

// ── the esim service's sync: POST /internal/supplier-offers ──

const alpha2 = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { message: 'invalid_country_code' });

/** One package a supplier sells now, as the esim service read it from the supplier. */
export const supplierOfferInput = z.object({
  /** The supplier's own id of the package (Airalo's package id, eSIM Access's packageCode). */
  supplier_package_id: z.string().trim().min(1).max(200),
  /** Its name at the supplier, for the admin to recognise it. */
  name: z.string().trim().min(1).max(300),
  /** ISO 3166 alpha-2 codes of the countries it covers (sorted and deduplicated here). */
  countries: z
    .array(alpha2)
    .min(1)
    .max(300)
    .transform((codes) => [...new Set(codes)].sort()),
  /** null: unlimited data. */
  data_mb: z.number().int().min(1).max(10_000_000).nullable(),
  validity_days: z.number().int().min(1).max(3650),
  /** What we pay the supplier for one, in euro cents. */
  net_cost_cents: z.number().int().min(0).max(MAX_AMOUNT_CENTS),
  /** A top-up for an eSIM already sold, not a new eSIM. */
  top_up: z.boolean(),
});
export type SupplierOfferInput = z.input<typeof supplierOfferInput>;

/** The whole list of one supplier at `synced_at`: it replaces the list synced before. */
export const supplierOffersSyncBody = z.object({
  supplier: z.enum(OFFER_SUPPLIERS),
  /** When the esim service read the list (ISO 8601); an older list than the one stored is refused. */
  synced_at: z.iso.datetime({ offset: true, message: 'supplier_synced_at_invalid' }),
  offers: z
    .array(supplierOfferInput)
    .min(1)
    .max(20_000)
    .superRefine((offers, ctx) => {
      const seen = new Set<string>();
      offers.forEach((offer, index) => {
        if (seen.has(offer.supplier_package_id))
          ctx.addIssue({ code: 'custom', message: 'supplier_offer_duplicate', path: [index, 'supplier_package_id'] });
        seen.add(offer.supplier_package_id);
      });
    }),
});
export type SupplierOffersSync = z.input<typeof supplierOffersSyncBody>;

/** The sync's answer: offers in the list, how many of them a package is bought as, and packages it stopped selling. */
export const supplierOffersSyncResultSchema = z.object({
  offers: z.number().int(),
  mapped: z.number().int(),
  unmapped: z.number().int(),
  /** Packages that stopped selling with this list (cost above price, or their offer gone). */
  paused: z.number().int(),
  /** Offers of the list before that this one no longer holds. */
  gone: z.number().int(),
});
export type SupplierOffersSyncResult = z.infer<typeof supplierOffersSyncResultSchema>;

// ── the margin rule ──

/**
 * How a price from cost is rounded up to one a shop shows: to the cent, to the next x,99 €, to the
 * next x,49 € or x,99 €, or to the next whole euro. Always upwards, so the margin is never below the rule.
 */
export const MARGIN_ROUNDINGS = ['x99', 'x49_x99', 'whole_euro', 'none'] as const;
export type MarginRounding = (typeof MARGIN_ROUNDINGS)[number];
export const MARGIN_KINDS = ['percent', 'fixed'] as const;
export type MarginKind = (typeof MARGIN_KINDS)[number];
export const MAX_MARGIN_PERCENT = 1000;
export const MAX_MARGIN_FIXED_CENTS = 100_000;

/** The rule inside: a percentage in hundredths (30 % → 3000) or a fixed amount in cents. */
export interface MarginRule {
  kind: MarginKind;
  /** percent: hundredths of a percent; fixed: euro cents. */
  value: number;
  rounding: MarginRounding;
}

/** The shop's rule until an admin sets one: 30 % over cost, up to the next x,99 €. */
export const DEFAULT_MARGIN_RULE: MarginRule = { kind: 'percent', value: 30 * PERCENT_SCALE, rounding: 'x99' };

/** A price in cents rounded up as the rule says; never 0, so a free offer still gets a price a buyer pays. */
export function roundPrice(cents: number, rounding: MarginRounding): number {
  const price = Math.max(cents, 1);
  switch (rounding) {
    case 'x99':
      return Math.ceil((price + 1) / 100) * 100 - 1;
    case 'x49_x99':
      return Math.ceil((price + 1) / 50) * 50 - 1;
    case 'whole_euro':
      return Math.ceil(price / 100) * 100;
    case 'none':
      return price;
  }
}

/** The price of a package from its net cost by the margin rule (integer cents in and out). */
export function priceFromCost(costCents: number, rule: MarginRule): number {
  const raised = rule.kind === 'percent' ? applyPercentage(costCents, rule.value) : costCents + rule.value;
  return roundPrice(raised, rule.rounding);
}

/** PUT /admin/margin-rule: `value` is a percentage (30 or 12.5) or euros (2.5), by `kind`. */
export const marginRuleBody = z
  .object({
    kind: z.enum(MARGIN_KINDS),
    value: z
      .number()
      .refine(Number.isFinite, { message: 'amount_not_finite', abort: true })
      .refine((v) => v >= 0, { message: 'margin_value_negative', abort: true })
      .refine(hasAtMostTwoDecimals, { message: 'margin_value_two_decimals', abort: true }),
    rounding: z.enum(MARGIN_ROUNDINGS),
  })
  .superRefine((rule, ctx) => {
    const max = rule.kind === 'percent' ? MAX_MARGIN_PERCENT : MAX_MARGIN_FIXED_CENTS / 100;
    if (rule.value > max)
      ctx.addIssue({
        code: 'custom',
        message: rule.kind === 'percent' ? 'margin_percent_too_large' : 'margin_fixed_too_large',
        path: ['value'],
      });
  })
  .transform((rule): MarginRule => ({
    kind: rule.kind,
    value: Math.round(rule.value * (rule.kind === 'percent' ? PERCENT_SCALE : 100)),
    rounding: rule.rounding,
  }));

/** The margin rule on the wire: the percentage or the euros as typed, and who set it last. */
export const marginRuleSchema = z.object({
  kind: z.enum(MARGIN_KINDS),
  value: z.number(),
  rounding: z.enum(MARGIN_ROUNDINGS),
  updated_by: z.string().nullable(),
  updated_at: rowTimestamp.nullable(),
});
export type MarginRuleView = z.infer<typeof marginRuleSchema>;

/** The wire's rule (percent or euros) back in the integer units priceFromCost takes. */
export function marginRuleOf(view: Pick<MarginRuleView, 'kind' | 'value' | 'rounding'>): MarginRule {
  return {
    kind: view.kind,
    value: Math.round(view.value * (view.kind === 'percent' ? PERCENT_SCALE : 100)),
    rounding: view.rounding,
  };
}

// ── the admin's supplier offers ──

/** The package an offer is bought as, when there is one. */
export const offerPackageSchema = z.object({
  id: z.string(),
  code: z.string(),
  name_tr: z.string(),
  name_en: z.string(),
  retail_price: z.number(),
  active: z.boolean(),
  paused_reason: z.enum(PAUSED_REASONS).nullable(),
});

/** A row of GET /admin/supplier-offers: the offer, its net cost, the package it maps to, and what the margin rule would ask. */
export const supplierOfferSchema = z.object({
  id: z.string(),
  supplier: z.enum(OFFER_SUPPLIERS),
  supplier_package_id: z.string(),
  name: z.string(),
  countries: z.array(z.string()),
  data_mb: z.number().int().nullable(),
  validity_days: z.number().int(),
  net_cost: z.number(),
  top_up: z.boolean(),
  /** No longer in the supplier's list (since gone_at). */
  gone: z.boolean(),
  gone_at: rowTimestamp.nullable(),
  first_seen_at: rowTimestamp,
  last_seen_at: rowTimestamp,
  mapped: z.boolean(),
  package: offerPackageSchema.nullable(),
  /** The price the margin rule gives its net cost now. */
  suggested_price: z.number(),
  /** local, regional or global, from the countries it covers. */
  suggested_type: z.enum(PACKAGE_TYPES),
});
export type SupplierOfferView = z.infer<typeof supplierOfferSchema>;

/** Answer of POST /admin/packages/reprice: each package whose price the margin rule changes (or would, on a dry run). */
export const repriceResultSchema = z.object({
  dry_run: z.boolean(),
  changed: z.number().int(),
  packages: z.array(
    z.object({
      id: z.string(),
      code: z.string(),
      cost_price: z.number(),
      old_price: z.number(),
      new_price: z.number(),
      /** It was paused for its cost and sells again at the new price. */
      resumed: z.boolean(),
    }),
  ),
});
export type RepriceResult = z.infer<typeof repriceResultSchema>;
