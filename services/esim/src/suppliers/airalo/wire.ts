import type { SupplierOffer, SupplierRefusal } from '../../provider/supplier';

/** Airalo counts data in MB of 1024 × 1024 bytes, as our packages do. */
export const MB = 1024 * 1024;

type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const num = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
};

const str = (value: unknown): string | null =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

/** `data` of Airalo's envelope; a list may come as an object keyed by position (its later pages do). */
export const listOf = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];

/** An amount in a supplier currency as euro cents: EUR as is, USD at the configured rate, others unknown. */
export function euroCents(amount: number, currency: string, eurPerUsd: number): number | null {
  if (currency.toUpperCase() === 'EUR') return Math.round(amount * 100);
  if (currency.toUpperCase() === 'USD') return Math.round(amount * eurPerUsd * 100);
  return null;
}

/** Airalo's "YYYY-MM-DD HH:MM:SS" (UTC); null when absent or unreadable. */
export function airaloDate(value: unknown): Date | null {
  const text = str(value);
  if (!text) return null;
  const date = new Date(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export interface AiraloSim {
  /** Airalo's id of the eSIM (our profiles' supplier_ref). */
  id: string;
  iccid: string;
  /** The SM-DP+ address. */
  lpa: string;
  matchingId: string;
  confirmationCode: string | null;
}

export interface AiraloOrder {
  id: string;
  code: string | null;
  type: string;
  description: string | null;
  packageId: string | null;
  sims: AiraloSim[];
  /** What the order cost us, in euro cents (null when Airalo's answer does not say). */
  costCents: number | null;
}

export function parseSims(value: unknown): AiraloSim[] {
  return listOf(value).flatMap((sim) => {
    if (!isObject(sim)) return [];
    const id = str(sim.id);
    const iccid = str(sim.iccid);
    const lpa = str(sim.lpa);
    const matchingId = str(sim.matching_id);
    if (!id || !iccid || !lpa || !matchingId) return [];
    return [{ id, iccid, lpa, matchingId, confirmationCode: str(sim.confirmation_code) }];
  });
}

/** An order as Airalo answers it (the order call, the order list, the asynchronous order's webhook). */
export function parseOrder(value: unknown, eurPerUsd: number): AiraloOrder | null {
  if (!isObject(value)) return null;
  const id = str(value.id);
  if (!id) return null;
  const quantity = num(value.quantity) ?? 1;
  const currency = str(value.currency) ?? 'USD';
  // discount pricing names the total paid; net pricing the net price of one.
  const total =
    num(value.total_amount_paid) ?? (num(value.net_price) === null ? null : num(value.net_price)! * quantity);
  return {
    id,
    code: str(value.code),
    type: str(value.type) ?? 'sim',
    description: str(value.description),
    packageId: str(value.package_id),
    sims: parseSims(value.sims),
    costCents: total === null ? null : euroCents(total, currency, eurPerUsd),
  };
}

/** Airalo's business refusals, as codes (HTTP 422 `{ code, reason }`). */
const REFUSALS: Record<number, SupplierRefusal> = {
  11: 'supplier_balance_low',
  13: 'supplier_maintenance',
  23: 'supplier_top_up_unavailable',
  33: 'esim_out_of_stock',
  34: 'supplier_package_unavailable',
  73: 'supplier_esim_recycled',
};

export interface Refusal {
  reason: SupplierRefusal | 'esim_provider_failed';
  /** Airalo's own words, for the admin. */
  detail: string;
}

/** What a 422 (or 403) from Airalo means for an order: the business code or the field Airalo refused. */
export function refusalOf(body: unknown, topUp: boolean): Refusal {
  const answer = isObject(body) ? body : {};
  const code = num(answer.code);
  const reasonText = str(answer.reason) ?? str(answer.message);
  if (code !== null)
    return { reason: REFUSALS[code] ?? 'esim_provider_failed', detail: `code ${code}: ${reasonText ?? ''}`.trim() };
  const fields = isObject(answer.data) ? answer.data : {};
  const detail = Object.entries(fields)
    .map(([field, message]) => `${field}: ${listOf(message).length ? listOf(message).join(' ') : String(message)}`)
    .join('; ');
  const stockText = String(fields.quantity ?? '');
  if (/not available|available quantity/i.test(stockText)) return { reason: 'esim_out_of_stock', detail };
  if (fields.package_id !== undefined)
    return { reason: topUp ? 'supplier_top_up_unavailable' : 'supplier_package_unavailable', detail };
  if (topUp && fields.iccid !== undefined) return { reason: 'esim_provider_failed', detail };
  return { reason: 'esim_provider_failed', detail: detail || reasonText || 'refused' };
}

export interface AiraloUsage {
  /** NOT_ACTIVE, ACTIVE, FINISHED, EXPIRED, UNKNOWN, RECYCLED (and whatever Airalo adds). */
  status: string;
  totalMb: number;
  remainingMb: number;
  isUnlimited: boolean;
  expiresAt: Date | null;
}

export function parseUsage(body: unknown): AiraloUsage | null {
  const data = isObject(body) ? body.data : null;
  if (!isObject(data)) return null;
  return {
    status: (str(data.status) ?? 'UNKNOWN').toUpperCase(),
    totalMb: num(data.total) ?? 0,
    remainingMb: num(data.remaining) ?? 0,
    isUnlimited: data.is_unlimited === true,
    expiresAt: airaloDate(data.expired_at),
  };
}

export interface Pricing {
  model: string;
  discountPercentage: number;
}

export const pricingOf = (body: unknown): Pricing => {
  const pricing = isObject(body) && isObject(body.pricing) ? body.pricing : {};
  return { model: str(pricing.model) ?? 'net_pricing', discountPercentage: num(pricing.discount_percentage) ?? 0 };
};

/**
 * What one package costs us, in euro cents: its EUR net price when Airalo quotes one, else its USD net
 * price at the configured rate; under discount pricing (no net price) the retail price less our discount.
 */
function netCost(
  pkg: Json,
  pricing: Pricing,
  eurPerUsd: number,
): Pick<SupplierOffer, 'netCostCents' | 'supplierPrice'> | null {
  const prices = isObject(pkg.prices) ? pkg.prices : {};
  const netPrices = isObject(prices.net_price) ? prices.net_price : {};
  const eur = num(netPrices.EUR);
  if (eur !== null) return { netCostCents: Math.round(eur * 100), supplierPrice: { amount: eur, currency: 'EUR' } };
  const usd = num(pkg.net_price);
  if (usd !== null)
    return { netCostCents: Math.round(usd * eurPerUsd * 100), supplierPrice: { amount: usd, currency: 'USD' } };
  const retail = isObject(prices.recommended_retail_price) ? prices.recommended_retail_price : {};
  const share = (100 - pricing.discountPercentage) / 100;
  const retailEur = num(retail.EUR);
  if (retailEur !== null)
    return {
      netCostCents: Math.round(retailEur * share * 100),
      supplierPrice: { amount: Math.round(retailEur * share * 100) / 100, currency: 'EUR' },
    };
  const retailUsd = num(pkg.price);
  if (retailUsd !== null)
    return {
      netCostCents: Math.round(retailUsd * share * eurPerUsd * 100),
      supplierPrice: { amount: Math.round(retailUsd * share * 100) / 100, currency: 'USD' },
    };
  return null;
}

const COUNTRY = /^[A-Z]{2}$/;

/** One package as a SupplierOffer (null when it names no price we can read). */
export function offerOf(
  pkg: unknown,
  context: { operator: string | null; countries: string[] },
  pricing: Pricing,
  eurPerUsd: number,
): SupplierOffer | null {
  if (!isObject(pkg)) return null;
  const id = str(pkg.id);
  const cost = netCost(pkg, pricing, eurPerUsd);
  if (!id || !cost) return null;
  const title = str(pkg.title) ?? id;
  return {
    supplierPackageId: id,
    name: context.operator ? `${context.operator} ${title}` : title,
    countries: context.countries,
    // Airalo's amount is 0 for an unlimited package: is_unlimited says which.
    dataMb: pkg.is_unlimited === true ? null : (num(pkg.amount) ?? 0),
    validityDays: num(pkg.day) ?? 0,
    ...cost,
    topUp: str(pkg.type) === 'topup',
  };
}

/** The package list's countries → operators → packages, flattened; each package once. */
export function flattenPackages(entries: unknown[], pricing: Pricing, eurPerUsd: number): SupplierOffer[] {
  const offers = new Map<string, SupplierOffer>();
  for (const entry of entries) {
    if (!isObject(entry)) continue;
    for (const operator of listOf(entry.operators)) {
      if (!isObject(operator)) continue;
      const listed = listOf(operator.countries)
        .map((country) => (isObject(country) ? str(country.country_code) : str(country)))
        .map((code) => (code ?? '').toUpperCase())
        .filter((code) => COUNTRY.test(code));
      const own = (str(entry.country_code) ?? '').toUpperCase();
      const countries = [...new Set(listed.length > 0 ? listed : COUNTRY.test(own) ? [own] : [])].sort();
      for (const pkg of listOf(operator.packages)) {
        const offer = offerOf(pkg, { operator: str(operator.title), countries }, pricing, eurPerUsd);
        if (offer && !offers.has(offer.supplierPackageId)) offers.set(offer.supplierPackageId, offer);
      }
    }
  }
  return [...offers.values()];
}
