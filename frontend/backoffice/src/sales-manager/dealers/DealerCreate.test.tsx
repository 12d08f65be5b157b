import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'ra-core';
import { describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';

describe('dealer create form', () => {
  it("shows the auth service's message under the field it names", async () => {
    const dataProvider = fakeDataProvider({
      create: async () => {
        throw new HttpError('Geçersiz veri', 409, {
          message: 'Geçersiz veri',
          errors: { email: 'Bu e-posta adresi zaten kullanılıyor' },
        });
      },
    });
    renderApp({ session: SESSIONS.salesManager, path: '/sales-manager/dealers/create', dataProvider });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Firma/), 'Yeni Bayi A.Ş.');
    await user.type(screen.getByLabelText(/Ad soyad/), 'Yeni Bayi');
    await user.type(screen.getByLabelText(/E-posta/), 'dealer@esim.test');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Bu e-posta adresi zaten kullanılıyor')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/E-posta/)).toHaveAttribute('aria-invalid', 'true'));
  });
});
