import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, RECORDS, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { lastTwelveMonths } from './StatementSection';

const months = lastTwelveMonths();
const previous = months[1]!;

/** What the balance service answers for a month (only the figures the page shows differ per month). */
const statementOf = (month: string) => ({
  dealer_id: SESSIONS.dealer.user.id,
  dealer_name: 'Demo Bayi Ltd.',
  month,
  period_start: `${month}-01T00:00:00.000Z`,
  period_end: `${month}-28T00:00:00.000Z`,
  opening_balance_cents: month === previous ? 100_00 : 210_00,
  closing_balance_cents: month === previous ? 210_00 : 230_00,
  totals: { purchases_esim: -40_00, purchases_plus: -100_00, loads: 300_00, collections: 50_00, refunds: 0, other: 0 },
  credit_drawn_cents: 0,
  balance_cents: 360_00,
  credit_used_cents: 150_00,
  credit_limit_cents: 1000_00,
  lines: [],
});

const normal = { normalizer: (s: string) => s.replace(/\s/g, ' ') };

describe("the dealer's statement page", () => {
  it('opens on the mailed month, shows its figures, switches months and downloads the PDF and the workbook', async () => {
    const base = fakeDataProvider();
    const asked: string[] = [];
    const dataProvider = fakeDataProvider({
      read: async (path, query) => {
        const month = /^user\/statements\/(\d{4}-\d{2})$/.exec(path)?.[1];
        if (!month) return base.read(path, query);
        asked.push(month);
        return statementOf(month) as never;
      },
    });
    renderApp({ session: SESSIONS.dealer, path: `/statements?month=${previous}`, dataProvider });

    expect(await screen.findByRole('heading', { name: 'Hesap Ekstresi' }, { timeout: 30_000 })).toBeVisible();
    const summary = await screen.findByRole('table', { name: 'Ekstre özeti' });
    expect(within(summary).getByText('Açılış bakiyesi').closest('tr')).toHaveTextContent(/100,00\s€/);
    expect(within(summary).getByText('Kapanış bakiyesi').closest('tr')).toHaveTextContent(/210,00\s€/);
    expect(within(summary).getByText('Plus (fiziksel SIM) satın almaları').closest('tr')).toHaveTextContent(
      /-100,00\s€/,
    );
    expect(within(summary).getByText('Kullanılan kredi (borç)').closest('tr')).toHaveTextContent(/150,00\s€/);

    // jsdom cannot follow a download link: note the file names the page gives instead.
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await userEvent.click(screen.getByRole('button', { name: 'PDF indir' }));
    await userEvent.click(screen.getByRole('button', { name: 'Excel indir' }));
    await waitFor(() =>
      expect(dataProvider.calls.filter((c) => c.method === 'blobUrl').map((c) => c.resource)).toEqual([
        `user/statements/${previous}.pdf`,
        `user/statements/${previous}.xlsx`,
      ]),
    );
    await waitFor(() => expect(saved).toEqual([`hesap-ekstresi-${previous}.pdf`, `hesap-ekstresi-${previous}.xlsx`]));
    vi.restoreAllMocks();

    // The picker offers the last twelve months; another month reads that month's statement.
    await userEvent.click(screen.getByRole('combobox', { name: 'Ay' }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(12);
    await userEvent.click(options[0]!);
    expect(await screen.findByText('230,00 €', normal)).toBeVisible();
    expect(asked).toEqual([previous, months[0]]);
  });

  it('is in the menu of a dealer only; a retail customer is sent home', async () => {
    const view = renderApp({ session: SESSIONS.dealer, path: '/' });
    expect(await screen.findByRole('menuitem', { name: /Hesap Ekstresi/ }, { timeout: 30_000 })).toBeVisible();
    view.unmount();
    renderApp({ session: SESSIONS.customer, path: '/statements' });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/), { timeout: 30_000 });
    expect(screen.queryByRole('menuitem', { name: /Hesap Ekstresi/ })).toBeNull();
  });

  it("the admin's dealer page and the sales manager's dealer list download the same statement from their own routes", async () => {
    const admin = fakeDataProvider({
      getOne: async (resource, params) =>
        resource === 'admin/dealers'
          ? ({
              data: {
                id: SESSIONS.dealer.user.id,
                company_name: 'Deniz Telekom',
                full_name: 'Deniz',
                status: 'active',
              },
            } as never)
          : fakeDataProvider().getOne(resource, params),
      read: async (path, query) =>
        path.endsWith('/transactions') ? ([] as never) : fakeDataProvider().read(path, query),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const view = renderApp({
      session: SESSIONS.admin,
      path: `/admin/dealers/${SESSIONS.dealer.user.id}/show`,
      dataProvider: admin,
    });
    const section = (await screen.findByRole('table', { name: 'Ekstre özeti' }, { timeout: 30_000 })).closest(
      '.MuiCard-root',
    ) as HTMLElement;
    expect(within(section).getByText('Hesap ekstresi')).toBeVisible();
    expect(within(section).getByText('Kapanış bakiyesi').closest('tr')).toHaveTextContent(/210,00\s€/);
    await userEvent.click(within(section).getByRole('button', { name: 'Excel indir' }));
    await waitFor(() =>
      expect(admin.calls.filter((c) => c.method === 'blobUrl').map((c) => c.resource)).toEqual([
        `admin/dealers/${SESSIONS.dealer.user.id}/statements/${months[0]}.xlsx`,
      ]),
    );
    view.unmount();

    const manager = fakeDataProvider();
    const dealerId = String(RECORDS['sales-manager/dealers']![0]!.id);
    renderApp({ session: SESSIONS.salesManager, path: '/sales-manager/dealers', dataProvider: manager });
    const [open] = await screen.findAllByRole('button', { name: 'Ekstre' }, { timeout: 30_000 });
    await userEvent.click(open!);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('table', { name: 'Ekstre özeti' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'PDF indir' }));
    await waitFor(() =>
      expect(manager.calls.filter((c) => c.method === 'blobUrl').map((c) => c.resource)).toEqual([
        `sales-manager/dealers/${dealerId}/statements/${months[0]}.pdf`,
      ]),
    );
    vi.restoreAllMocks();
  });
});
