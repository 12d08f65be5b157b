import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BRAND, DEMO_SELLER, sellerView, type ShopIdentity } from '@esim/contracts';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const IDENTITY: ShopIdentity = {
  brand_name: 'Yelkovan Demo',
  logo_url: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
  primary_color: '#0b57d0',
  secondary_color: '#b3261e',
  support_email: DEMO_SELLER.email,
  support_phone: DEMO_SELLER.phone,
  legal_name: DEMO_SELLER.name,
  address: DEMO_SELLER.address,
  tax_office: DEMO_SELLER.taxOffice,
  tax_number: '0000000000',
  mersis: DEMO_SELLER.mersis,
  legal_entity_complete: false,
  updated_by: null,
  updated_at: null,
};

/** The "Shop identity" card over a fake API: the auth service's identity, read and changed field by field. */
function renderCard(refuse?: (body: unknown) => Error | null) {
  const fallback = fakeDataProvider();
  let publicShop = { brand: DEMO_BRAND, seller: sellerView(DEMO_SELLER) };
  const dataProvider = fakeDataProvider({
    read: async (path, query) => {
      dataProvider.calls.push({ method: 'read', resource: path });
      if (path === 'admin/shop/identity') return IDENTITY as never;
      if (path === 'public/shop') return publicShop as never;
      return fallback.read(path, query);
    },
    send: async (method, path, body) => {
      dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
      const refusal = refuse?.(body);
      if (refusal) throw refusal;
      const saved = { ...IDENTITY, ...(body as object), updated_at: '2026-12-12T09:30:00.000Z' };
      publicShop = { ...publicShop, brand: { ...publicShop.brand, name: saved.brand_name } };
      return { data: saved as never, message: 'Mağaza kimliği kaydedildi' };
    },
  });
  renderApp({ session: SESSIONS.admin, path: '/admin/shop-settings', dataProvider });
  return dataProvider;
}

const sends = (dataProvider: ReturnType<typeof fakeDataProvider>) =>
  dataProvider.calls.filter((c) => c.method.startsWith('send:'));

beforeAll(async () => {
  await Promise.all([import('./ShopSettingsPage'), import('../../App')]);
}, 60_000);

describe('the shop identity card', () => {
  it('shows every field, the logo preview, the colours and the warning of an incomplete seller; the top bar shows the brand', async () => {
    renderCard();
    const brand = await screen.findByLabelText('Marka adı', {}, { timeout: 30_000 });
    const card = brand.closest('form') as HTMLElement;
    expect(within(card).getByRole('heading', { name: 'Mağaza kimliği' })).toBeVisible();
    expect(brand).toHaveValue('Yelkovan Demo');
    for (const [label, value] of [
      ['Destek e-postası', DEMO_SELLER.email],
      ['Destek telefonu', DEMO_SELLER.phone],
      ['Ticaret unvanı', DEMO_SELLER.name],
      ['Adres', DEMO_SELLER.address],
      ['Vergi dairesi', DEMO_SELLER.taxOffice],
      ['Vergi kimlik numarası (VKN)', '0000000000'],
      ['MERSİS numarası', DEMO_SELLER.mersis],
    ] as Array<[string, string]>)
      expect(within(card).getByLabelText(label)).toHaveValue(value);
    expect(
      within(card)
        .getAllByLabelText('Ana renk')
        .map((input) => (input as HTMLInputElement).value),
    ).toEqual(['#0b57d0', '#0b57d0']);
    expect(within(card).getByRole('img', { name: 'Logo önizlemesi' })).toHaveAttribute('src', IDENTITY.logo_url);
    expect(within(card).getByRole('alert')).toHaveTextContent(/Satıcı bilgileri eksik/);
    expect(within(card).getByRole('button', { name: 'Kaydet' })).toBeDisabled();
    expect(await screen.findByTestId('brand-mark')).toHaveTextContent('Yelkovan Demo');
  }, 60_000);

  it('sends only what changed, shows the field the service refuses, and the top bar follows the saved brand', async () => {
    const user = userEvent.setup();
    let refuseOnce = true;
    const dataProvider = renderCard(() => {
      if (!refuseOnce) return null;
      refuseOnce = false;
      return Object.assign(new Error('refused'), {
        body: {
          message: 'Girilen bilgiler geçersiz',
          errors: { tax_number: 'Vergi kimlik numarası (VKN) 10 haneli olmalı' },
        },
      });
    });
    const brand = await screen.findByLabelText('Marka adı', {}, { timeout: 30_000 });
    const card = brand.closest('form') as HTMLElement;
    const vkn = within(card).getByLabelText('Vergi kimlik numarası (VKN)');
    await user.clear(vkn);
    await user.type(vkn, '12345');
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    expect(await within(card).findByText('Vergi kimlik numarası (VKN) 10 haneli olmalı')).toBeVisible();

    await user.clear(vkn);
    await user.type(vkn, '1234567890');
    await user.clear(brand);
    await user.type(brand, 'Pusula Seyahat');
    await user.click(within(card).getByRole('button', { name: 'Logoyu kaldır' }));
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByTestId('brand-mark')).toHaveTextContent('Pusula Seyahat');
    expect(sends(dataProvider)).toEqual([
      { method: 'send:PUT', resource: 'admin/shop/identity', params: { tax_number: '12345' } },
      {
        method: 'send:PUT',
        resource: 'admin/shop/identity',
        params: { brand_name: 'Pusula Seyahat', tax_number: '1234567890', logo_url: null },
      },
    ]);
  }, 60_000);
});
