import { applyPercentage, percentageToHundredths } from '@esim/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dealerPackage, fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const dealerId = SESSIONS.dealer.user.id;
const pkg = (id: string, base: number, cost: number) =>
  dealerPackage(id, { name: `Paket ${id}`, name_en: `Package ${id}`, base_price: base, cost_price: cost });
// List prices whose repriced value lands on or near half a cent, where float arithmetic rounds the wrong way.
const PACKAGES = [pkg('a', 14.99, 10), pkg('b', 1.15, 0.5), pkg('c', 10, 9.5), pkg('d', 10.01, 1), pkg('e', 24.99, 20)];
const PAUSED = dealerPackage('p', {
  name: 'Paket p',
  base_price: 5.99,
  cost_price: 6.4,
  paused_reason: 'cost_above_price',
  on_sale: false,
});

function renderAdminPricing(packages = PACKAGES) {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getOne: async (resource, params) =>
      resource === 'admin/dealers'
        ? { data: { id: params.id, company_name: 'Deniz Telekom Ltd. Şti.', full_name: 'Deniz Bayi' } as never }
        : base.getOne(resource, params),
    read: async (path, query) => {
      if (path === `admin/dealers/${dealerId}/packages`) return packages as never;
      if (path === `admin/dealers/${dealerId}/price-history`) return [] as never;
      return base.read(path, query);
    },
  });
  renderApp({ session: SESSIONS.admin, path: `/admin/dealers/${dealerId}/pricing`, dataProvider });
  return dataProvider;
}

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');
const euros = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')} €`;

describe('admin dealer pricing: percentage preview', () => {
  it("shows every package's new price exactly as the catalog rounds it, and saves only after the preview", async () => {
    const user = userEvent.setup();
    const dataProvider = renderAdminPricing();
    await user.click(await screen.findByRole('button', { name: 'Yüzdeyle değiştir' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: /Liste fiyatına göre yüzde/ });

    // Typed the Turkish way ("10,5"); each expected figure is the catalog test's, e.g. 14.99 × 1.105 = 16.56395 → 16.56.
    const table: Array<[string, number, Record<string, number>]> = [
      ['10,5', 10.5, { a: 1656, b: 127, c: 1105, d: 1106, e: 2761 }],
      ['10', 10, { a: 1649, b: 127, c: 1100, d: 1101, e: 2749 }],
      ['50', 50, { a: 2249, b: 173, c: 1500, d: 1502, e: 3749 }],
      ['0,05', 0.05, { a: 1500, b: 115, c: 1001, d: 1002, e: 2500 }],
      ['-10', -10, { a: 1349, b: 104, c: 900, d: 901, e: 2249 }],
    ];
    for (const [typed, percentage, expected] of table) {
      await user.clear(field);
      await user.paste(typed);
      for (const row of PACKAGES) {
        const cents = applyPercentage(Math.round(row.base_price * 100), percentageToHundredths(percentage));
        expect(cents, `${row.id} at ${typed}%`).toBe(expected[row.id]);
        const cell = within(within(dialog).getByTestId(`preview-${row.id}`)).getByTestId('new-price');
        expect(plain(cell.textContent), `${row.id} at ${typed}%`).toBe(euros(cents));
      }
    }
    // -10 % puts package c (10,00 → 9,00) below its 9,50 cost: the preview says so before anything is saved.
    expect(within(within(dialog).getByTestId('preview-c')).getByText('Maliyetin altında')).toBeInTheDocument();
    expect(within(dialog).getByText('1 paketin yeni fiyatı maliyetin altında.')).toBeInTheDocument();
    expect(plain(within(dialog).getByTestId('below-cost').textContent)).toContain(
      'Paket c (C): 9,00 €, maliyet 9,50 €',
    );
    expect(within(dialog).getByRole('button', { name: '5 fiyatı kaydet' })).toBeDisabled();
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Maliyetin altındaki fiyatlara izin ver' }));
    await user.click(within(dialog).getByRole('button', { name: '5 fiyatı kaydet' }));
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'send:PUT')).toHaveLength(1));
    expect(dataProvider.calls.find((c) => c.method === 'send:PUT')).toMatchObject({
      resource: `admin/dealers/${dealerId}/packages/percentage`,
      params: { percentage: -10, allow_below_cost: true },
    });
  }, 90_000);

  it('a refused percentage is named before anything is sent', async () => {
    const user = userEvent.setup();
    renderAdminPricing();
    await user.click(await screen.findByRole('button', { name: 'Yüzdeyle değiştir' }, { timeout: 30_000 }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: /Liste fiyatına göre yüzde/ }), '10,555');
    expect(
      within(dialog).getByText('-100 ile 1000 arasında, en fazla iki ondalıklı bir yüzde girin'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /fiyatı kaydet/ })).toBeDisabled();
  });
});

