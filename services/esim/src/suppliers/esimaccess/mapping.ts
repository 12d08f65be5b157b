import type { SupplierEsimStatus, SupplierOffer, SupplierRefusal } from '../../provider/supplier';

/** One package of package/list, as far as we read it. */
export interface EaPackage {
  packageCode: string;
  slug?: string;
  name?: string;
  /** 1/10,000 of its currency. */
  price: number;
  currencyCode?: string;
  /** Bytes. */
  volume: number;
  /** 1 a total, 2 daily then slowed, 3 daily then cut, 4 daily unlimited. */
  dataType?: number;
  duration: number;
  durationUnit?: string;
  /** Comma-separated ISO alpha-2 codes. */
  location?: string;
}

/** One eSIM of esim/query, as far as we read it. */
export interface EaEsim {
  esimTranNo: string;
  orderNo?: string;
  transactionId?: string;
  iccid: string;
  ac: string;
  esimStatus: string;
  smdpStatus: string;
  totalVolume?: number;
  orderUsage?: number;
  activateTime?: string | null;
  expiredTime?: string | null;
}

/** One entry of esim/usage/query. */
export interface EaUsage {
  esimTranNo: string;
  dataUsage: number;
  totalData: number;
  lastUpdateTime?: string | null;
}

const MB = 1024 * 1024;
/** eSIM Access prices are integers of 1/10,000 of the currency. */
const PRICE_UNITS = 10_000;

/** eSIM Access's UTC times ("2024-05-29T18:34:17+0000"); null when absent or unreadable. */
export function parseEaTime(value: unknown): Date | null {
  if (typeof value !== 'string' || !value) return null;
  const iso = value.trim().replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : new Date(ms);
}

/** An LPA activation code "LPA:1$<SM-DP+ address>$<matching id>[$<oid>[$1]]": the address, the matching id and whether a confirmation code is asked. */
export function parseActivationCode(
  ac: unknown,
): { smdpAddress: string; matchingId: string; confirmation: boolean } | null {
  if (typeof ac !== 'string') return null;
  const match = /^LPA:1\$([^$\s]+)\$([^$\s]+)(?:\$([^$\s]*))?(?:\$([01]))?$/.exec(ac.trim());
  if (!match) return null;
  return { smdpAddress: match[1]!, matchingId: match[2]!, confirmation: match[4] === '1' };
}

/** A price of eSIM Access in euro cents: dollars × the configured rate, rounded to the cent. */
export const euroCents = (priceUnits: number, eurPerUsd: number) =>
  Math.round(((priceUnits * 100) / PRICE_UNITS) * eurPerUsd);

/**
 * A package as the catalogue reads it, or null for one the shop cannot sell as it is: a day pass with
 * a daily allowance (the catalogue has no daily figure, and ordering one needs its number of days),
 * or one priced in another currency than the dollar.
 */
export function offerOf(p: EaPackage, topUp: boolean, eurPerUsd: number): SupplierOffer | null {
  const dataType = p.dataType ?? 1;
  if (dataType === 2 || dataType === 3) return null;
  if (typeof p.packageCode !== 'string' || !Number.isFinite(p.price) || !Number.isFinite(p.duration)) return null;
  const countries = [
    ...new Set(
      (p.location ?? '')
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter((code) => /^[A-Z]{2}$/.test(code)),
    ),
  ];
  const currency = (p.currencyCode ?? 'USD').toUpperCase();
  // eSIM Access sells in US dollars only: a price in another currency would be converted at the wrong rate.
  if (currency !== 'USD') return null;
  return {
    supplierPackageId: p.packageCode,
    name: p.name ?? p.packageCode,
    countries,
    dataMb: dataType === 4 ? null : Math.round(p.volume / MB),
    validityDays: (p.durationUnit ?? 'DAY').toUpperCase() === 'MONTH' ? p.duration * 30 : p.duration,
    netCostCents: euroCents(p.price, eurPerUsd),
    supplierPrice: { amount: p.price / PRICE_UNITS, currency },
    topUp,
  };
}

/** smdpStatus values that mean the profile reached a phone (so it is no longer new). */
const ON_A_PHONE = new Set(['DOWNLOAD', 'INSTALLATION', 'ENABLED', 'DISABLED', 'DELETED']);
/** esimStatus values of an eSIM that has ended (REVOKED is how its webhooks spell REVOKE). */
export const ENDED_STATES = new Set(['CANCEL', 'REVOKE', 'REVOKED', 'USED_EXPIRED', 'UNUSED_EXPIRED']);

/** eSIM Access's esimStatus and smdpStatus as the shop's state of an eSIM. */
export function stateOf(esimStatus: string, smdpStatus: string, usedBytes: number): SupplierEsimStatus['state'] {
  switch (esimStatus) {
    case 'CANCEL':
      return 'cancelled';
    case 'REVOKE':
    case 'REVOKED':
      return 'revoked';
    case 'USED_EXPIRED':
    case 'UNUSED_EXPIRED':
      return 'expired';
    case 'USED_UP':
      return 'depleted';
    case 'IN_USE':
      return 'in_use';
  }
  if (usedBytes > 0) return 'in_use';
  if (ON_A_PHONE.has(smdpStatus)) return 'installed';
  if (['CREATE', 'PAYING', 'PAID', 'GETTING_RESOURCE', 'GOT_RESOURCE', 'SUSPENDED'].includes(esimStatus)) return 'new';
  return 'unknown';
}

/** Whether eSIM Access still takes the eSIM back with its money (never installed nor used). */
export const cancellable = (esim: Pick<EaEsim, 'esimStatus' | 'smdpStatus'>) =>
  esim.esimStatus === 'GOT_RESOURCE' && esim.smdpStatus === 'RELEASED';

/** Why eSIM Access did not sell an order, as the buyer is told. */
export function orderRefusal(code: string): SupplierRefusal {
  if (code === '200007') return 'supplier_balance_low';
  if (code === '200011') return 'esim_out_of_stock';
  // Unknown bundle, location, currency, carrier, package code, package or vendor; a price that changed.
  if (/^3102\d\d$/.test(code) || code === '200005' || code === '200006') return 'supplier_package_unavailable';
  return 'esim_provider_failed';
}

/** Why eSIM Access did not top an eSIM up. */
export function topUpRefusal(code: string): 'esim_top_up_not_allowed' | SupplierRefusal {
  if (code === '200002' || code === '200009') return 'esim_top_up_not_allowed';
  if (code === '200007') return 'supplier_balance_low';
  if (/^3102\d\d$/.test(code) || code === '200005' || code === '200006') return 'supplier_top_up_unavailable';
  return 'esim_provider_failed';
}
