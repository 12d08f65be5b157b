import type { InvoiceSettings } from '@esim/contracts';
import { InputAdornment, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { SettingsFormCard } from '../../layout/SettingsFormCard';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { useSettingsDraft } from '../shop-settings/useSettingsDraft';

export const INVOICE_SETTINGS_KEY = ['admin/invoices/settings'] as const;
const FIELDS = ['vat_esim', 'vat_top_up', 'vat_physical_sim'] as const;

const fieldsOf = (settings: InvoiceSettings) => ({
  vat_esim: String(settings.vat_esim),
  vat_top_up: String(settings.vat_top_up),
  vat_physical_sim: String(settings.vat_physical_sim),
});

/** The auth service's invoice settings: the VAT percent of each product type, applied to sales from the next one on. */
export function InvoiceVatCard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const query = useQuery<InvoiceSettings>({
    queryKey: INVOICE_SETTINGS_KEY,
    queryFn: () => dataProvider.read<InvoiceSettings>('admin/invoices/settings'),
  });
  const settings = query.data;
  const {
    fields,
    set,
    errors,
    setErrors,
    busy,
    save: put,
    card,
  } = useSettingsDraft(query, fieldsOf, 'admin/invoices/settings', INVOICE_SETTINGS_KEY);
  const values = fields ?? { vat_esim: '', vat_top_up: '', vat_physical_sim: '' };

  const rateOf = (text: string) => (/^\d{1,3}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);
  const changed = Object.fromEntries(
    FIELDS.filter((field) => settings && rateOf(values[field]) !== settings[field]).map((field) => [
      field,
      rateOf(values[field]),
    ]),
  );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const bad = FIELDS.filter((field) => !(rateOf(values[field]) >= 0 && rateOf(values[field]) <= 100));
    if (bad.length) {
      setErrors(Object.fromEntries(bad.map((field) => [field, translate('app.admin_invoices.vat_invalid')])));
      return;
    }
    await put(changed);
  };

  return (
    <SettingsFormCard
      title={translate('app.admin_invoices.vat_title')}
      hint={translate('app.admin_invoices.vat_hint')}
      {...card}
      skeletonHeight={220}
      saveDisabled={busy || Object.keys(changed).length === 0}
      onSubmit={save}
    >
      {FIELDS.map((field) => (
        <TextField
          key={field}
          label={translate(`app.admin_invoices.${field}`)}
          value={values[field]}
          onChange={(event) => set(field)(event.target.value)}
          error={!!errors[field]}
          helperText={errors[field]}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
            htmlInput: { name: field, inputMode: 'numeric' },
          }}
          sx={{ maxWidth: { sm: 240 } }}
        />
      ))}
    </SettingsFormCard>
  );
}