describe('admin dealer pricing: prices below cost are named in the confirmation', () => {
  it("a row's save names its price below cost; confirming waits for the admin to allow it, then says so to the catalog", async () => {
    const user = userEvent.setup();
    const dataProvider = renderAdminPricing();
    const fields = await screen.findAllByRole('textbox', { name: 'Bayi fiyatı' }, { timeout: 30_000 });
    await user.type(fields[2]!, '9{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(plain(dialog.textContent)).toContain('Paket c: 10,00 € (liste fiyatı) → 9,00 €');
    expect(plain(within(dialog).getByTestId('below-cost').textContent)).toContain(
      'Paket c (C): 9,00 €, maliyet 9,50 €',
    );
    const confirm = within(dialog).getByRole('button', { name: 'Onayla' });
    expect(confirm).toBeDisabled();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Maliyetin altındaki fiyatlara izin ver' }));
    await user.click(confirm);
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'send:PUT')).toHaveLength(1));
    expect(dataProvider.calls.find((c) => c.method === 'send:PUT')).toMatchObject({
      resource: `admin/dealers/${dealerId}/packages/c`,
      params: { price: 9, allow_below_cost: true },
    });
  }, 60_000);

  it('a bulk price lists only the rows it would put below cost, and a price above cost asks without a warning', async () => {
    const user = userEvent.setup();
    const dataProvider = renderAdminPricing();
    await user.click(await screen.findByRole('checkbox', { name: 'Paket a' }, { timeout: 30_000 }));
    await user.click(screen.getByRole('checkbox', { name: 'Paket c' }));
    await user.type(screen.getByRole('textbox', { name: 'Seçilenlerin fiyatı' }), '9,60');
    await user.click(screen.getByRole('button', { name: '2 seçiliye uygula' }));
    const dialog = await screen.findByRole('dialog');
    const notice = plain(within(dialog).getByTestId('below-cost').textContent);
    expect(notice).toContain('Paket a (A): 9,60 €, maliyet 10,00 €');
    expect(notice).not.toContain('Paket c');
    expect(notice).toContain('hiçbir fiyat değişmez');
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('checkbox', { name: 'Paket a' }));
    await user.click(screen.getByRole('button', { name: '1 seçiliye uygula' }));
    const second = await screen.findByRole('dialog');
    expect(within(second).queryByTestId('below-cost')).toBeNull();
    await user.click(within(second).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'send:PUT')).toHaveLength(1));
    expect(dataProvider.calls.find((c) => c.method === 'send:PUT')!.params).toEqual({
      packages: [{ package_id: 'c', price: 9.6 }],
    });
  }, 60_000);

  it('a paused package says so and is left out of a percentage over every package', async () => {
    const user = userEvent.setup();
    renderAdminPricing([...PACKAGES, PAUSED]);
    const name = await screen.findByText('Paket p', {}, { timeout: 30_000 });
    expect(within(name.closest('tr')!).getByText('Maliyet fiyatın üstünde')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Yüzdeyle değiştir' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('5 paketin fiyatını yüzdeyle değiştir')).toBeInTheDocument();
  }, 60_000);
});
