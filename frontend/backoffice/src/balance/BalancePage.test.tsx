import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, READS, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const text = (element: Element | null) => element?.textContent?.replace(/\s/g, ' ') ?? '';

describe("a dealer's balance page", () => {
  it('names the credit left under the available balance, and nothing of credit without a limit', async () => {
    const base = fakeDataProvider();
    const withCredit = fakeDataProvider({
      read: async (path, query) =>
        path === 'user/balance'
          ? ({ ...(READS['user/balance'] as object), credit_available_cents: 75_25 } as never)
          : base.read(path, query),
    });
    const view = renderApp({ session: SESSIONS.dealer, path: '/balance', dataProvider: withCredit });
    await screen.findByText(/Kalan kredi: 75,25/, {}, { timeout: 30_000 });
    expect(
      text(screen.getByText('Kalan kredi: 75,25 €', { normalizer: (s) => s.replace(/\s/g, ' ') }).parentElement),
    ).toContain('Kullanılabilir bakiye395,50 €');
    view.unmount();

    renderApp({ session: SESSIONS.dealer, path: '/balance' });
    await screen.findByText('395,50 €', { normalizer: (s) => s.replace(/\s/g, ' ') }, { timeout: 30_000 });
    expect(screen.queryByText(/Kalan kredi/)).toBeNull();
  });
});

describe("a customer's deposit requests", () => {
  it('read a card attempt nobody finished "Süresi doldu", not "Beklemede" or "Reddedildi"', async () => {
    const base = fakeDataProvider();
    const expired = {
      id: 't-expired',
      user_id: SESSIONS.customer.user.id,
      amount: 15,
      amount_cents: 1500,
      method: 'card',
      reference_code: 'BKEXPIRED1',
      status: 'expired',
      transfer_id: null,
      decided_by: 'card-payment',
      decided_at: '2026-12-01T10:31:00.000Z',
      reason: 'payment_expired',
      created_at: '2026-12-01T10:00:00.000Z',
    };
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) =>
        resource === 'deposits' ? ({ data: [expired], total: 1 } as never) : base.getList(resource, params),
    });
    renderApp({ session: SESSIONS.customer, path: '/balance', dataProvider });
    expect(await screen.findByText('BKEXPIRED1', {}, { timeout: 30_000 })).toBeInTheDocument();
    const row = screen.getByText('BKEXPIRED1').closest('tr')!;
    expect(row).toHaveTextContent('Süresi doldu');
    expect(row).not.toHaveTextContent('Beklemede');
    expect(row).not.toHaveTextContent('Reddedildi');
  });
});

describe('asking for a bank-transfer deposit', () => {
  // The card deposit beside it has an amount field too.
  const bankForm = () => screen.getByText('Bakiye Yükle').closest('.MuiCard-root') as HTMLElement;
  const withOptions = (options: unknown) => {
    const base = fakeDataProvider();
    return fakeDataProvider({
      read: async (path, query) =>
        path === 'user/balance/bank-transfer' ? (options as never) : base.read(path, query),
    });
  };

  it('names the most one request may ask for, and refuses more before sending', async () => {
    const dataProvider = withOptions({
      ...(READS['user/balance/bank-transfer'] as object),
      max: 500,
      max_cents: 500_00,
    });
    renderApp({ session: SESSIONS.customer, path: '/balance', dataProvider });
    const normal = { normalizer: (s: string) => s.replace(/\s/g, ' ') };
    expect(await screen.findByText('Tek talepte en fazla 500,00 €', normal, { timeout: 30_000 })).toBeVisible();
    await userEvent.type(within(bankForm()).getByLabelText('Tutar'), '500,01');
    expect(
      screen.getByText('Havale/EFT ile tek seferde en fazla 500,00 € yükleme talep edilebilir', normal),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Yükleme talebi oluştur' })).toBeDisabled();
  });

  it('says the shop’s bank details are not set yet and takes no request while they are not', async () => {
    renderApp({
      session: SESSIONS.customer,
      path: '/balance',
      dataProvider: withOptions({ bank: null, max: 100_000, max_cents: 100_000_00 }),
    });
    expect(
      await screen.findByText(
        'Banka hesap bilgilerimiz henüz girilmedi; havale/EFT ile yükleme şu an yapılamıyor.',
        {},
        { timeout: 30_000 },
      ),
    ).toBeVisible();
    expect(within(bankForm()).getByLabelText('Tutar')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Yükleme talebi oluştur' })).toBeDisabled();
  });
});
