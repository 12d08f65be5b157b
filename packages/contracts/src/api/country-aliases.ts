/**
 * Names travellers type that are not a country's own name or code ("UK" is not GB's code,
 * "America" is first of all American Samoa by name): each names one country (ISO alpha-2), which a
 * search then lists first. Keys are folded: lower case, no accents, Turkish ı/İ as i.
 */
export const COUNTRY_ALIASES: Readonly<Record<string, string>> = {
  uk: 'GB',
  england: 'GB',
  ingiltere: 'GB',
  britain: 'GB',
  'great britain': 'GB',
  'buyuk britanya': 'GB',
  usa: 'US',
  us: 'US',
  america: 'US',
  amerika: 'US',
  abd: 'US',
  korea: 'KR',
  kore: 'KR',
  uae: 'AE',
  bae: 'AE',
  dubai: 'AE',
  emirates: 'AE',
  holland: 'NL',
  hollanda: 'NL',
  czech: 'CZ',
  cek: 'CZ',
  'czech republic': 'CZ',
  'cek cumhuriyeti': 'CZ',
  russia: 'RU',
  rusya: 'RU',
};
