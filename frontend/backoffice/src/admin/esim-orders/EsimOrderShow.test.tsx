import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ESIM_ORDER, fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

describe("the admin's page of a top-up order", () => {
  it('names the eSIM it topped up, linked to that eSIM’s order, instead of “no eSIMs”', async () => {
    const topUp = {
      ...ESIM_ORDER,
      id: 'top-up-1',
      order_number: 'TOPUP0000001',
      esims: [],
      esim_count: 0,
      top_up_of: {
        esim_id: 'esim-1',
        iccid: '8990100000000000003',
        order_id: ESIM_ORDER.id,
        order_number: ESIM_ORDER.order_number,
      },
    };
    const base = fakeDataProvider();
    const dataProvider = fakeDataProvider({
      getOne: async (resource, params) =>
        resource === 'admin/esim-orders' && params.id === 'top-up-1'
          ? { data: topUp as never }
          : base.getOne(resource, params),
    });
    renderApp({ session: SESSIONS.admin, path: '/admin/esim-orders/top-up-1/show', dataProvider });
    const label = await screen.findByText('Yükleme yapılan eSIM', {}, { timeout: 30_000 });
    const link = label.parentElement!.querySelector('a')!;
    expect(link).toHaveTextContent(`8990100000000000003 · ${ESIM_ORDER.order_number}`);
    expect(link.getAttribute('href')).toContain(`/admin/esim-orders/${ESIM_ORDER.id}/show`);
    expect(screen.queryByText('Bu siparişte henüz eSIM yok.')).toBeNull();
  }, 60_000);
});
