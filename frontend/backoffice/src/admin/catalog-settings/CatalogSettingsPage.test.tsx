import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const RULE = { kind: 'percent', value: 30, rounding: 'x99', updated_by: null, updated_at: null };
const PREVIEW = {
  dry_run: true,
  changed: 3,
  packages: [
    { id: 'p-1', code: 'IT-AL-7D-1GB', cost_price: 8.1, old_price: 7.5, new_price: 10.99, resumed: true },
    { id: 'p-2', code: 'EU-AL-15D', cost_price: 12, old_price: 14.99, new_price: 15.99, resumed: false },
    { id: 'p-3', code: 'TR-7D-3GB', cost_price: 5.2, old_price: 9.99, new_price: 6.99, resumed: false },
  ],
};

function renderSettings(options: { locale?: 'tr' | 'en'; put?: (body: unknown) => unknown } = {}) {
  const fallback = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    read: async (path, query) => (path === 'admin/margin-rule' ? (RULE as never) : fallback.read(path, query)),
    send: async (method, path, body) => {
      dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
      if (path === 'admin/margin-rule') {
        const answer = options.put?.(body);
        if (answer instanceof Error) throw answer;
        return { data: { ...RULE, ...(body as object), updated_at: '2026-12-02T09:30:00.000Z' } as never, message: '' };
      }
      const dryRun = (body as { dry_run: boolean }).dry_run;
      return { data: { ...PREVIEW, dry_run: dryRun } as never, message: '' };
    },
  });
  renderApp({ session: SESSIONS.admin, path: '/admin/catalog-settings', dataProvider, locale: options.locale });
  return dataProvider;
}

beforeAll(async () => {
  await Promise.all([import('./CatalogSettingsPage'), import('../../App')]);
}, 60_000);

describe('catalog settings: the margin rule', () => {
  it('shows the rule with an example, and saves a fixed amount with another rounding', async () => {
    const user = userEvent.setup();
    const dataProvider = renderSettings();
    const value = await screen.findByLabelText('Kâr (%)', {}, { timeout: 30_000 });
    expect(value).toHaveValue('30');
    // 30 % over 4,20 € is 5,46 €: 5,99 €; over 10,00 €: 13,00 €, shown 13,99 €.
    expect(screen.getByText(/Örneğin: 4,20 € → 5,99 € · 10,00 € → 13,99 €/)).toBeInTheDocument();
    expect(screen.getByText('Mağazanın varsayılan kuralı')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sabit tutar' }));
    const fixed = screen.getByLabelText('Kâr (€)');
    await user.clear(fixed);
    await user.type(fixed, '2,5');
    await user.click(screen.getByLabelText('Yuvarlama'));
    await user.click(await screen.findByRole('option', { name: 'Tam euroya' }));
    expect(screen.getByText(/4,20 € → 7,00 €/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:PUT',
        resource: 'admin/margin-rule',
        params: { kind: 'fixed', value: 2.5, rounding: 'whole_euro' },
      }),
    );
    expect(await screen.findByText(/Son değişiklik/)).toBeInTheDocument();
  }, 60_000);

  it("refuses what is not a number before sending, and shows the catalog's refusal under its field", async () => {
    const user = userEvent.setup();
    const dataProvider = renderSettings({
      put: () =>
        Object.assign(new Error('refused'), {
          body: { message: 'Girilen bilgiler geçersiz', errors: { value: 'Yüzde en fazla 1000 olabilir' } },
        }),
    });
    const value = await screen.findByLabelText('Kâr (%)', {}, { timeout: 30_000 });
    await user.clear(value);
    await user.type(value, 'otuz');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(screen.getByText('En fazla iki ondalıklı bir sayı girin')).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([]);
    await user.clear(value);
    await user.type(value, '2000');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Yüzde en fazla 1000 olabilir')).toBeInTheDocument();
  }, 60_000);

  it('reprices from cost: shows each price that would change, then applies them after asking', async () => {
    const user = userEvent.setup();
    const dataProvider = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Neyin değişeceğini göster' }, { timeout: 30_000 }));
    const list = await screen.findByRole('list', { name: 'Neyin değişeceğini göster' });
    expect(within(list).getByText('Maliyet 8,10 €: 7,50 € → 10,99 €')).toBeInTheDocument();
    expect(within(list).getByText('Yeniden satışa çıkar')).toBeInTheDocument();
    // A price the rule lowers says so.
    expect(within(list).getAllByText('Fiyat düşer')).toHaveLength(1);
    expect(within(list).getByText('Maliyet 5,20 €: 9,99 € → 6,99 €')).toBeInTheDocument();
    expect(screen.getByText('3 fiyat değişir')).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([
      { method: 'send:POST', resource: 'admin/packages/reprice', params: { dry_run: true } },
    ]);
    await user.click(screen.getByRole('button', { name: '3 fiyatı uygula' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('3 fiyat değişsin mi?')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Onayla' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: 'admin/packages/reprice',
        params: { dry_run: false },
      }),
    );
  }, 60_000);

  it('speaks English', async () => {
    renderSettings({ locale: 'en' });
    expect(await screen.findByLabelText('Margin (%)', {}, { timeout: 30_000 })).toHaveValue('30');
    expect(screen.getByRole('heading', { name: 'Margin rule' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show what changes' })).toBeInTheDocument();
  }, 60_000);
});
