import { PACKAGE_TYPES, type Locale } from '@esim/contracts';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useRefresh, useTranslate } from 'react-admin';
import { formatEuro } from '../../format';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';
import { costProblem, eurosOf, priceProblem, priceText } from '../packages/prices';
import { OfferFacts } from './OfferFacts';
import { suggestedCode, type Offer } from './offers';

const CODE = /^[A-Z0-9][A-Z0-9-]{1,39}$/;

/**
 * "Paket oluştur": a new package bought as this offer (a top-up offer makes a top-up-only package). Countries, data, validity, cost and
 * supplier are the offer's; the admin names it, gives its code and its price (the margin rule's,
 * suggested). The catalog checks it all again and answers each refusal under its field.
 */
export function CreatePackageDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  // One key for this dialog: a second click or a retry after a lost answer creates one package.
  const [idempotencyKey] = useState(() => `offer-package-${crypto.randomUUID()}`);
  const [form, setForm] = useState({
    code: suggestedCode(offer),
    name_tr: offer.name,
    name_en: offer.name,
    type: offer.suggested_type as string,
    retail_price: priceText(offer.suggested_price),
  });
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const code = form.code.trim().toUpperCase();
  const problems: Record<string, string | undefined> = {
    code: CODE.test(code) ? undefined : translate('app.admin_packages.code_invalid'),
    name_tr: form.name_tr.trim() ? undefined : translate('ra.validation.required'),
    name_en: form.name_en.trim() ? undefined : translate('ra.validation.required'),
    retail_price:
      form.retail_price.trim() === ''
        ? translate('ra.validation.required')
        : (priceProblem(form.retail_price, 'retail', locale as Locale) ??
          costProblem(form.retail_price, offer.net_cost, locale as Locale)),
  };
  const errorOf = (field: string) => serverErrors[field] ?? (touched ? problems[field] : undefined);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [field]: event.target.value }));
    setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  };
  const price = eurosOf(form.retail_price);
  const margin = Number.isFinite(price) ? Math.round((price - offer.net_cost) * 100) / 100 : null;

  const save = async () => {
    setTouched(true);
    setServerMessage(null);
    if (Object.values(problems).some(Boolean)) return;
    setBusy(true);
    try {
      const { message } = await dataProvider.send(
        'POST',
        `admin/supplier-offers/${encodeURIComponent(offer.id)}/package`,
        {
          code,
          name_tr: form.name_tr.trim(),
          name_en: form.name_en.trim(),
          type: form.type,
          retail_price: price,
        },
        { idempotencyKey },
      );
      notify(message || 'app.supplier_offers.created', { type: 'success' });
      refresh();
      onClose();
    } catch (error) {
      const { message, fields } = serviceErrorOf(error);
      setServerErrors(fields);
      if (!Object.keys(fields).some((field) => field in form)) setServerMessage(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="offer-create-title">
      <DialogTitle id="offer-create-title">{translate('app.supplier_offers.create_title')}</DialogTitle>
      <DialogContent>
        <OfferFacts offer={offer} />
        {offer.top_up ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('app.supplier_offers.top_up_hint')}
          </Alert>
        ) : null}
        {serverMessage ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {serverMessage}
          </Alert>
        ) : null}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              required
              label={translate('app.admin_packages.code')}
              value={form.code}
              onChange={set('code')}
              error={!!errorOf('code')}
              helperText={errorOf('code') ?? translate('app.admin_packages.code_hint')}
              slotProps={{ htmlInput: { name: 'code', style: { textTransform: 'uppercase' } } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              fullWidth
              label={translate('app.admin_packages.type')}
              value={form.type}
              onChange={set('type')}
              error={!!errorOf('type')}
              helperText={errorOf('type') ?? translate('app.supplier_offers.type_hint')}
              slotProps={{ htmlInput: { name: 'type' } }}
            >
              {PACKAGE_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {translate(`app.admin_packages.types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              required
              label={translate('app.admin_packages.name_tr')}
              value={form.name_tr}
              onChange={set('name_tr')}
              error={!!errorOf('name_tr')}
              helperText={errorOf('name_tr') ?? ' '}
              slotProps={{ htmlInput: { name: 'name_tr' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              required
              label={translate('app.admin_packages.name_en')}
              value={form.name_en}
              onChange={set('name_en')}
              error={!!errorOf('name_en')}
              helperText={errorOf('name_en') ?? ' '}
              slotProps={{ htmlInput: { name: 'name_en' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              fullWidth
              required
              label={translate('app.admin_packages.retail_price')}
              value={form.retail_price}
              onChange={set('retail_price')}
              error={!!errorOf('retail_price')}
              helperText={
                errorOf('retail_price') ??
                translate('app.supplier_offers.price_hint', { price: formatEuro(offer.suggested_price) })
              }
              slotProps={{ htmlInput: { name: 'retail_price', inputMode: 'decimal' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }} sx={{ display: 'flex', alignItems: 'center' }}>
            {margin !== null ? (
              <Typography variant="body2" color={margin < 0 ? 'error' : 'text.secondary'}>
                {translate('app.supplier_offers.margin_line', {
                  cost: formatEuro(offer.net_cost),
                  margin: formatEuro(margin),
                })}
              </Typography>
            ) : null}
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy}>
          {translate('app.supplier_offers.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
