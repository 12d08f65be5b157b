import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeDataProvider, SESSIONS } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { operatorNames } from './OperatorsInput';
import { packagePayload } from './PackageForm';
import { costProblem, priceProblem, pricesChanged } from './prices';

const PACKAGE = {
  id: '7f0c1c52-0000-4000-8000-000000000001',
  code: 'TR-7D-3GB',
  name_tr: 'Türkiye 3 GB',
  name_en: 'Türkiye 3 GB',
  type: 'local',
  kind: 'esim',
  countries: ['TR'],
  data_mb: 3072,
  validity_days: 7,
  retail_price: 6.99,
  cost_price: 3.5,
  recommended: false,
  features: [],
  active: true,
  provider_ref: null,
  network: '4G',
  hotspot: true,
  validity_start: 'first_connection',
  operators: [{ country: 'TR', names: ['Turkcell'] }],
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
};
const TURKEY = { id: 'TR', code: 'TR', name_tr: 'Türkiye', name_en: 'Türkiye' };

function renderPackage(path: string, record: object = PACKAGE) {
  const base = fakeDataProvider();
  const dataProvider = fakeDataProvider({
    getOne: async (resource, params) => {
      dataProvider.calls.push({ method: 'getOne', resource, params });
      return resource === 'admin/packages' ? { data: record as never } : base.getOne(resource, params);
    },
    getMany: async (resource, params) =>
      resource === 'admin/countries' ? { data: [TURKEY] as never[] } : base.getMany(resource, params),
    getList: async (resource, params) =>
      resource === 'admin/countries' ? { data: [TURKEY] as never[], total: 1 } : base.getList(resource, params),
  });
  renderApp({ session: SESSIONS.admin, path, dataProvider });
  return dataProvider;
}

beforeAll(async () => {
  await Promise.all([import('./PackageEdit'), import('./PackageCreate'), import('../../App')]);
}, 60_000);

