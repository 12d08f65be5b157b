import { formatBytes, type Locale, type Region } from '@esim/contracts';

/**
 * An eSIM plan as a traveller names it: where it works, its data and its days, "Türkiye 3 GB · 7 gün"
 * (docs/product.md, How orders are named). Package names are the catalog's own words ("Başlangıç",
 * a supplier's code) and rarely say where the plan works, so order pages, the balance check and the
 * mails show this instead.
 */
export interface PlanFacts {
  package_type: string;
  countries: readonly string[];
  data_mb: number | null;
  validity_days: number;
}

/**
 * Each country's region as the catalog's reference data has it (contracts' referenceCountries:
 * world-countries' regions, Turkey under Europe); a test keeps the two the same.
 */
export const COUNTRY_REGIONS: Readonly<Record<Region, string>> = {
  europe:
    'AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM TR UA VA',
  asia: 'AE AF AM AZ BD BH BN BT CN GE HK ID IL IN IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA SA SG SY TH TJ TL TM TW UZ VN YE',
  americas:
    'AG AI AR AW BB BL BM BO BQ BR BS BV BZ CA CL CO CR CU CW DM DO EC FK GD GF GL GP GS GT GY HN HT JM KN KY LC MF MQ MS MX NI PA PE PM PR PY SR SV SX TC TT UM US UY VC VE VG VI',
  africa:
    'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW IO KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TF TG TN TZ UG YT ZA ZM ZW',
  oceania: 'AQ AS AU CC CK CX FJ FM GU HM KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV VU WF WS',
};

const REGION_OF = new Map(
  Object.entries(COUNTRY_REGIONS).flatMap(([region, codes]) => codes.split(' ').map((a2) => [a2, region as Region])),
);

const REGION_NAMES: Record<Region | 'world', Record<Locale, string>> = {
  europe: { tr: 'Avrupa', en: 'Europe' },
  asia: { tr: 'Asya', en: 'Asia' },
  americas: { tr: 'Amerika', en: 'Americas' },
  africa: { tr: 'Afrika', en: 'Africa' },
  oceania: { tr: 'Okyanusya', en: 'Oceania' },
  world: { tr: 'Dünya', en: 'Worldwide' },
};

const displayNames = {
  tr: new Intl.DisplayNames(['tr'], { type: 'region' }),
  en: new Intl.DisplayNames(['en'], { type: 'region' }),
};
// The storefront's English pages call it Turkey, as the catalog does.
const ENGLISH_NAMES: Record<string, string> = { TR: 'Turkey' };

/** A country's name in the reader's language (its code when the runtime has no name for it). */
export function countryName(a2: string, locale: Locale): string {
  const code = a2.toUpperCase();
  if (locale === 'en' && ENGLISH_NAMES[code]) return ENGLISH_NAMES[code];
  try {
    return displayNames[locale].of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Where a plan works: its country; a regional plan's region when every country it covers lies in
 * one, else how many countries it covers; a global plan the world.
 */
export function planPlace(plan: Pick<PlanFacts, 'package_type' | 'countries'>, locale: Locale): string {
  const countries = [...new Set(plan.countries.map((c) => c.toUpperCase()))];
  if (plan.package_type === 'global') return REGION_NAMES.world[locale];
  if (countries.length === 1) return countryName(countries[0]!, locale);
  const regions = new Set(countries.map((c) => REGION_OF.get(c)));
  const [only] = regions;
  if (regions.size === 1 && only) return REGION_NAMES[only][locale];
  return locale === 'en' ? `${countries.length} countries` : `${countries.length} ülke`;
}

/** "3 GB · 7 gün" / "3 GB · 7 days"; an unlimited plan reads "Sınırsız" / "Unlimited". */
export function planAllowance(plan: Pick<PlanFacts, 'data_mb' | 'validity_days'>, locale: Locale): string {
  const data =
    plan.data_mb === null
      ? locale === 'en'
        ? 'Unlimited'
        : 'Sınırsız'
      : formatBytes(plan.data_mb * 1024 * 1024, locale);
  const days =
    locale === 'en'
      ? `${plan.validity_days} ${plan.validity_days === 1 ? 'day' : 'days'}`
      : `${plan.validity_days} gün`;
  return `${data} · ${days}`;
}

/** "Türkiye 3 GB · 7 gün", "Avrupa 5 GB · 15 gün", "Worldwide 10 GB · 30 days". */
export function planTitle(plan: PlanFacts, locale: Locale): string {
  return `${planPlace(plan, locale)} ${planAllowance(plan, locale)}`;
}

/** Both languages, for events whose mail is written in the buyer's language later. */
export const planTitles = (plan: PlanFacts) => ({
  planTitleTr: planTitle(plan, 'tr'),
  planTitleEn: planTitle(plan, 'en'),
});
