import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { BALANCE_SETTINGS, fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const RETURNS = { return_window_days: 15, auto_approve_unactivated_returns: false, updated_by: null, updated_at: null };

/** The shop settings page over a fake API: each card reads and writes its own service's settings. */
function renderSettings(
  options: {
    locale?: 'tr' | 'en';
    balance?: Partial<typeof BALANCE_SETTINGS>;
    refuse?: (path: string, body: unknown) => Error | null;
  } = {},
) {
  const fallback = fakeDataProvider();
  const balance = { ...BALANCE_SETTINGS, ...options.balance };
  const dataProvider = fakeDataProvider({
    read: async (path, query) =>
      path === 'admin/balance/settings'
        ? (balance as never)
        : path === 'admin/physical-sim/settings'
          ? (RETURNS as never)
          : fallback.read(path, query),
    send: async (method, path, body) => {
      dataProvider.calls.push({ method: `send:${method}`, resource: path, params: body });
      const refusal = options.refuse?.(path, body);
      if (refusal) throw refusal;
      const base = path === 'admin/balance/settings' ? balance : RETURNS;
      return {
        data: { ...base, ...(body as object), updated_at: '2026-12-12T09:30:00.000Z' } as never,
        message: 'Ayarlar güncellendi',
      };
    },
  });
  renderApp({ session: SESSIONS.admin, path: '/admin/shop-settings', dataProvider, locale: options.locale });
  return dataProvider;
}

const sends = (dataProvider: ReturnType<typeof fakeDataProvider>) =>
  dataProvider.calls.filter((c) => c.method.startsWith('send:'));

beforeAll(async () => {
  await Promise.all([import('./ShopSettingsPage'), import('../../App')]);
}, 60_000);

describe('shop settings', () => {
  it('shows both services’ settings and warns that the IBAN is a placeholder', async () => {
    renderSettings();
    expect(
      await screen.findByRole('heading', { name: 'Mağaza Ayarları', level: 1 }, { timeout: 30_000 }),
    ).toBeVisible();
    expect(await screen.findByLabelText('IBAN')).toHaveValue('TR00 0000 0000 0000 0000 0000 00');
    expect(screen.getByLabelText('Hesap sahibi')).toHaveValue('Yelkovan Demo Teknoloji A.Ş.');
    expect(screen.getByLabelText('Bir talepte en fazla')).toHaveValue('100000');
    expect(screen.getByLabelText('Tutarı yeniden yazma eşiği')).toHaveValue('1000');
    expect(await screen.findByLabelText('İade süresi')).toHaveValue('15');
    expect(
      screen.getByRole('switch', { name: 'Hiç etkinleştirilmemiş kartların iadesini hemen onayla' }),
    ).not.toBeChecked();
    expect(screen.getByRole('alert')).toHaveTextContent(/IBAN bir yer tutucu \(demo\)/);
    // Nothing changed yet: nothing to save.
    for (const save of screen.getAllByRole('button', { name: 'Kaydet' })) expect(save).toBeDisabled();
  }, 60_000);

  it('checks the IBAN before sending, then sends only what changed, amounts in euros', async () => {
    const user = userEvent.setup();
    const dataProvider = renderSettings();
    const iban = await screen.findByLabelText('IBAN', {}, { timeout: 30_000 });
    await user.clear(iban);
    await user.type(iban, 'TR34 0006 1005 1978 6457 8413 26');
    const card = iban.closest('form') as HTMLElement;
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    expect(within(card).getByText('Geçerli bir IBAN girin (ör. TR33 0006 1005 1978 6457 8413 26)')).toBeVisible();
    expect(sends(dataProvider)).toEqual([]);

    await user.clear(iban);
    await user.type(iban, 'TR33 0006 1005 1978 6457 8413 26');
    const threshold = within(card).getByLabelText('Tutarı yeniden yazma eşiği');
    await user.clear(threshold);
    await user.type(threshold, '2500,50');
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(sends(dataProvider)).toEqual([
        {
          method: 'send:PUT',
          resource: 'admin/balance/settings',
          params: { iban: 'TR33 0006 1005 1978 6457 8413 26', confirm_retype_above: 2500.5 },
        },
      ]),
    );
    expect(await within(card).findByText(/Son değişiklik/)).toBeVisible();
  }, 60_000);

  it('shows the service’s refusal under its field', async () => {
    const user = userEvent.setup();
    const dataProvider = renderSettings({
      refuse: () =>
        Object.assign(new Error('refused'), {
          body: { message: 'Girilen bilgiler geçersiz', errors: { deposit_max: 'Tutar çok büyük' } },
        }),
    });
    const max = await screen.findByLabelText('Bir talepte en fazla', {}, { timeout: 30_000 });
    await user.clear(max);
    await user.type(max, '999999999999');
    await user.click(within(max.closest('form') as HTMLElement).getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Tutar çok büyük')).toBeVisible();
    expect(sends(dataProvider)).toEqual([
      { method: 'send:PUT', resource: 'admin/balance/settings', params: { deposit_max: 999999999999 } },
    ]);
  }, 60_000);

  it('saves the return window and auto-approval to the physical-SIM service, refusing a window out of range first', async () => {
    const user = userEvent.setup();
    const dataProvider = renderSettings();
    const days = await screen.findByLabelText('İade süresi', {}, { timeout: 30_000 });
    const card = days.closest('form') as HTMLElement;
    await user.clear(days);
    await user.type(days, '0');
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    expect(within(card).getByText('1 ile 365 arasında tam bir gün sayısı girin')).toBeVisible();
    expect(sends(dataProvider)).toEqual([]);
    await user.clear(days);
    await user.type(days, '30');
    await user.click(within(card).getByRole('switch'));
    await user.click(within(card).getByRole('button', { name: 'Kaydet' }));
    await waitFor(() =>
      expect(sends(dataProvider)).toEqual([
        {
          method: 'send:PUT',
          resource: 'admin/physical-sim/settings',
          params: { return_window_days: 30, auto_approve_unactivated_returns: true },
        },
      ]),
    );
  }, 60_000);

  it('in production without a valid IBAN says customers cannot add funds by bank transfer; speaks English', async () => {
    renderSettings({ locale: 'en', balance: { bank_details_shown: false } });
    expect(await screen.findByRole('heading', { name: 'Shop settings', level: 1 }, { timeout: 30_000 })).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No bank account is set: customers are shown no bank details and cannot add funds by bank transfer. Save a valid IBAN.',
    );
    expect(screen.getByLabelText('Retype the amount above')).toHaveValue('1000');
    expect(await screen.findByLabelText('Return window')).toHaveValue('15');
  }, 60_000);

  it('is for admins only: a dealer is sent home', async () => {
    renderApp({ session: SESSIONS.dealer, path: '/admin/shop-settings' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), { timeout: 30_000 });
    expect(screen.queryByText('Mağaza Ayarları')).toBeNull();
  }, 60_000);
});
