import type { SupplierOfferView } from '@esim/contracts';
import { formatBytes } from '../../format';

/** A supplier's offer as the list answers it (contracts' shape, with react-admin's id). */
export type Offer = SupplierOfferView;

/** Short marks of the suppliers in a suggested package code. */
const SUPPLIER_MARK: Record<Offer['supplier'], string> = { airalo: 'AL', esimaccess: 'EA' };

/** An offer's data for people: "3 GB", "500 MB", or the unlimited word. */
export const dataText = (dataMb: number | null, unlimited: string) =>
  dataMb === null ? unlimited : formatBytes(dataMb * 1024 * 1024);

/** The first countries of a list and how many more: "DE, FR, IT +12". */
export function countriesText(countries: readonly string[], shown = 6): string {
  const head = countries.slice(0, shown).join(', ');
  return countries.length > shown ? `${head} +${countries.length - shown}` : head;
}

/**
 * A package code for an offer, in the shop's pattern (country or name, days, data, supplier):
 * "IT-7D-1GB-AL", "EUROLINK-15D-5GB-EA". The admin may type another; the catalog checks it.
 */
export function suggestedCode(
  offer: Pick<Offer, 'supplier' | 'countries' | 'name' | 'data_mb' | 'validity_days' | 'top_up'>,
) {
  const where =
    offer.countries.length === 1
      ? offer.countries[0]!
      : (
          offer.name
            .toLocaleUpperCase('en')
            .normalize('NFD')
            .replace(/[^A-Z0-9]+/g, ' ')
            .trim()
            .split(' ')[0] ?? 'MULTI'
        ).slice(0, 12) || 'MULTI';
  const data =
    offer.data_mb === null ? 'UL' : offer.data_mb % 1024 === 0 ? `${offer.data_mb / 1024}GB` : `${offer.data_mb}MB`;
  // A top-up of the same data and days as a new eSIM would otherwise suggest that eSIM's package code.
  const topUp = offer.top_up ? '-TOPUP' : '';
  return `${where}-${offer.validity_days}D-${data}${topUp}-${SUPPLIER_MARK[offer.supplier]}`.slice(0, 40);
}
