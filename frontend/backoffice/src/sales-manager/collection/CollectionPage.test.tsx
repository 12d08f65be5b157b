import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const dealerId = SESSIONS.dealer.user.id;

describe("sales manager's collect form", () => {
  it('refuses more than the debt it shows, and asks before recording what is owed at most', async () => {
    const user = userEvent.setup();
    const dataProvider = fakeDataProvider();
    renderApp({
      session: SESSIONS.salesManager,
      path: `/sales-manager/collection?dealer_id=${dealerId}`,
      dataProvider,
    });
    const amount = await screen.findByRole('textbox', { name: 'Tahsil edilen tutar' }, { timeout: 30_000 });
    const submit = screen.getByRole('button', { name: 'Tahsilatı kaydet' });
    // The fixture's dealer owes 380,00 €.
    await user.type(amount, '380,01');
    expect(screen.getByText('Bayinin borcu 380,00 €; daha fazlası tahsil edilemez')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.clear(amount);
    await user.type(amount, '380');
    expect(submit).toBeEnabled();
    await user.click(submit);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent?.replace(/\s/g, ' ')).toContain(
      'Deniz Telekom Ltd. Şti. bayisinden nakit 380,00 € tahsil edilecek.',
    );
    expect(dataProvider.calls.filter((c) => c.method === 'send:POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'send:POST')).toHaveLength(1));
    expect(dataProvider.calls.find((c) => c.method === 'send:POST')).toMatchObject({
      resource: 'sales-manager/collect',
      params: { dealer_id: dealerId, amount: 380 },
    });
  }, 60_000);
});

describe("sales manager's collection report", () => {
  const createObjectURL = URL.createObjectURL;
  afterEach(() => {
    URL.createObjectURL = createObjectURL;
  });

  const collection = (id: string, cents: number, localTime: string, note: string | null) => ({
    id,
    kind: 'dealer-to-sales-manager',
    dealer_id: dealerId,
    dealer_name: 'Deniz Telekom Ltd. Şti.',
    sales_manager_id: SESSIONS.salesManager.user.id,
    sales_manager_name: 'Serkan Satış',
    amount: cents / 100,
    amount_cents: cents,
    note,
    collected_by: SESSIONS.salesManager.user.id,
    collected_by_name: 'Serkan Satış',
    collected_by_role: 'sales-manager',
    created_at: `${localTime.replace(' ', 'T')}:00+03:00`,
    local_time: localTime,
  });
  const report = {
    start_date: '2026-11-01',
    end_date: '2026-11-23',
    total: 1250.5,
    total_cents: 125050,
    count: 3,
    by_dealer: [{ dealer_id: dealerId, name: 'Deniz Telekom Ltd. Şti.', count: 3, total: 1250.5, total_cents: 125050 }],
    by_day: [{ date: '2026-11-20', total: 1250.5, total_cents: 125050, count: 3 }],
    collections: [
      collection('c3', 50, '2026-11-20 16:45', '=HYPERLINK("http://x.test","ödendi")'),
      collection('c2', 25000, '2026-11-20 11:05', null),
      collection('c1', 100000, '2026-11-20 09:30', 'Kasım'),
    ],
  };
  const renderReport = () => {
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      read: async (path, query) =>
        path === 'sales-manager/collection-report' ? (report as never) : base.read(path, query),
    });
    renderApp({ session: SESSIONS.salesManager, path: '/sales-manager/collection', dataProvider });
  };

  it('shows the period’s total and count, each dealer’s share and every single collection', async () => {
    renderReport();
    expect(await screen.findByTestId('report-total', {}, { timeout: 30_000 })).toHaveTextContent('1.250,50 €');
    const totals = screen.getByTestId('report-total').closest('.MuiStack-root') as HTMLElement;
    expect(within(totals).getByText('3')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Tahsilatların dağılımı' })).getByRole('cell', {
        name: 'Deniz Telekom Ltd. Şti.',
      }),
    ).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Bu dönemdeki tahsilatlar' }))
      .getAllByRole('row')
      .slice(1);
    // Newest first, as the service lists them; the amounts add up to the total above.
    expect(rows.map((row) => within(row).getAllByRole('cell').at(-1)!.textContent?.replace(/\s/g, ' '))).toEqual([
      '0,50 €',
      '250,00 €',
      '1.000,00 €',
    ]);
  }, 60_000);

  it('exports the collections as CSV with the formula-like note defused', async () => {
    const user = userEvent.setup();
    const blobs: Blob[] = [];
    // jsdom has no object URLs: the download's blob is caught where the page hands it to the browser.
    URL.createObjectURL = (blob: Blob) => (blobs.push(blob as Blob), 'blob:collections');
    renderReport();
    await screen.findByTestId('report-total', {}, { timeout: 30_000 });
    await user.click(screen.getByRole('button', { name: 'CSV indir' }));
    expect(blobs).toHaveLength(1);
    // jsdom's Blob has no text(): read it as a browser would read a file.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]!);
    });
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Tarih ve saat,Bayi,Tutar (EUR),Not,id',
      `2026-11-20 16:45,Deniz Telekom Ltd. Şti.,0.50,"'=HYPERLINK(""http://x.test"",""ödendi"")",c3`,
      '2026-11-20 11:05,Deniz Telekom Ltd. Şti.,250.00,,c2',
      '2026-11-20 09:30,Deniz Telekom Ltd. Şti.,1000.00,Kasım,c1',
    ]);
  }, 60_000);
});
