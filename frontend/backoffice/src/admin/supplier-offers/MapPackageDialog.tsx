import type { Locale } from '@esim/contracts';
import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  List,
  ListItem,
  Radio,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { formatEuro } from '../../format';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';
import { eurosOf, priceProblem } from '../packages/prices';
import { OfferFacts } from './OfferFacts';
import type { Offer } from './offers';

/** Why a package cannot be bought as the offer (the catalog checks the same): the fields that differ. */
export function differencesOf(pkg: RaRecord, offer: Offer): Array<'countries' | 'data' | 'validity'> {
  const same = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();
  return [
    ...(same(pkg.countries as string[], offer.countries) ? [] : (['countries'] as const)),
    ...(pkg.data_mb === offer.data_mb ? [] : (['data'] as const)),
    ...(pkg.validity_days === offer.validity_days ? [] : (['validity'] as const)),
  ];
}

/**
 * "Pakete bağla": an eSIM package the shop already sells is bought as this offer from now on. The
 * packages covering the offer's first country are listed; those of the same countries, data and
 * validity can be chosen, the others say what differs. Its cost becomes the offer's; a price below
 * that cost must be raised here.
 */
export function MapPackageDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const [chosen, setChosen] = useState<string | null>(null);
  const [priceInput, setPriceInput] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [busy, setBusy] = useState(false);
  const { data: candidates, error } = useQuery({
    queryKey: ['admin/packages', 'map-candidates', offer.id],
    queryFn: async () =>
      (
        await dataProvider.getList('admin/packages', {
          pagination: { page: 1, perPage: 100 },
          sort: { field: 'code', order: 'ASC' },
          filter: { kind: offer.top_up ? 'top_up' : 'esim', country: offer.countries[0] },
        })
      ).data,
  });
  const rows = (candidates ?? [])
    .map((pkg) => ({ pkg, differ: differencesOf(pkg, offer) }))
    .sort((a, b) => a.differ.length - b.differ.length);
  const selected = rows.find((row) => row.pkg.id === chosen)?.pkg;
  const needsPrice = !!selected && selected.retail_price < offer.net_cost;
  const priceError =
    serverError?.fields.retail_price ??
    (priceInput.trim()
      ? priceProblem(priceInput, 'retail', locale as Locale)
      : touched && needsPrice
        ? translate('app.supplier_offers.price_needed', { cost: formatEuro(offer.net_cost) })
        : undefined);

  const save = async () => {
    setTouched(true);
    setServerError(null);
    if (!selected || priceError || (needsPrice && !priceInput.trim())) return;
    setBusy(true);
    try {
      const { message } = await dataProvider.send('POST', `admin/supplier-offers/${encodeURIComponent(offer.id)}/map`, {
        package_id: selected.id,
        ...(priceInput.trim() ? { retail_price: eurosOf(priceInput) } : {}),
      });
      notify(message || 'app.supplier_offers.mapped_done', { type: 'success' });
      refresh();
      onClose();
    } catch (failure) {
      setServerError(serviceErrorOf(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="offer-map-title">
      <DialogTitle id="offer-map-title">{translate('app.supplier_offers.map_title')}</DialogTitle>
      <DialogContent>
        <OfferFacts offer={offer} />
        <Typography variant="body2" color="text.secondary">
          {translate('app.supplier_offers.map_hint')}
        </Typography>
        {error ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {translate('app.common.load_failed')}
          </Alert>
        ) : !candidates ? (
          <CircularProgress size={24} sx={{ mt: 2 }} />
        ) : rows.length === 0 ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('app.supplier_offers.map_none')}
          </Alert>
        ) : (
          <List dense aria-label={translate('app.supplier_offers.map_choose')}>
            {rows.map(({ pkg, differ }) => (
              <ListItem key={pkg.id} disableGutters sx={{ display: 'block' }}>
                <FormControlLabel
                  disabled={differ.length > 0}
                  control={
                    <Radio
                      checked={chosen === pkg.id}
                      onChange={() => {
                        setChosen(String(pkg.id));
                        setServerError(null);
                      }}
                      slotProps={{ input: { name: 'package_id' } }}
                    />
                  }
                  label={
                    <span>
                      <code>{pkg.code}</code> · {locale === 'en' ? pkg.name_en : pkg.name_tr} ·{' '}
                      {formatEuro(pkg.retail_price)}
                    </span>
                  }
                />
                <Typography
                  variant="caption"
                  component="p"
                  color={differ.length ? 'text.secondary' : 'success.main'}
                  sx={{ pl: 4 }}
                >
                  {differ.length
                    ? translate('app.supplier_offers.differs', {
                        fields: differ.map((field) => translate(`app.supplier_offers.fields.${field}`)).join(', '),
                      })
                    : [
                        translate('app.supplier_offers.matches'),
                        pkg.supplier !== 'pool' && pkg.supplier_package_id
                          ? translate('app.supplier_offers.replaces', { id: pkg.supplier_package_id })
                          : translate('app.supplier_offers.from_pool'),
                      ].join(' · ')}
                </Typography>
              </ListItem>
            ))}
          </List>
        )}
        {serverError && !serverError.fields.retail_price ? (
          <Alert severity="error" sx={{ mt: 1 }}>
            {serverError.message}
            {Object.entries(serverError.fields).map(([field, message]) => (
              <Typography key={field} variant="body2" component="span" sx={{ display: 'block' }}>
                {message}
              </Typography>
            ))}
          </Alert>
        ) : null}
        <TextField
          fullWidth
          margin="normal"
          label={translate('app.supplier_offers.new_price')}
          value={priceInput}
          onChange={(event) => {
            setPriceInput(event.target.value);
            setServerError(null);
          }}
          error={!!priceError}
          helperText={
            priceError ??
            (selected
              ? translate('app.supplier_offers.new_price_hint', {
                  price: formatEuro(selected.retail_price),
                  cost: formatEuro(offer.net_cost),
                })
              : translate('app.supplier_offers.new_price_optional'))
          }
          slotProps={{ htmlInput: { name: 'retail_price', inputMode: 'decimal' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={busy || !selected}>
          {translate('app.supplier_offers.map')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
