import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
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
    await user.type(screen.getByLabelText(/Vergi dairesi/), 'Kadıköy');
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
          tax_office: 'Kadıköy',
          status: 'active',
        },
      },
    });
    const sent = (dataProvider.calls.find((c) => c.method === 'create')!.params as { data: Record<string, unknown> })
      .data;
    expect(Object.keys(sent).sort()).toEqual([
      'company_name',
      'email',
      'full_name',
      'status',
      'tax_number',
      'tax_office',
    ]);
  }, 60_000);

  it("shows the auth service's refusal of the tax office under that field", async () => {
    const dataProvider = fakeDataProvider({
      create: async () => {
        throw new HttpError('Girilen bilgiler geçersiz', 400, {
          message: 'Girilen bilgiler geçersiz',
          errors: {
            tax_office: "Vergi dairesi 2-100 karakter olmalı; harf, rakam, boşluk ve . , ' ( ) / - içerebilir",
          },
        });
      },
    });
    renderApp({ session: SESSIONS.admin, path: '/admin/dealers/create', dataProvider });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Firma/, {}, { timeout: 30_000 }), 'Yeni Bayi A.Ş.');
    await user.type(screen.getByLabelText(/Ad soyad/), 'Yeni Bayi');
    await user.type(screen.getByLabelText(/E-posta/), 'yeni@esim.test');
    await user.type(screen.getByLabelText(/Vergi dairesi/), 'K');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText(/^Vergi dairesi 2-100 karakter olmalı/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/Vergi dairesi/)).toHaveAttribute('aria-invalid', 'true'));
  }, 60_000);
});
