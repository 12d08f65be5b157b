import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, PHYSICAL_ORDER, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

const CARD = {
  id: 'card-1',
  iccid: '8990011234567890001',
  serial_number: '700100200001',
  package_name: 'Plus Avrupa 10 GB',
  status: 'returned',
};
const RETURN = {
  id: 'ret-1',
  user_id: SESSIONS.dealer.user.id,
  dealer_name: 'Deniz Telekom Ltd. Şti.',
  card_ids: [CARD.id],
  cards: [CARD],
  reason: 'Müşteri vazgeçti',
  status: 'rejected',
  refund: 20,
  refund_cents: 2000,
  rejection_reason: 'Kart etkinleştirilmiş',
  auto_approved: false,
  created_at: '2026-11-22T10:00:00.000Z',
  decided_at: '2026-11-23T10:00:00.000Z',
};

/** The value beside a label in the page's details table. */
const detail = (label: string) =>
  [...document.querySelectorAll('tbody th')]
    .find((th) => th.textContent === label)
    ?.nextElementSibling?.textContent?.replace(/\s/g, ' ');

function renderShow(path: string) {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getOne: async (resource, params) => {
      if (resource === 'admin/physical-sim-orders') return { data: PHYSICAL_ORDER as never };
      if (resource === 'admin/physical-sim-returns') return { data: RETURN as never };
      return base.getOne(resource, params);
    },
  });
  renderApp({ session: SESSIONS.admin, path, dataProvider });
}

beforeAll(async () => {
  await Promise.all([import('./OrderShow'), import('../physical-sim-returns/ReturnShow'), import('../../App')]);
}, 60_000);

describe("the admin's page of one Plus order or return", () => {
  it('a pending order: heading, status, the decision, its details and no cards yet', async () => {
    renderShow(`/admin/physical-sim-orders/${PHYSICAL_ORDER.id}/show`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'PS10001 numaralı sipariş' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Onayla' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reddet' })).toBeInTheDocument();
    expect(detail('Paket')).toBe('Plus Avrupa 10 GB (PLUS-EU-10)');
    expect(detail('Toplam')).toBe('100,00 €');
    expect(detail('Ret nedeni')).toBe('—');
    expect(screen.getByRole('heading', { level: 2, name: '0 kart' })).toBeInTheDocument();
  }, 60_000);

  it('a rejected return: its reason and refund, the cards it concerns, and no decision left', async () => {
    renderShow(`/admin/physical-sim-returns/${RETURN.id}/show`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Deniz Telekom Ltd. Şti. iadesi' }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Onayla' })).toBeNull();
    expect(detail('İade nedeni')).toBe('Müşteri vazgeçti');
    expect(detail('Ret nedeni')).toBe('Kart etkinleştirilmiş');
    expect(detail('Otomatik onaylandı')).toBe('Hayır');
    expect(screen.getByRole('heading', { level: 2, name: '1 kart' })).toBeInTheDocument();
    expect(screen.getByText(CARD.iccid)).toBeInTheDocument();
  }, 60_000);
});