describe('package form: prices judged by the contracts’ money schemas', () => {
  it('a retail price must be above zero with at most two decimals; a cost may be zero but not above the retail price', () => {
    expect(priceProblem('6,99', 'retail', 'tr')).toBeUndefined();
    expect(priceProblem('0', 'retail', 'tr')).toBe('Tutar sıfırdan büyük olmalı');
    expect(priceProblem('6,999', 'retail', 'en')).toBe('The amount may have at most two decimals');
    expect(priceProblem('abc', 'retail', 'tr')).toBe('Tutar geçerli bir sayı olmalı');
    expect(priceProblem('0', 'cost', 'tr')).toBeUndefined();
    expect(priceProblem('-1', 'cost', 'tr')).toBe('Tutar geçerli bir sayı olmalı');
    expect(costProblem('5', '7,50', 'tr')).toBe('Maliyet fiyatı satış fiyatından yüksek olamaz');
    expect(costProblem('7,50', '7.50', 'tr')).toBeUndefined();
    // Judged only when a price changes, as the catalog does: a new package always sets both.
    expect(pricesChanged({ retail_price: 5.99, cost_price: 6.4 }, { retail_price: '5,99', cost_price: 6.4 })).toBe(
      false,
    );
    expect(pricesChanged({ retail_price: 5.99, cost_price: 6.4 }, { retail_price: '6,10', cost_price: 6.4 })).toBe(
      true,
    );
    expect(pricesChanged(undefined, { retail_price: '5,99', cost_price: 6.4 })).toBe(true);
  });

  it('sends only the operators of covered countries that have names', () => {
    const form = {
      ...PACKAGE,
      countries: ['TR'],
      operators: [
        { country: 'TR', names: ['Turkcell'] },
        { country: 'DE', names: ['Telekom'] },
        { country: 'TR', names: [] },
      ],
    };
    expect(packagePayload(form).operators).toEqual([{ country: 'TR', names: ['Turkcell'] }]);
    expect(operatorNames(' T-Mobile, O2,, O2 ,')).toEqual(['T-Mobile', 'O2']);
  });

  it('sends euros as numbers, blanks as null, and the kind only when creating', () => {
    const form = { ...PACKAGE, retail_price: '7,49', cost_price: 3.5, data_mb: '', provider_ref: ' ' };
    const edit = packagePayload(form);
    expect(edit).toMatchObject({ retail_price: 7.49, cost_price: 3.5, data_mb: null, provider_ref: null });
    expect(edit).not.toHaveProperty('kind');
    expect(edit).not.toHaveProperty('id');
    expect(packagePayload({ ...form, kind: 'plus' }, { creating: true })).toMatchObject({ kind: 'plus' });
  });

  it('edit: a cost above the retail price and a price with three decimals are shown under their fields and nothing is saved', async () => {
    const user = userEvent.setup();
    const dataProvider = renderPackage(`/admin/packages/${PACKAGE.id}`);
    const retail = await screen.findByRole('textbox', { name: 'Satış fiyatı' }, { timeout: 30_000 });
    expect(retail).toHaveValue('6,99');
    await user.clear(retail);
    await user.type(retail, '3,499');
    const cost = screen.getByRole('textbox', { name: 'Maliyet fiyatı' });
    await user.clear(cost);
    await user.type(cost, '4');
    fireEvent.blur(cost);
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Tutar en fazla iki ondalık basamak içerebilir')).toBeInTheDocument();
    await user.clear(retail);
    await user.type(retail, '3,49');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Maliyet fiyatı satış fiyatından yüksek olamaz')).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method === 'update')).toEqual([]);
  }, 60_000);

  it('edit: a raised price is saved as euros, without the kind', async () => {
    const user = userEvent.setup();
    const dataProvider = renderPackage(`/admin/packages/${PACKAGE.id}`);
    const retail = await screen.findByRole('textbox', { name: 'Satış fiyatı' }, { timeout: 30_000 });
    expect(screen.getByRole('combobox', { name: 'Tür' })).toHaveAttribute('aria-disabled', 'true');
    await user.clear(retail);
    await user.type(retail, '8,49');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'update')).toHaveLength(1));
    const { params } = dataProvider.calls.find((c) => c.method === 'update')! as {
      params: { id: string; data: Record<string, unknown> };
    };
    expect(params.id).toBe(PACKAGE.id);
    expect(params.data).toMatchObject({ retail_price: 8.49, cost_price: 3.5, code: 'TR-7D-3GB', countries: ['TR'] });
    expect(params.data).not.toHaveProperty('kind');
  }, 60_000);

  it('edit: a feature added in Turkish and English is saved with the package', async () => {
    const user = userEvent.setup();
    const dataProvider = renderPackage(`/admin/packages/${PACKAGE.id}`);
    expect(await screen.findByText('Özellikler', {}, { timeout: 30_000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ekle' }));
    await user.type(await screen.findByRole('textbox', { name: 'Özellik (Türkçe)' }), '5G hız');
    await user.type(screen.getByRole('textbox', { name: 'Özellik (İngilizce)' }), '5G speed');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'update')).toHaveLength(1));
    const { params } = dataProvider.calls.find((c) => c.method === 'update')! as {
      params: { data: Record<string, unknown> };
    };
    expect(params.data.features).toEqual([{ tr: '5G hız', en: '5G speed' }]);
  }, 60_000);

  it('edit: network, hotspot, validity start and the operators of each covered country are saved with the package', async () => {
    const user = userEvent.setup();
    const dataProvider = renderPackage(`/admin/packages/${PACKAGE.id}`);
    const operators = await screen.findByRole('textbox', { name: 'Türkiye (TR)' }, { timeout: 30_000 });
    expect(operators).toHaveValue('Turkcell');
    await user.clear(operators);
    await user.type(operators, 'Turkcell, Vodafone');
    expect(operators).toHaveValue('Turkcell, Vodafone');
    await user.click(screen.getByRole('combobox', { name: 'Şebeke' }));
    await user.click(await screen.findByRole('option', { name: '5G' }));
    await user.click(screen.getByRole('combobox', { name: 'Geçerlilik başlangıcı' }));
    await user.click(await screen.findByRole('option', { name: 'Satın alındığında' }));
    await user.click(screen.getByLabelText('Kişisel erişim noktası (hotspot) açık'));
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'update')).toHaveLength(1));
    const { params } = dataProvider.calls.find((c) => c.method === 'update')! as {
      params: { data: Record<string, unknown> };
    };
    expect(params.data).toMatchObject({
      network: '5G',
      validity_start: 'purchase',
      hotspot: false,
      operators: [{ country: 'TR', names: ['Turkcell', 'Vodafone'] }],
    });
  }, 60_000);

  it('edit: a package paused because its cost rose above its price saves its other fields; a new price must cover the cost', async () => {
    const user = userEvent.setup();
    const paused = { ...PACKAGE, retail_price: 5.99, cost_price: 6.4, paused_reason: 'cost_above_price' };
    const dataProvider = renderPackage(`/admin/packages/${PACKAGE.id}`, paused);
    const name = await screen.findByRole('textbox', { name: 'Ad (Türkçe)' }, { timeout: 30_000 });
    await user.clear(name);
    await user.type(name, 'Türkiye 3 GB (yeni)');
    const retail = screen.getByRole('textbox', { name: 'Satış fiyatı' });
    await user.clear(retail);
    await user.type(retail, '6,10');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    expect(await screen.findByText('Maliyet fiyatı satış fiyatından yüksek olamaz')).toBeInTheDocument();
    expect(dataProvider.calls.filter((c) => c.method === 'update')).toEqual([]);

    await user.clear(retail);
    await user.type(retail, '5,99');
    await user.click(screen.getByRole('button', { name: 'Kaydet' }));
    await waitFor(() => expect(dataProvider.calls.filter((c) => c.method === 'update')).toHaveLength(1));
    const { params } = dataProvider.calls.find((c) => c.method === 'update')! as {
      params: { data: Record<string, unknown> };
    };
    expect(params.data).toMatchObject({ name_tr: 'Türkiye 3 GB (yeni)', retail_price: 5.99, cost_price: 6.4 });
  }, 60_000);
});
