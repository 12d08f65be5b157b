import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

describe('dealer create form (admin)', () => {
  it('sends the filled-in fields and an active status, and leaves blank optional ones out', async () => {
    const dataProvider = fakeDataProvider();
    renderApp({ session: SESSIONS.admin, path: '/admin/dealers/create', dataProvider });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Firma/, {}, { timeout: 30_000 }), 'Yeni Bayi A.Ş.');
    await user.type(screen.getByLabelText(/Ad soyad/), 'Yeni Bayi');
    await user.type(screen.getByLabelText(/E-posta/), 'yeni@esim.test');
    await user.type(screen.getByLabelText(/Vergi numarası/), '1234567890');
    expect(screen.getByLabelText(/^Şifre/, { selector: 'input' })).toHaveAttribute('name', 'password');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'create')).toHaveLength(1));
    expect(dataProvider.calls.find((c) => c.method === 'create')).toMatchObject({
      resource: 'admin/dealers',
      params: {
        data: {
          company_name: 'Yeni Bayi A.Ş.',
          full_name: 'Yeni Bayi',
          email: 'yeni@esim.test',
          tax_number: '1234567890',
          status: 'active',
        },
      },
    });
    const sent = (dataProvider.calls.find((c) => c.method === 'create')!.params as { data: Record<string, unknown> })
      .data;
    expect(Object.keys(sent).sort()).toEqual(['company_name', 'email', 'full_name', 'status', 'tax_number']);
  }, 60_000);
});
