import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { dealerPackage, fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const dealerId = SESSIONS.dealer.user.id;
const pkg = (id: string, name: string, base: number, dealer: number | null) =>
  dealerPackage(id, { name, base_price: base, dealer_price: dealer });
const PACKAGES = [pkg('tr-1gb', 'Türkiye 1 GB', 5, 4.5), pkg('de-3gb', 'Almanya 3 GB', 12, null)];

function renderPricing(refuse?: Record<string, string>) {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    read: async (path, query) =>
      path === `sales-manager/dealers/${dealerId}/packages` ? (PACKAGES as never) : base.read(path, query),
    // The catalog's answer to a price below cost: the whole change refused, each refused price under its field.
    ...(refuse
      ? {
          send: async (method: string, path: string, body: unknown) => {
            dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
            const message = 'Fiyat maliyetin altında olamaz: DE-3GB';
            throw new HttpError(message, 422, { message, errors: refuse });
          },
        }
      : {}),
  });
  renderApp({ session: SESSIONS.salesManager, path: `/sales-manager/dealers/${dealerId}/pricing`, dataProvider });
  const saves = () => dataProvider.calls.filter((c) => c.method === 'send:PUT');
  return { dataProvider, saves };
}

const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

describe('dealer pricing: saving one row', () => {
  it("asks first with the row's old and new price; cancelling saves nothing, confirming saves that row", async () => {
    const user = userEvent.setup();
    const { saves } = renderPricing();
    const [first] = await screen.findAllByRole('textbox', { name: 'Bayi fiyatı' });
    await user.clear(first!);
    await user.type(first!, '3,90');
    const [saveFirst] = screen.getAllByRole('button', { name: 'Kaydet' });
    await user.click(saveFirst!);

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Fiyat değişsin mi?')).toBeInTheDocument();
    expect(plain(dialog.textContent)).toContain('Türkiye 1 GB: 4,50 € → 3,90 €');
    expect(saves()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Vazgeç' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(saves()).toEqual([]);

    await user.click(saveFirst!);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({
      resource: `sales-manager/dealers/${dealerId}/packages/tr-1gb`,
      params: { price: 3.9 },
    });
  }, 60_000);

  it('Enter asks too, and a row on the list price shows it as such', async () => {
    const user = userEvent.setup();
    const { saves } = renderPricing();
    const [, second] = await screen.findAllByRole('textbox', { name: 'Bayi fiyatı' });
    await user.type(second!, '10{Enter}');
    const dialog = await screen.findByRole('dialog');
    expect(plain(dialog.textContent)).toContain('Almanya 3 GB: 12,00 € (liste fiyatı) → 10,00 €');
    expect(saves()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({
      resource: `sales-manager/dealers/${dealerId}/packages/de-3gb`,
      params: { price: 10 },
    });
  }, 60_000);

  it("a change the catalog refuses as below cost shows the catalog's reason under each refused row", async () => {
    const user = userEvent.setup();
    const { saves } = renderPricing({ 'packages.1.price': 'Fiyat maliyetin altında olamaz: DE-3GB' });
    const [first, second] = await screen.findAllByRole('textbox', { name: 'Bayi fiyatı' });
    await user.clear(first!);
    await user.type(first!, '4,20');
    await user.type(second!, '1');
    await user.click(screen.getByRole('button', { name: '2 değişikliği kaydet' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    const refused = (await screen.findAllByText('Fiyat maliyetin altında olamaz: DE-3GB')).find((el) =>
      el.closest('tr'),
    )!;
    expect(within(refused.closest('tr')!).getByText('Almanya 3 GB')).toBeInTheDocument();
    // The dialog fades out before the page is reachable again.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: '2 değişikliği kaydet' })).toBeEnabled();
  }, 60_000);
});
