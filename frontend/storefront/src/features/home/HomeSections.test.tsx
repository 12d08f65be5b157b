import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_PACKAGES } from '@esim/contracts';
import { NAMESPACES } from '../../i18n/resources';
import { renderPage } from '../../test/render';
import HomeSections from './HomeSections';

/** Every "N+ countries" figure the texts state, in both languages. */
function statedCountryFigures(): number[] {
  const text = JSON.stringify(Object.values(NAMESPACES).map((ns) => [ns.tr, ns.en]));
  const figures = [
    ...text.matchAll(/(\d+)\+(?:\s*(?:ülke|Ülke|countr|Countr)|",\s*"?label"?:\s*"(?:Ülke|Countries))/g),
  ].map((match) => Number(match[1]));
  return figures;
}

describe('the marketing figures agree with the catalogue', () => {
  it('no text promises more countries than the demo catalogue sells', () => {
    const sold = new Set(DEMO_PACKAGES.flatMap((pkg) => pkg.countries)).size;
    const figures = statedCountryFigures();
    expect(figures.length).toBeGreaterThan(5);
    expect(figures.filter((figure) => figure > sold)).toEqual([]);
  });

  it("the home page's country figure is the catalogue's count once it answers", () => {
    const destinations = { data: { quick: [], featured: [], country_count: 131 }, loading: false };
    renderPage(<HomeSections destinations={destinations} />);
    expect(screen.getByText('131')).toBeInTheDocument();
    expect(screen.getByText('Ülke')).toBeInTheDocument();
  });
});
