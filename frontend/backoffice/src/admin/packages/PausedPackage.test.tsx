import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const PACKAGE = {
  id: 'pkg-it',
  code: 'IT-AL-7D-1GB',
  name_tr: 'İtalya 1 GB',
  name_en: 'Italy 1 GB',
  type: 'local',
  kind: 'esim',
  countries: ['IT'],
  data_mb: 1024,
  validity_days: 7,
  retail_price: 5.99,
  cost_price: 6.4,
  recommended: false,
  features: [],
  active: true,
  provider_ref: null,
  network: '4G',
  hotspot: true,
  validity_start: 'first_connection',
  operators: [],
  supplier: 'airalo',
  supplier_package_id: 'it-7d-1gb',
  paused_reason: 'cost_above_price',
  paused_at: '2026-12-02T09:00:00.000Z',
  on_sale: false,
  created_at: '2026-12-01T09:00:00.000Z',
  updated_at: '2026-12-02T09:00:00.000Z',
};
const GONE = { ...PACKAGE, id: 'pkg-gone', code: 'WORLD-AL-30D', paused_reason: 'offer_gone' };

const RULE = { kind: 'percent', value: 30, rounding: 'x99', updated_by: null, updated_at: null };

function renderPackages(locale: 'tr' | 'en' = 'tr') {
  const dataProvider = fakeDataProvider({
    read: async (path) => {
      if (path === 'admin/margin-rule') return RULE as never;
      throw new Error(`no answer for ${path}`);
    },
    getList: async (resource, params) => {
      dataProvider.calls.push({ method: 'getList', resource, params });
      return resource === 'admin/packages' ? { data: [PACKAGE, GONE] as never[], total: 2 } : { data: [], total: 0 };
    },
  });
  renderApp({ session: SESSIONS.admin, path: '/admin/packages', dataProvider, locale });
  return dataProvider;
}
const rowOf = async (code: string) => (await screen.findByText(code, {}, { timeout: 30_000 })).closest('tr')!;

beforeAll(async () => {
  await Promise.all([import('./PackageList'), import('../../App')]);
}, 60_000);

describe('paused packages in the admin package list', () => {
  it('shows why each stopped selling; only one paused for its cost offers "resume"', async () => {
    renderPackages();
    const paused = await rowOf('IT-AL-7D-1GB');
    expect(within(paused).getByText('Maliyet fiyatın üstünde')).toBeInTheDocument();
    expect(within(paused).getByRole('button', { name: 'Satışa devam et' })).toBeInTheDocument();
    const gone = await rowOf('WORLD-AL-30D');
    expect(within(gone).getByText('Tedarikçi durdurdu')).toBeInTheDocument();
    expect(within(gone).queryByRole('button', { name: 'Satışa devam et' })).toBeNull();
  }, 60_000);

  it('resumes at a price: below the cost only once the admin says they sell at a loss', async () => {
    const user = userEvent.setup();
    const dataProvider = renderPackages();
    await user.click(within(await rowOf('IT-AL-7D-1GB')).getByRole('button', { name: 'Satışa devam et' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Maliyeti 6,40 €, fiyatı 5,99 €. Verdiğiniz fiyatla yeniden satışa çıkar.'),
    ).toBeInTheDocument();
    const price = within(dialog).getByLabelText('Satış fiyatı');
    // The margin rule's price over the cost: 6,40 € + 30 % = 8,32 €, shown as 8,99 €.
    await waitFor(() => expect(price).toHaveValue('8,99'));
    expect(within(dialog).getByText('Kâr kuralına göre 8,99 €')).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '6,20');
    const resume = within(dialog).getByRole('button', { name: 'Satışa devam et' });
    expect(resume).toBeDisabled();
    await user.click(within(dialog).getByLabelText('6,40 € maliyetinin altında satıldığını biliyorum'));
    await user.click(resume);
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: 'admin/packages/pkg-it/resume',
        params: { retail_price: 6.2, allow_below_cost: true },
      }),
    );
  }, 60_000);

  it('speaks English', async () => {
    renderPackages('en');
    const paused = await rowOf('IT-AL-7D-1GB');
    expect(within(paused).getByText('Cost above price')).toBeInTheDocument();
    expect(within(paused).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  }, 60_000);
});
