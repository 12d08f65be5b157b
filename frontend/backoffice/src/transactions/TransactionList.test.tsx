import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const MAX_PAGE = 100;

afterEach(() => vi.restoreAllMocks());

/** Renders the transactions list over `rows`, presses export and returns the CSV file's text. */
async function exportedCsv(rows: Array<Record<string, unknown>>, firstText: string): Promise<string> {
  const dataProvider = fakeDataProvider({
    getList: async (_resource, params) => {
      dataProvider.calls.push({ method: 'getList', resource: 'transactions', params });
      const { page, perPage } = params.pagination!;
      const size = Math.min(perPage, MAX_PAGE);
      return { data: rows.slice((page - 1) * size, page * size) as never, total: rows.length };
    },
  });
  let csv: Blob | undefined;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    csv = blob;
    return 'blob:csv';
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  renderApp({ session: SESSIONS.dealer, path: '/transactions', dataProvider });
  await screen.findByText(firstText);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Dışa aktar' }));
  await waitFor(() => expect(csv).toBeDefined());
  // jsdom's Blob has no text(): read it as a browser would.
  return new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(csv!);
  });
}

/** RFC 4180 fields of a CSV text (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted && ch === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (ch === '"') {
      quoted = !quoted;
    } else if (!quoted && ch === ',') {
      row.push(field);
      field = '';
    } else if (!quoted && ch === '\r' && text[i + 1] === '\n') {
      rows.push([...row, field]);
      row = [];
      field = '';
      i++;
    } else {
      field += ch;
    }
  }
  return rows;
}

describe('transactions CSV export', () => {
  it('reads every page of the filtered list (the services answer at most 100 rows a page) and exports them all', async () => {
    const all = Array.from({ length: 250 }, (_, i) => ({
      id: i + 1,
      type: 'purchase',
      amount: -1,
      amount_cents: -100,
      balance_after: 0,
      balance_after_cents: 0,
      reference: `R${i + 1}`,
      created_at: '2026-11-20T09:00:00.000Z',
    }));
    const dataProvider = fakeDataProvider({
      getList: async (_resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource: 'transactions', params });
        const { page, perPage } = params.pagination!;
        const size = Math.min(perPage, MAX_PAGE);
        return { data: all.slice((page - 1) * size, page * size) as never, total: all.length };
      },
    });
    let csv: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      csv = blob;
      return 'blob:csv';
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

    renderApp({ session: SESSIONS.dealer, path: '/transactions', dataProvider });
    await screen.findByText('R1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Dışa aktar' }));
    await waitFor(() => expect(csv).toBeDefined());
    // jsdom's Blob has no text(): read it as a browser would.
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(csv!);
    });
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(1 + 250);
    const exportPages = dataProvider.calls.filter(
      (c) =>
        c.method === 'getList' && (c.params as { pagination: { perPage: number } }).pagination.perPage === MAX_PAGE,
    );
    expect(exportPages.map((c) => (c.params as { pagination: { page: number } }).pagination.page)).toEqual([1, 2, 3]);
  });

  it('defuses cells a spreadsheet would run as a formula (=, +, -, @, tab, CR) and leaves other values as they are', async () => {
    const hostile = ["=cmd|' /C calc'!A0", '+1', '-1', '@x', '\tTAB', '\rCR'];
    const references = ['R-normal', ...hostile];
    const rows = references.map((reference, i) => ({
      id: i + 1,
      type: 'purchase',
      amount: -1,
      amount_cents: -100,
      balance_after: 0,
      balance_after_cents: 0,
      reference,
      created_at: '2026-11-20T09:00:00.000Z',
    }));
    const text = await exportedCsv(rows, 'R-normal');
    const [header, ...lines] = parseCsv(text.replace(/^\uFEFF/, ''));
    const column = header!.indexOf('reference');
    expect(column).toBeGreaterThanOrEqual(0);
    expect(lines.map((line) => line[column])).toEqual([
      'R-normal',
      "'=cmd|' /C calc'!A0",
      "'+1",
      "'-1",
      "'@x",
      "'\tTAB",
      "'\rCR",
    ]);
    // A negative number is text that starts with '-' too; a positive one and a date stay as they are.
    expect(lines[0]![header!.indexOf('amount_cents')]).toBe("'-100");
    expect(lines[0]![header!.indexOf('id')]).toBe('1');
    expect(lines[0]![header!.indexOf('created_at')]).toBe('2026-11-20T09:00:00.000Z');
  });
});

describe('transaction type filter', () => {
  it('offers card deposits and card refunds, names them in rows, and sends the chosen type to the service', async () => {
    const rows = [
      {
        id: 7,
        type: 'card_top_up',
        amount: 20,
        amount_cents: 2000,
        balance_after: 20,
        balance_after_cents: 2000,
        reference: 'demo-abc',
        created_at: '2026-11-20T09:00:00.000Z',
      },
      {
        id: 8,
        type: 'card_refund',
        amount: -20,
        amount_cents: -2000,
        balance_after: 0,
        balance_after_cents: 0,
        reference: 'demo-abc',
        created_at: '2026-11-21T09:00:00.000Z',
      },
    ];
    const dataProvider = fakeDataProvider({
      getList: async (resource, params) => {
        dataProvider.calls.push({ method: 'getList', resource, params });
        return { data: rows as never, total: rows.length };
      },
    });
    renderApp({ session: SESSIONS.customer, path: '/transactions', dataProvider });
    const user = userEvent.setup();
    expect(await screen.findByText('Karta iade')).toBeInTheDocument();
    expect(screen.getByText('Bakiye yükleme (kart)')).toBeInTheDocument();
    await user.click(await screen.findByRole('combobox', { name: 'Tür' }));
    expect(await screen.findByRole('option', { name: 'Karta iade' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Bakiye yükleme (kart)' }));
    await waitFor(() =>
      expect(
        dataProvider.calls.some(
          (c) =>
            c.resource === 'transactions' &&
            (c.params as { filter?: { type?: string } }).filter?.type === 'card_top_up',
        ),
      ).toBe(true),
    );
  }, 60_000);
});
