import { describe, expect, it } from 'vitest';
// A contract between two parts of the repository: the storefront's prerendered pages and the catalog's seed.
import { buildReferenceCountries } from '../../services/catalog/src/countries/reference';
import { PRERENDERED_COUNTRIES } from '../../frontend/storefront/src/features/catalog/prerendered';

// The prerendered country pages show these names and flag until the API answers: they must be
// the ones the catalog seeds, or the heading changes under the visitor's eyes.
describe('PRERENDERED_COUNTRIES', () => {
  const seeded = new Map(buildReferenceCountries().map((country) => [country.slug, country]));

  it.each(Object.entries(PRERENDERED_COUNTRIES))('%s has the catalog seed’s names, codes and flag', (slug, shown) => {
    const country = seeded.get(slug);
    expect(country, `the catalog seeds no country with slug ${slug}`).toBeDefined();
    expect(shown).toEqual({
      flag: country!.a2.toLowerCase(),
      a3: country!.a3,
      tr: country!.name_tr,
      en: country!.name_en,
    });
  });
});
