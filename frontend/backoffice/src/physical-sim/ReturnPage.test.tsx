import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../test/fixtures';
import { renderApp } from '../../test/render';

/** A dealer's card return: two cards in stock (one past its return window) and one return already decided. */
const CARDS = [
  {
    id: 'card-1',
    serial_number: '8990011000000000011',
    package_name: 'Plus Avrupa 10 GB',
    status: 'assigned',
    returnable: true,
    returnable_until: '2026-12-20T09:00:00Z',
  },
  {
    id: 'card-2',
    serial_number: '8990011000000000022',
    package_name: 'Plus Avrupa 10 GB',
    status: 'assigned',
    returnable: false,
    returnable_until: '2026-11-01T09:00:00Z',
  },
];
const RETURNS = [
  {
    id: 'return-1',
    created_at: '2026-11-20T10:00:00Z',
    card_ids: ['card-0', 'card-00'],
    reason: 'Müşteri vazgeçti',
    refund: 40,
    refund_cents: 4000,
    status: 'approved',
  },
];

function renderReturns(send: ReturnType<typeof fakeDataProvider>['send']) {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getList: async (resource, params) => {
      if (resource === 'physical-sim-cards') return { data: CARDS as never, total: CARDS.length };
      if (resource === 'physical-sim-returns') return { data: RETURNS as never, total: RETURNS.length };
      return base.getList(resource, params);
    },
    send,
  });
  renderApp({ session: SESSIONS.dealer, path: '/physical-sim-return', dataProvider });
}

describe("a dealer's card return", () => {
  it("lists only the cards still inside their return window, and the dealer's returns with refund and status", async () => {
    renderReturns(async () => ({ data: {} as never, message: '' }));
    expect(
      await screen.findByRole('checkbox', { name: CARDS[0]!.serial_number }, { timeout: 30_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: CARDS[1]!.serial_number })).toBeNull();
    expect(await screen.findByText('İadelerim')).toBeInTheDocument();
    expect(await screen.findAllByText(/Müşteri vazgeçti/)).not.toHaveLength(0);
    expect(screen.getAllByText(/40,00\s€/)).not.toHaveLength(0);
    expect(screen.getAllByText('Onaylandı')).not.toHaveLength(0);
  }, 60_000);

  it('sends the picked cards and the reason; a refusal shows its message under the reason and the retry goes with the same key', async () => {
    const sent: Array<{ path: string; body: unknown; key: string | undefined }> = [];
    renderReturns(async (_method, path, body, options) => {
      sent.push({ path, body, key: options?.idempotencyKey });
      if (sent.length === 1) throw Object.assign(new Error('refused'), { body: { message: 'İade şu an alınamıyor' } });
      return { data: {} as never, message: '' };
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: CARDS[0]!.serial_number }, { timeout: 30_000 }));
    await user.type(screen.getByRole('textbox', { name: /Neden/ }), 'Kart okunmuyor');
    const submit = screen.getByRole('button', { name: '1 kartı iade et' });

    await user.click(submit);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Onayla' }));
    expect(await screen.findByText('İade şu an alınamıyor')).toBeInTheDocument();

    await user.click(submit);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Onayla' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent.map(({ path, body }) => ({ path, body }))).toEqual([
      { path: 'user/physical-sim/return', body: { card_ids: ['card-1'], reason: 'Kart okunmuyor' } },
      { path: 'user/physical-sim/return', body: { card_ids: ['card-1'], reason: 'Kart okunmuyor' } },
    ]);
    expect(sent[0]!.key).toBeTruthy();
    expect(sent[1]!.key).toBe(sent[0]!.key);
    // Taken: the form empties for the next return.
    expect(await screen.findByText('İade talebi oluşturuldu')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /Neden/ })).toHaveValue(''));
    expect(screen.queryByText('İade şu an alınamıyor')).toBeNull();
  }, 60_000);
});
