import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/** A manual-install row's value: the text beside its label. */
const valueOf = (label: string) => screen.getByText(label, { exact: true }).nextElementSibling?.textContent;

describe("a customer's eSIM order page", () => {
  it('shows the activation code as the storefront does, and the whole LPA string under its own name', async () => {
    renderApp({ session: SESSIONS.customer, path: '/orders/order-1/show' });
    await screen.findByText('Manuel kurulum', {}, { timeout: 30_000 });
    expect(valueOf('Aktivasyon kodu')).toBe('MATCH-1');
    expect(valueOf('LPA kodu')).toBe('LPA:1$smdp.example.com$MATCH-1');
    expect(valueOf('SM-DP+ adresi')).toBe('smdp.example.com');
  }, 60_000);

  it('lists the bundles an eSIM was topped up with beside its usage', async () => {
    const base = fakeDataProvider();
    const bundle = {
      order_id: 'order-1',
      order_number: 'ABCD1234',
      kind: 'initial',
      package_name: 'Başlangıç',
      data_mb: 3072,
      validity_days: 7,
      price: 14.99,
      price_cents: 1499,
      added_at: '2026-11-20T10:00:00.000Z',
    };
    const dataProvider = fakeDataProvider({
      read: async (path, query) =>
        /\/top-ups$/.test(path)
          ? ({
              bundles: [
                bundle,
                {
                  ...bundle,
                  order_id: 'order-2',
                  kind: 'top_up',
                  package_name: 'Standart',
                  data_mb: 5120,
                  validity_days: 15,
                  added_at: '2026-11-26T10:00:00.000Z',
                },
              ],
            } as never)
          : base.read(path, query),
    });
    renderApp({ session: SESSIONS.customer, path: '/orders/order-1/show', dataProvider });
    const list = await screen.findByTestId('esim-bundles', {}, { timeout: 30_000 });
    expect(list).toHaveTextContent('İlk paket');
    expect(list).toHaveTextContent(/Standart.*Yükleme · .*\+5 GB · 15 gün/);
  }, 60_000);
});
