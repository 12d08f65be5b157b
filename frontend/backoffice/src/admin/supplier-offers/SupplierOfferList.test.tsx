import type { SupplierOfferView } from '@esim/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { suggestedCode } from './offers';

const SEEN = '2026-12-01T10:00:00.000Z';
const base = {
  data_mb: 1024,
  validity_days: 7,
  top_up: false,
  gone: false,
  gone_at: null,
  first_seen_at: SEEN,
  last_seen_at: SEEN,
  suggested_type: 'local' as const,
};
const UNMAPPED: SupplierOfferView = {
  ...base,
  id: 'offer-it',
  supplier: 'airalo',
  supplier_package_id: 'italy-7days-1gb',
  name: 'Italy 1 GB 7 Days',
  countries: ['IT'],
  net_cost: 4.2,
  mapped: false,
  package: null,
  suggested_price: 5.99,
};
const MAPPED: SupplierOfferView = {
  ...base,
  id: 'offer-jp',
  supplier: 'esimaccess',
  supplier_package_id: 'EA-JP-3GB',
  name: 'Japan 3GB 7Days',
  countries: ['JP'],
  data_mb: 3072,
  net_cost: 14.5,
  mapped: true,
  package: {
    id: 'pkg-jp',
    code: 'JP-7D-3GB',
    name_tr: 'Japonya Başlangıç',
    name_en: 'Japan Starter',
    retail_price: 13.99,
    active: true,
    paused_reason: 'cost_above_price',
  },
  suggested_price: 18.99,
};
const TOP_UP: SupplierOfferView = {
  ...UNMAPPED,
  id: 'offer-topup',
  supplier_package_id: 'italy-topup-1gb',
  name: 'Italy top-up 1 GB',
  top_up: true,
};
const OFFERS = [UNMAPPED, TOP_UP, MAPPED];
const PACKAGES = [
  {
    id: 'pkg-it-7',
    code: 'IT-7D-1GB',
    name_tr: 'İtalya Mini',
    name_en: 'Italy Mini',
    countries: ['IT'],
    data_mb: 1024,
    validity_days: 7,
    retail_price: 3.99,
    supplier: 'pool',
    supplier_package_id: null,
  },
  {
    id: 'pkg-eu',
    code: 'EUROPE-15D-5GB',
    name_tr: 'Avrupa 15 Gün',
    name_en: 'Europe 15 Days',
    countries: ['DE', 'FR', 'IT'],
    data_mb: 5120,
    validity_days: 15,
    retail_price: 24.99,
    supplier: 'pool',
    supplier_package_id: null,
  },
];
const RULE = {
  kind: 'percent',
  value: 30,
  rounding: 'x99',
  updated_by: null,
  updated_at: null,
};

function renderOffers(options: { locale?: 'tr' | 'en'; send?: (path: string, body: unknown) => unknown } = {}) {
  const fallback = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getList: async (resource, params) => {
      dataProvider.calls.push({ method: 'getList', resource, params });
      if (resource === 'admin/supplier-offers') return { data: OFFERS as never[], total: OFFERS.length };
      if (resource === 'admin/packages') return { data: PACKAGES as never[], total: PACKAGES.length };
      return fallback.getList(resource, params);
    },
    read: async (path, query) => (path === 'admin/margin-rule' ? (RULE as never) : fallback.read(path, query)),
    send: async (method, path, body, sendOptions) => {
      dataProvider.calls.push({ method: `send:${method}`, resource: path, params: { body, sendOptions } });
      const answer = options.send?.(path, body);
      if (answer instanceof Error) throw answer;
      return { data: (answer ?? {}) as never, message: '' };
    },
  });
  renderApp({ session: SESSIONS.admin, path: '/admin/supplier-offers', dataProvider, locale: options.locale });
  return dataProvider;
}

const rowOf = async (text: string) => (await screen.findByText(text, {}, { timeout: 30_000 })).closest('tr')!;
const sends = (dataProvider: ReturnType<typeof renderOffers>) =>
  dataProvider.calls.filter((call) => call.method.startsWith('send:'));

