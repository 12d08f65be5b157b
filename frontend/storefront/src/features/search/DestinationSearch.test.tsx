import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DestinationHit, PublicCountry, PublicPackage } from '@esim/contracts';
import { renderPage } from '../../test/render';
import { DestinationSearch } from './DestinationSearch';

afterEach(() => vi.unstubAllGlobals());

const country = (code: string, name: string, slug: string): DestinationHit => ({
  type: 'country',
  country: {
    code,
    a3: code,
    name,
    name_tr: name,
    name_en: name,
    slug,
    flag: code.toLowerCase(),
    region: 'europe',
    coverage_status: 'covered',
    has_packages: true,
    price_from: 4.99,
    price_validity_days: 7,
    currency: 'EUR',
  } satisfies PublicCountry,
});
const europe: PublicPackage = {
  id: 'p-eu',
  code: 'EUROPE-15D-5GB',
  name: 'Avrupa 15 Gün',
  name_tr: 'Avrupa 15 Gün',
  name_en: 'Europe 15 Days',
  type: 'regional',
  duration: 15,
  data: '5 GB',
  data_mb: 5120,
  unlimited: false,
  price: 24.99,
  currency: 'EUR',
  recommended: true,
  features: [],
  country_count: 40,
  network: '5G',
  hotspot: true,
  validity_start: 'first_connection',
  coverage: [{ code: 'CZ', name: 'Çekya', operators: ['O2'] }],
};

/** The catalog's answer to each query, as GET /public/search gives it. */
function answering(answers: Record<string, DestinationHit[]>) {
  const fetchMock = vi.fn(async (url: string) => {
    const q = new URL(url, 'http://shop.test').searchParams.get('q') ?? '';
    return new Response(JSON.stringify({ success: true, code: 'ok', message: 'ok', data: answers[q] ?? [] }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const renderSearch = () =>
  renderPage(<DestinationSearch label="Ülke, bölge veya kod" placeholder="Nereye?" noMatch="Eşleşen yok" />, {
    extraRoutes: [{ path: '/packages/:country', element: <p>country page</p> }],
  });

describe('destination search', () => {
  it('asks the catalog’s search and lists its countries in its order; a country opens its page', async () => {
    const fetchMock = answering({ UK: [country('GB', 'Birleşik Krallık', 'united-kingdom')] });
    const { router } = renderSearch();
    await userEvent.type(screen.getByRole('combobox'), 'UK');
    const option = await screen.findByRole('option', { name: /Birleşik Krallık/ });
    expect(screen.getAllByRole('option')).toHaveLength(1);
    expect(String(fetchMock.mock.calls.at(-1)![0])).toMatch(/\/public\/search\?q=UK$/);
    await userEvent.click(option);
    expect(router.state.location.pathname).toBe('/packages/united-kingdom');
  });

  it('a regional plan is listed as one, with its countries, data and price, and opens its details', async () => {
    answering({ Avrupa: [{ type: 'plan', plan: europe }] });
    renderSearch();
    await userEvent.type(screen.getByRole('combobox'), 'Avrupa');
    const option = await screen.findByRole('option', { name: /Avrupa 15 Gün/ });
    expect(option).toHaveTextContent('Bölgesel paket · 40 ülke · 5 GB · 24,99 €');
    await userEvent.click(option);
    expect(await screen.findByRole('dialog', { name: 'Avrupa 15 Gün: plan ayrıntıları' })).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('Enter opens the first match; nothing found says so', async () => {
    answering({ zzz: [], Almanya: [country('DE', 'Almanya', 'germany')] });
    const { router } = renderSearch();
    await userEvent.type(screen.getByRole('combobox'), 'zzz');
    expect(await screen.findByText('Eşleşen yok')).toBeInTheDocument();
    await userEvent.clear(screen.getByRole('combobox'));
    await userEvent.type(screen.getByRole('combobox'), 'Almanya');
    await screen.findByRole('option', { name: /Almanya/ });
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/packages/germany');
  });
});
