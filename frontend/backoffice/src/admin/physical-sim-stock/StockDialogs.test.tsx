import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const CARD = {
  id: '00000000-0000-4000-8000-0000000000e1',
  iccid: '8990011234567890001',
  serial_number: '700100200001',
  eid: null,
  package_id: 'plus-1',
  package_code: 'PLUS-EU-10',
  package_name: 'Plus Avrupa 10 GB',
  status: 'in_stock',
  owner_user_id: null,
  owner_name: null,
  import_id: null,
  transferred_at: null,
  returnable_until: null,
  returnable: false,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  history: [
    {
      id: '1',
      card_id: '',
      action: 'imported',
      from_status: null,
      to_status: 'in_stock',
      from_owner_user_id: null,
      to_owner_user_id: null,
      reason: 'demo seed',
      by: 'seed',
      at: '2026-11-01T10:00:00.000Z',
    },
  ],
  usage: null,
};
const INFO = {
  card_id: CARD.id,
  serial_number: CARD.serial_number,
  status: 'in_stock',
  owner_user_id: null,
  references: { orders: 1, returns: 2, pending_returns: 0, history_rows: 5, active_bundle: false },
  can_delete: true,
  blocking_reasons: [] as string[],
};
const DEALER = {
  id: SESSIONS.dealer.user.id,
  company_name: 'Deniz Telekom Ltd. Şti.',
  full_name: 'Deniz Bayi',
  email: 'dealer@esim.test',
};

function provider(reads: Record<string, unknown>) {
  const dataProvider = fakeDataProvider({
    getOne: async (resource, params) => {
      dataProvider.calls.push({ method: 'getOne', resource, params });
      return { data: CARD as never };
    },
    getList: async (resource, params) => {
      dataProvider.calls.push({ method: 'getList', resource, params });
      if (resource === 'admin/dealers') return { data: [DEALER] as never, total: 1 };
      if (resource === 'admin/physical-sim-stock') return { data: [CARD] as never, total: 120_000 };
      return { data: [], total: 0 };
    },
    read: async (path, query) => {
      dataProvider.calls.push({ method: 'read', resource: path, params: query });
      if (path in reads) return reads[path] as never;
      if (path === 'admin/packages') return [] as never;
      throw new Error(`no answer for ${path}`);
    },
  });
  return dataProvider;
}

beforeAll(async () => {
  await Promise.all([import('./StockShow'), import('./StockList'), import('../../App')]);
}, 60_000);

describe('deleting a card', () => {
  it('shows the deletion info first; a deletable card goes only with a reason', async () => {
    const dataProvider = provider({ [`admin/physical-sim/stock/${CARD.id}/deletion-info`]: INFO });
    renderApp({ session: SESSIONS.admin, path: `/admin/physical-sim-stock/${CARD.id}/show`, dataProvider });
    const user = userEvent.setup();
    await screen.findByText('700100200001 numaralı kart');
    await user.click(screen.getByRole('button', { name: 'Sil' }));
    const dialog = await screen.findByRole('dialog');
    expect(dataProvider.calls.some((c) => c.resource === `admin/physical-sim/stock/${CARD.id}/deletion-info`)).toBe(
      true,
    );
    expect(within(dialog).getByText('Geçtiği sipariş sayısı: 1')).toBeInTheDocument();
    expect(within(dialog).getByText('Geçtiği iade sayısı: 2')).toBeInTheDocument();
    expect(within(dialog).getByText('Geçmiş kaydı sayısı: 5')).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    expect(await within(dialog).findByText('Nedeni yazın')).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method.startsWith('send:'))).toEqual([]);
    await user.type(within(dialog).getByLabelText('Silme nedeni'), 'Kart kırık geldi');
    await user.click(within(dialog).getByRole('button', { name: 'Sil' }));
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:DELETE',
        resource: `admin/physical-sim/stock/${CARD.id}`,
        params: { reason: 'Kart kırık geldi' },
      }),
    );
  }, 60_000);

  it('a card that may not go says why and offers no delete', async () => {
    const blocked = {
      ...INFO,
      owner_user_id: DEALER.id,
      status: 'sold',
      can_delete: false,
      blocking_reasons: ['owned_by_dealer', 'status_sold', 'pending_return'],
      references: { ...INFO.references, pending_returns: 1 },
    };
    const dataProvider = provider({ [`admin/physical-sim/stock/${CARD.id}/deletion-info`]: blocked });
    renderApp({ session: SESSIONS.admin, path: `/admin/physical-sim-stock/${CARD.id}/show`, dataProvider });
    const user = userEvent.setup();
    await screen.findByText('700100200001 numaralı kart');
    await user.click(screen.getByRole('button', { name: 'Sil' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Bu kart silinemez: bir bayide; durumu Satıldı; bekleyen bir iadesi var'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Bunlardan 1 tanesi beklemede')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Sil' })).toBeNull();
  }, 60_000);
});