beforeAll(async () => {
  await Promise.all([import('./SupplierOfferList'), import('../../App')]);
}, 60_000);

describe('supplier packages', () => {
  it('suggests a code in the shop pattern from the offer', () => {
    expect(suggestedCode(UNMAPPED)).toBe('IT-7D-1GB-AL');
    expect(
      suggestedCode({ ...UNMAPPED, supplier: 'esimaccess', countries: ['DE', 'FR'], name: 'Eurolink+', data_mb: null }),
    ).toBe('EUROLINK-7D-UL-EA');
    // A top-up never suggests the code of the new eSIM of the same data and days.
    expect(suggestedCode({ ...UNMAPPED, top_up: true })).toBe('IT-7D-1GB-TOPUP-AL');
  });

  it('lists offers unmapped first with net cost, the rule price and the package each maps to; actions only where they apply', async () => {
    const dataProvider = renderOffers();
    const unmapped = await rowOf('Italy 1 GB 7 Days');
    expect(within(unmapped).getByText('4,20 €')).toBeInTheDocument();
    expect(within(unmapped).getByText('5,99 €')).toBeInTheDocument();
    expect(within(unmapped).getByText('Bağlı değil')).toBeInTheDocument();
    expect(within(unmapped).getByRole('button', { name: 'Paket oluştur' })).toBeInTheDocument();
    expect(within(unmapped).getByRole('button', { name: 'Pakete bağla' })).toBeInTheDocument();

    const mapped = await rowOf('Japan 3GB 7Days');
    expect(within(mapped).getByRole('link', { name: 'JP-7D-3GB' })).toHaveAttribute('href', '/admin/packages/pkg-jp');
    expect(within(mapped).getByText('Maliyet fiyatın üstünde')).toBeInTheDocument();
    expect(within(mapped).queryByRole('button', { name: 'Paket oluştur' })).toBeNull();

    const topUp = await rowOf('Italy top-up 1 GB');
    expect(within(topUp).getByText('Ek paket')).toBeInTheDocument();
    // A supplier's top-up is sold as a top-up-only package: it can be made one too.
    expect(within(topUp).getByRole('button', { name: 'Paket oluştur' })).toBeInTheDocument();

    expect(await screen.findByText('Kâr kuralı: maliyet + %30, bir sonraki x,99 €’ya yuvarlanır')).toBeInTheDocument();
    const list = dataProvider.calls.find((c) => c.method === 'getList' && c.resource === 'admin/supplier-offers');
    expect(list?.params).toMatchObject({ sort: { field: 'mapped', order: 'ASC' } });
  }, 60_000);

  it('creates a package from an offer: suggested code and price, checked before sending, one key per dialog', async () => {
    const user = userEvent.setup();
    let fail = true;
    const dataProvider = renderOffers({
      send: () => {
        if (!fail) return { id: 'new' };
        fail = false;
        return Object.assign(new Error('refused'), {
          body: { message: 'Bu paket kodu zaten kullanılıyor', errors: { code: 'Bu paket kodu zaten kullanılıyor' } },
        });
      },
    });
    await user.click(within(await rowOf('Italy 1 GB 7 Days')).getByRole('button', { name: 'Paket oluştur' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('italy-7days-1gb')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Kod/)).toHaveValue('IT-7D-1GB-AL');
    expect(within(dialog).getByLabelText(/^Ad \(Türkçe\)/)).toHaveValue('Italy 1 GB 7 Days');
    const price = within(dialog).getByLabelText(/^Satış fiyatı/);
    expect(price).toHaveValue('5,99');
    expect(within(dialog).getByText('Net maliyet 4,20 € · kâr 1,79 €')).toBeInTheDocument();

    // A price below the net cost is refused here, and nothing is sent.
    await user.clear(price);
    await user.type(price, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Paket oluştur' }));
    expect(within(dialog).getByText('Maliyet fiyatı satış fiyatından yüksek olamaz')).toBeInTheDocument();
    expect(sends(dataProvider)).toEqual([]);

    await user.clear(price);
    await user.type(price, '6,49');
    const name = within(dialog).getByLabelText(/^Ad \(Türkçe\)/);
    await user.clear(name);
    await user.type(name, 'İtalya 1 GB');
    await user.click(within(dialog).getByRole('button', { name: 'Paket oluştur' }));
    // The catalog's refusal goes under its field; the corrected request goes again with the same key.
    expect(await within(dialog).findByText('Bu paket kodu zaten kullanılıyor')).toBeInTheDocument();
    const code = within(dialog).getByLabelText(/^Kod/);
    await user.clear(code);
    await user.type(code, 'it-al-7d');
    await user.click(within(dialog).getByRole('button', { name: 'Paket oluştur' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, second] = sends(dataProvider);
    expect(second).toMatchObject({
      method: 'send:POST',
      resource: 'admin/supplier-offers/offer-it/package',
      params: {
        body: {
          code: 'IT-AL-7D',
          name_tr: 'İtalya 1 GB',
          name_en: 'Italy 1 GB 7 Days',
          type: 'local',
          retail_price: 6.49,
        },
      },
    });
    const keyOf = (call: typeof first) => (call!.params as { sendOptions: { idempotencyKey: string } }).sendOptions;
    expect(keyOf(second).idempotencyKey).toMatch(/^offer-package-/);
    expect(keyOf(second)).toEqual(keyOf(first));
  }, 60_000);

  it('maps an offer only to a package of the same countries, data and validity, saying what differs', async () => {
    const user = userEvent.setup();
    const dataProvider = renderOffers();
    await user.click(within(await rowOf('Italy 1 GB 7 Days')).getByRole('button', { name: 'Pakete bağla' }));
    const dialog = await screen.findByRole('dialog');
    const candidates = await within(dialog).findByRole('list', { name: 'Bağlanacak paketler' });
    const options = within(candidates).getAllByRole('radio');
    expect(options).toHaveLength(2);
    expect(options[0]).toBeEnabled();
    expect(options[1]).toBeDisabled();
    expect(within(candidates).getByText('Farklı: ülkeler, veri, geçerlilik')).toBeInTheDocument();
    expect(
      within(candidates).getByText('Ülkeler, veri ve geçerlilik aynı · şu an eSIM havuzundan satılıyor'),
    ).toBeInTheDocument();
    const packages = dataProvider.calls.find((c) => c.method === 'getList' && c.resource === 'admin/packages');
    expect(packages?.params).toMatchObject({ filter: { kind: 'esim', country: 'IT' } });

    await user.click(options[0]!);
    // IT-7D-1GB sells at 3,99 €, below the offer's 4,20 €: a new price is needed first.
    await user.click(within(dialog).getByRole('button', { name: 'Pakete bağla' }));
    expect(
      within(dialog).getByText('Paketin fiyatı 4,20 € net maliyetin altında: yeni bir fiyat girin'),
    ).toBeInTheDocument();
    expect(sends(dataProvider)).toEqual([]);
    await user.type(within(dialog).getByLabelText('Yeni satış fiyatı (isteğe bağlı)'), '5,49');
    await user.click(within(dialog).getByRole('button', { name: 'Pakete bağla' }));
    await waitFor(() =>
      expect(sends(dataProvider)).toEqual([
        expect.objectContaining({
          method: 'send:POST',
          resource: 'admin/supplier-offers/offer-it/map',
          params: expect.objectContaining({ body: { package_id: 'pkg-it-7', retail_price: 5.49 } }),
        }),
      ]),
    );
  }, 60_000);

  it('speaks English', async () => {
    renderOffers({ locale: 'en' });
    const row = await rowOf('Italy 1 GB 7 Days');
    expect(within(row).getByRole('button', { name: 'Create package' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Map to package' })).toBeInTheDocument();
    expect(within(await rowOf('Japan 3GB 7Days')).getByText('Cost above price')).toBeInTheDocument();
    expect(await screen.findByText('Margin rule: cost + 30%, rounded up to the next x,99 €')).toBeInTheDocument();
  }, 60_000);
});
