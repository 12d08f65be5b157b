import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeDataProvider, READS, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { formatChartDay } from '../../format';

/** Days on the charts' axes and tooltips read as dates in the page's language, never "10-28". */
describe('chart days', () => {
  it('one formatter: "28 Eki" in Turkish, "Oct 28" in English, the day itself whatever the time zone', () => {
    expect(formatChartDay('2026-10-28', 'tr')).toBe('28 Eki');
    expect(formatChartDay('2026-10-28', 'en')).toBe('Oct 28');
    expect(formatChartDay('2026-01-01', 'tr')).toBe('1 Oca');
    expect(formatChartDay('not-a-day', 'en')).toBe('not-a-day');
  });

  // jsdom lays nothing out: recharts (the stock summary's chart) draws only inside a container with a size (its labels measure 0, so none is skipped for room).
  beforeEach(() => {
    const rect = (width: number, height: number) => ({
      width,
      height,
      top: 0,
      left: 0,
      right: width,
      bottom: height,
      x: 0,
      y: 0,
      toJSON: () => ({}),
    });
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('recharts-responsive-container') ? rect(900, 280) : rect(0, 0);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const withSales = () => {
    const base = fakeDataProvider();
    const sales = READS['admin/sales'] as { by_day: Array<Record<string, unknown>> };
    const busy = {
      ...sales,
      by_day: sales.by_day.map((day) => ({ ...day, esim_cents: 1000, total_cents: 1000, esim_count: 1 })),
    };
    return fakeDataProvider({
      read: async (path, query) => (path === 'admin/sales' ? (busy as never) : base.read(path, query)),
    });
  };

  // The sales chart names its first and last day under the bars, and every day with its sums in its accessible name.
  it("the admin's sales chart labels its days in Turkish", async () => {
    renderApp({ session: SESSIONS.admin, dataProvider: withSales() });
    expect(await screen.findByText('25 Eki')).toBeInTheDocument();
    expect(screen.getByText('23 Kas')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /28 Eki: eSIM 10,00\s€ · Plus 0,00\s€/ })).toBeInTheDocument();
    expect(screen.queryByText('10-28')).toBeNull();
  });

  it("the admin's sales chart labels its days in English", async () => {
    renderApp({ session: SESSIONS.admin, dataProvider: withSales(), locale: 'en' });
    expect(await screen.findByText('Oct 25')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /Oct 28: eSIM 10,00\s€ · Plus 0,00\s€/ })).toBeInTheDocument();
  });

  it('the stock summary chart labels its days the same way', async () => {
    const base = fakeDataProvider();
    const days = Array.from({ length: 3 }, (_, i) => ({
      date: `2026-11-0${i + 1}`,
      imported: 5,
      transferred: 2,
      sold: 1,
      returned: 0,
    }));
    const reads: Record<string, unknown> = {
      'admin/physical-sim/stock/statistics': days,
      'admin/physical-sim/stock/dashboard': {
        total: 7,
        admin_stock: 4,
        dealer_stock: 3,
        pending_orders: 0,
        pending_returns: 0,
        running_imports: 0,
      },
      'admin/physical-sim/stock/summary': [],
    };
    const dataProvider = fakeDataProvider({
      read: async (path, query) => (path in reads ? (reads[path] as never) : base.read(path, query)),
    });
    renderApp({ session: SESSIONS.admin, dataProvider, path: '/admin/physical-sim-dashboard' });
    expect((await screen.findAllByText('2 Kas')).length).toBeGreaterThan(0);
    expect(screen.queryByText('11-02')).toBeNull();
  });
});