describe('transfer by serial range', () => {
  const preview = {
    serial_from: '700100200001',
    serial_to: '700100200050',
    total: 50,
    transferable: 48,
    blocked_serials: ['700100200011', '700100200012'],
    first_serial: '700100200001',
    last_serial: '700100200050',
    packages: [{ package_id: 'plus-1', package_code: 'PLUS-EU-10', package_name: 'Plus Avrupa 10 GB', count: 50 }],
    max: 5000,
  };

  it('previews the range before anything moves; a range with blocked cards cannot be sent, a clean one can', async () => {
    const reads: Record<string, unknown> = { 'admin/physical-sim/stock/transfer-preview': preview };
    const dataProvider = provider(reads);
    renderApp({ session: SESSIONS.admin, path: '/admin/physical-sim-stock', dataProvider });
    const user = userEvent.setup();
    // The list's toolbar is a chunk of its own, loaded once the rows are on screen.
    await user.click(await screen.findByRole('button', { name: 'Seri aralığını aktar' }, { timeout: 20_000 }));
    const dialog = await screen.findByRole('dialog');
    const send = () => within(dialog).getByRole('button', { name: 'Bayiye aktar' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Bayi' }));
    await user.click(await screen.findByRole('option', { name: 'Deniz Telekom Ltd. Şti.' }));
    await user.click(within(dialog).getByLabelText('İlk sıra numarası'));
    await user.paste('700100200001');
    await user.click(within(dialog).getByLabelText('Son sıra numarası'));
    await user.paste('700100200050');
    expect(send()).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Önizle' }));
    expect(await within(dialog).findByText('Aralıkta 50 kart var: 700100200001 – 700100200050')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '2 kart yönetici stoğunda değil, bu yüzden aktarma reddedilir: 700100200011, 700100200012',
      ),
    ).toBeInTheDocument();
    expect(dataProvider.calls).toContainEqual({
      method: 'read',
      resource: 'admin/physical-sim/stock/transfer-preview',
      params: { serial_from: '700100200001', serial_to: '700100200050' },
    });
    expect(send()).toBeDisabled();

    // A narrower range whose every card is in admin stock.
    reads['admin/physical-sim/stock/transfer-preview'] = {
      ...preview,
      serial_to: '700100200010',
      total: 10,
      transferable: 10,
      blocked_serials: [],
      last_serial: '700100200010',
      packages: [{ ...preview.packages[0], count: 10 }],
    };
    await user.clear(within(dialog).getByLabelText('Son sıra numarası'));
    await user.click(within(dialog).getByLabelText('Son sıra numarası'));
    await user.paste('700100200010');
    expect(within(dialog).queryByTestId('range-preview')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Önizle' }));
    expect(await within(dialog).findByText('10 kartın hepsi aktarılabilir.')).toBeInTheDocument();
    expect(send()).toBeEnabled();
    await user.click(send());
    await waitFor(() =>
      expect(dataProvider.calls).toContainEqual({
        method: 'send:POST',
        resource: 'admin/physical-sim/stock/transfer-to-dealer',
        params: { dealer_id: DEALER.id, serial_from: '700100200001', serial_to: '700100200010' },
      }),
    );
  }, 60_000);

  it('the stock list asks the service for one page at a time, whatever the total', async () => {
    const dataProvider = provider({});
    renderApp({ session: SESSIONS.admin, path: '/admin/physical-sim-stock', dataProvider });
    await screen.findByText('700100200001');
    const page = dataProvider.calls.find((c) => c.method === 'getList' && c.resource === 'admin/physical-sim-stock');
    expect(page?.params).toMatchObject({ pagination: { page: 1, perPage: 25 } });
    expect(await screen.findByText(/120\.000|120000/)).toBeInTheDocument();
  }, 60_000);
});
