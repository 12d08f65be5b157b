import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKeys } from '@esim/platform/testing';
// A contract between two parts of the repository: the storefront's prerendered answers and the catalog's demo seed.
import { buildApp } from '../../services/catalog/src/app';
import { seedDemoData } from '../../services/catalog/src/seed';
import { REGION_SAMPLES } from '../../frontend/storefront/src/features/catalog/regional';
import {
  demoCountries,
  demoCountryPackages,
  demoCoverage,
  demoDestinations,
  demoRegions,
} from '../../frontend/storefront/src/features/catalog/demoAnswers';

// A prerendered page embeds these as the catalogue's answers and keeps the lists made from them
// until the API answers: they must be what the catalog serves after its demo seed, or the lists
// change under the visitor's eyes (and are rendered again for nothing).
let app: Awaited<ReturnType<typeof buildApp>>;
beforeAll(async () => {
  app = await buildApp({ jwks: (await createTestKeys()).jwks });
  await seedDemoData(app.db);
});
afterAll(async () => {
  await app.close();
});

const served = async (url: string, lng: 'tr' | 'en') => {
  const res = await app.inject({ url, headers: { 'accept-language': lng } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

/** The database makes the packages' ids; the prerender uses their codes (no purchase is offered before the API answers). */
const withoutIds = (answer: { packages: Array<{ id: string }>; regional_packages: Array<{ id: string }> }) => ({
  ...answer,
  packages: answer.packages.map((p) => ({ ...p, id: undefined })),
  regional_packages: answer.regional_packages.map((p) => ({ ...p, id: undefined })),
});

describe.each(['tr', 'en'] as const)('the demo catalogue’s answers the storefront prerenders (%s)', (lng) => {
  it('are the catalog’s lists, destinations, regions and coverage', async () => {
    expect(demoCountries(lng)).toEqual(await served('/public/countries', lng));
    expect(demoDestinations(lng)).toEqual(await served('/public/destinations', lng));
    expect(demoRegions(lng)).toEqual(await served('/public/regions', lng));
    expect(demoCoverage(lng)).toEqual(await served('/public/coverage', lng));
  });

  it.each([...REGION_SAMPLES, 'united-states'])('are the catalog’s packages of %s, ids aside', async (slug) => {
    const prerendered = demoCountryPackages(slug, lng)!;
    expect(prerendered.packages.map((p) => p.id)).toEqual(prerendered.packages.map((p) => p.code));
    expect(withoutIds(prerendered)).toEqual(withoutIds(await served(`/public/countries/${slug}/packages`, lng)));
  });
});
