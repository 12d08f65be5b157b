import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EsimSummary } from '@esim/contracts';
import { fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const GB = 1024 ** 3;
const esim = (overrides: Partial<EsimSummary>): EsimSummary => ({
  id: 'e1',
  order_id: 'o1',
  order_number: 'READYTR7D3GB',
  iccid: '8990012345678901231',
  status: 'inactive',
  title: 'Türkiye 3 GB · 7 gün',
  usage: { total_bytes: 3 * GB, used_bytes: 0, remaining_bytes: 3 * GB, percentage: 0, unlimited: false },
  usage_updated_at: null,
  activated_at: null,
  expires_at: null,
  created_at: '2026-12-01T10:00:00.000Z',
  ...overrides,
});
const READY = esim({});
const ACTIVE = esim({
  id: 'e2',
  order_id: 'o2',
  order_number: 'ACTIVEDE7D3G',
  status: 'active',
  title: 'Almanya 5 GB · 15 gün',
  usage: { total_bytes: 5 * GB, used_bytes: 2 * GB, remaining_bytes: 3 * GB, percentage: 40, unlimited: false },
  activated_at: '2026-11-28T10:00:00.000Z',
  expires_at: '2099-12-13T10:00:00.000Z',
});

function withEsims(esims: EsimSummary[]) {
  const base = fakeDataProvider();
  const asked: unknown[] = [];
  const dataProvider = fakeDataProvider({
    getList: async (resource, params) => {
      if (resource !== 'esims') return base.getList(resource, params);
      asked.push(params);
      return { data: esims, total: esims.length } as never;
    },
  });
  return Object.assign(dataProvider, { asked });
}

describe("the customer home's eSIM card", () => {
  it('lists a newly bought eSIM as ready to install and an active one with its data, each by its plan', async () => {
    const dataProvider = withEsims([READY, ACTIVE]);
    renderApp({ session: SESSIONS.customer, dataProvider });
    const card = await screen.findByTestId('home-esims');
    expect(within(card).getByText('eSIM’leriniz')).toBeInTheDocument();
    const rows = await within(card).findAllByTestId('home-esim');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Türkiye 3 GB · 7 gün');
    expect(rows[0]).toHaveTextContent('Kuruluma hazır');
    expect(rows[0]).toHaveTextContent('Kurulmayı bekliyor: QR kodu siparişinizde');
    expect(rows[0]).toHaveAttribute('href', '/orders/o1/show');
    expect(rows[1]).toHaveTextContent('Almanya 5 GB · 15 gün');
    expect(rows[1]).toHaveTextContent('Aktif');
    expect(rows[1]).toHaveTextContent('5 GB verinin 2 GB kadarı kullanıldı');
    // Asked for the usable ones only, newest first.
    expect(dataProvider.asked).toContainEqual(expect.objectContaining({ filter: { state: 'current' } }));
  });

  it('in English', async () => {
    renderApp({ session: SESSIONS.customer, dataProvider: withEsims([READY]), locale: 'en' });
    const row = await screen.findByTestId('home-esim');
    expect(row).toHaveTextContent('Ready to install');
    expect(row).toHaveTextContent('Waiting to be installed: its QR code is on your order');
    expect(screen.getByText('Your eSIMs')).toBeInTheDocument();
  });

  it('with none, says so rather than leaving the card blank', async () => {
    renderApp({ session: SESSIONS.customer, dataProvider: withEsims([]) });
    expect(
      await screen.findByText(
        'Kurulmayı bekleyen ya da kullanımda olan eSIM’iniz yok. Satın aldığınız eSIM’ler durumlarıyla burada görünür.',
      ),
    ).toBeInTheDocument();
  });
});
