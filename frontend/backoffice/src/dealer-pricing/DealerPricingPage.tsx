import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PercentIcon from '@mui/icons-material/Percent';
import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  IconButton,
  InputAdornment,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Loading, Title, useDataProvider, useGetOne, useNotify, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { PausedChip } from '../admin/packages/PausedChip';
import { formatCountries, formatDate, formatEuro } from '../format';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import type { DealerPackage } from '@esim/contracts';
import { serviceErrorOf } from '../providers/errors';
import { PercentageDialog } from './PercentageDialog';
import { PriceConfirmDialog, type PendingPriceChange } from './PriceConfirmDialog';
import { parsePriceCents, priceInputText, priceWarning } from './priceInput';
import { PriceWarningChip } from './PriceWarningChip';
import { priceHistoryKey, useLastChanges, type PriceChange } from './useLastChanges';

/** A typed price in euros as the API takes it (two decimals), from exact cents. */
const parsePrice = (text: string): number | null | 'invalid' => {
  const cents = parsePriceCents(text);
  return typeof cents === 'number' ? cents / 100 : cents;
};
const centsOf = (euros: number | null) => (euros === null ? null : Math.round(euros * 100));
/** The body's flag for a change the admin allowed below cost (absent otherwise, as the catalog's default). */
const belowCostFlag = (allowBelowCost: boolean) => (allowBelowCost ? { allow_below_cost: true } : {});

/** Why a package is not on sale: paused on its own (its reason), or taken off sale; nothing while it sells. */
function SaleState({ row }: { row: DealerPackage }) {
  const translate = useTranslate();
  if (row.paused_reason) return <PausedChip reason={row.paused_reason} />;
  if (row.active) return null;
  return <Chip size="small" label={translate('app.pricing.off_sale')} />;
}

/** Columns a phone leaves out (their figures move under the package's name). */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Who prices a dealer: the admin (any dealer, with costs, percentages and history) or the dealer's sales manager. */
export type PricingScope = 'admin' | 'sales-manager';

const SCOPES = {
  admin: { dealers: 'admin/dealers', back: (id: string) => `/admin/dealers/${encodeURIComponent(id)}/show` },
  'sales-manager': { dealers: 'sales-manager/dealers', back: () => '/sales-manager/dealers' },
} as const;

/** The newest change of one package: when, by whom, old → new. */
function LastChange({ change }: { change: PriceChange | undefined }) {
  const translate = useTranslate();
  if (!change) return <>—</>;
  const price = (euros: number | null) => (euros === null ? translate('app.pricing.retail') : formatEuro(euros));
  return (
    <>
      {formatDate(change.changed_at)} ·{' '}
      {translate(`app.admin_pricing.roles.${change.changed_by_role}`, { _: change.changed_by_role })}
      <br />
      {price(change.old_price)} → {price(change.new_price)}
    </>
  );
}

/** The sales manager's pricing page for one of their dealers. */
export default function DealerPricingPage() {
  return <DealerPricing scope="sales-manager" />;
}

/** A dealer's package prices: edit one row inline, or several at once (selected rows to one price, every changed row, or a percentage). */
export function DealerPricing({ scope }: { scope: PricingScope }) {
  const { id = '' } = useParams();
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const isAdmin = scope === 'admin';
  const apiBase = `${scope}/dealers/${encodeURIComponent(id)}/packages`;
  const key = ['dealer-pricing', scope, id];
  const { data: dealer } = useGetOne(SCOPES[scope].dealers, { id });
  const {
    data: rows,
    isPending,
    error,
  } = useQuery<DealerPackage[]>({ queryKey: key, queryFn: () => dataProvider.read(apiBase) });
  const { data: lastChanges } = useLastChanges(id, isAdmin);
  const [percentageOpen, setPercentageOpen] = useState(false);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkPrice, setBulkPrice] = useState('');
  const [search, setSearch] = useState('');
  const [savingRow, setSavingRow] = useState<string | null>(null);
  const [savingMany, setSavingMany] = useState(false);
  // Every save (a row's button or Enter, bulk apply, save all) asks first: a price is money.
  const [pending, setPending] = useState<PendingPriceChange | null>(null);

  const visible = useMemo(() => {
    const q = search.trim().toLocaleLowerCase('tr');
    return (rows ?? []).filter((row) => !q || `${row.name} ${row.code}`.toLocaleLowerCase('tr').includes(q));
  }, [rows, search]);
  const changed = Object.entries(drafts).filter(([packageId, text]) => {
    const row = rows?.find((r) => r.id === packageId);
    const parsed = parsePrice(text);
    return row && parsed !== 'invalid' && parsed !== row.dealer_price;
  });

  const refresh = async (data?: DealerPackage[]) => {
    if (data) queryClient.setQueryData(key, data);
    else await queryClient.invalidateQueries({ queryKey: key });
    if (isAdmin) await queryClient.invalidateQueries({ queryKey: priceHistoryKey(id) });
  };

  const saveRow = async (row: DealerPackage, price: number | null, allowBelowCost: boolean) => {
    setSavingRow(row.id);
    try {
      const { message } = await dataProvider.send('PUT', `${apiBase}/${row.id}`, {
        price,
        ...belowCostFlag(allowBelowCost),
      });
      setDrafts(({ [row.id]: _, ...rest }) => rest);
      setFieldErrors(({ [row.id]: _, ...rest }) => rest);
      await refresh();
      notify(message || 'app.pricing.saved', { type: 'success' });
    } catch (err) {
      const { message, fields } = serviceErrorOf(err);
      setFieldErrors((all) => ({ ...all, [row.id]: fields.price ?? message }));
    } finally {
      setSavingRow(null);
    }
  };

  /** A price as the confirmation shows it: no dealer price means the list price. */
  const priceText = (price: number | null, row: DealerPackage) =>
    price === null ? `${formatEuro(row.base_price)} (${translate('app.pricing.retail')})` : formatEuro(price);
  const askToSave = (row: DealerPackage) => {
    const price = parsePrice(drafts[row.id] ?? '');
    if (price === 'invalid') return;
    setPending({
      title: translate('app.pricing.row_confirm_title'),
      body: translate('app.pricing.row_confirm_body', {
        name: row.name,
        old: priceText(row.dealer_price, row),
        new: priceText(price, row),
      }),
      changes: isAdmin ? [{ row, newCents: centsOf(price) }] : [],
      save: (allowBelowCost) => saveRow(row, price, allowBelowCost),
    });
  };

  /** Asks before several prices change, naming (for the admin) every one the catalog would refuse as below cost. */
  const askToSaveMany = (title: string, body: string, packages: Array<{ package_id: string; price: number | null }>) =>
    setPending({
      title,
      body,
      changes: isAdmin
        ? packages.flatMap(({ package_id, price }) => {
            const row = rows?.find((r) => r.id === package_id);
            return row ? [{ row, newCents: centsOf(price) }] : [];
          })
        : [],
      save: (allowBelowCost) => saveMany(packages, allowBelowCost),
    });

  const saveMany = async (packages: Array<{ package_id: string; price: number | null }>, allowBelowCost: boolean) => {
    setSavingMany(true);
    try {
      const { data, message } = await dataProvider.send<{ packages: DealerPackage[] }>('PUT', apiBase, {
        packages,
        ...belowCostFlag(allowBelowCost),
      });
      setDrafts({});
      setFieldErrors({});
      setSelected(new Set());
      setBulkPrice('');
      await refresh(data.packages);
      notify(message || 'app.pricing.saved', { type: 'success' });
    } catch (err) {
      const { message, fields } = serviceErrorOf(err);
      // Bulk field paths are `packages.<index>.price`: put each message on its row.
      const byRow: Record<string, string> = {};
      for (const [path, text] of Object.entries(fields)) {
        const index = /^packages\.(\d+)/.exec(path)?.[1];
        if (index !== undefined && packages[Number(index)]) byRow[packages[Number(index)]!.package_id] = text;
      }
      setFieldErrors(byRow);
      notify(message, { type: 'error' });
    } finally {
      setSavingMany(false);
    }
  };

  /** The percentage applies to the selected packages, else to every active one (as the catalog does without package ids). */
  const percentageRows = (rows ?? []).filter((row) => (selected.size > 0 ? selected.has(row.id) : row.on_sale));
  const applyPercentage = async (percentageHundredths: number, allowBelowCost: boolean) => {
    try {
      const body = {
        percentage: percentageHundredths / 100,
        ...(selected.size > 0 ? { package_ids: [...selected] } : {}),
        ...belowCostFlag(allowBelowCost),
      };
      const { data, message } = await dataProvider.send<{ packages: DealerPackage[] }>(
        'PUT',
        `${apiBase}/percentage`,
        body,
      );
      setDrafts({});
      setFieldErrors({});
      setSelected(new Set());
      setPercentageOpen(false);
      await refresh(data.packages);
      notify(message || 'app.pricing.saved', { type: 'success' });
    } catch (err) {
      notify(serviceErrorOf(err).message, { type: 'error' });
    }
  };

  if (isPending) return <Loading />;
  if (error) return <Alert severity="error">{serviceErrorOf(error).message}</Alert>;
  const bulkParsed = parsePrice(bulkPrice);
  const allVisibleSelected = visible.length > 0 && visible.every((row) => selected.has(row.id));

  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.pricing.title', { name: dealer?.company_name ?? dealer?.full_name ?? '' })} />
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 2 }}>
        <IconButton component={Link} to={SCOPES[scope].back(id)} aria-label={translate('ra.action.back')}>
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="h6" component="h1">
          {translate('app.pricing.title', { name: dealer?.company_name ?? dealer?.full_name ?? '' })}
        </Typography>
      </Stack>
      <Card>
        <CardContent>
          {/* Search on the left, the bulk controls on the right; on a narrower screen they wrap as whole items (no label cut, no button text broken). */}
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', md: 'row' },
              flexWrap: 'wrap',
              gap: 2,
              alignItems: { md: 'center' },
              justifyContent: 'space-between',
              mb: 2,
            }}
          >
            <TextField
              size="small"
              label={translate('ra.action.search')}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              sx={{ width: { md: 220, xl: 280 } }}
            />
            <Box
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1.5,
                alignItems: 'center',
                '& .MuiButton-root': { whiteSpace: 'nowrap' },
              }}
            >
              <TextField
                size="small"
                label={translate('app.pricing.bulk_price')}
                value={bulkPrice}
                onChange={(e) => setBulkPrice(e.target.value)}
                error={bulkPrice !== '' && bulkParsed === 'invalid'}
                slotProps={{
                  input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
                  htmlInput: { inputMode: 'decimal' },
                }}
                sx={{ width: { xs: '100%', sm: 210 } }}
              />
              <Button
                variant="outlined"
                disabled={selected.size === 0 || bulkParsed === 'invalid' || savingMany}
                onClick={() =>
                  askToSaveMany(
                    translate('app.pricing.bulk_confirm_title'),
                    translate('app.pricing.bulk_confirm_body', {
                      smart_count: selected.size,
                      price: bulkParsed === null ? translate('app.pricing.retail') : formatEuro(bulkParsed as number),
                    }),
                    [...selected].map((package_id) => ({ package_id, price: bulkParsed as number | null })),
                  )
                }
              >
                {translate('app.pricing.apply_to_selected', { smart_count: selected.size })}
              </Button>
              <Button
                variant="contained"
                startIcon={savingMany ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
                disabled={changed.length === 0 || savingMany}
                onClick={() =>
                  askToSaveMany(
                    translate('app.pricing.save_all_title'),
                    translate('app.pricing.save_all_body', { smart_count: changed.length }),
                    changed.map(([package_id, text]) => ({ package_id, price: parsePrice(text) as number | null })),
                  )
                }
              >
                {translate('app.pricing.save_all', { smart_count: changed.length })}
              </Button>
              {isAdmin ? (
                <Button
                  variant="outlined"
                  startIcon={<PercentIcon />}
                  onClick={() => setPercentageOpen(true)}
                  disabled={percentageRows.length === 0}
                >
                  {translate('app.admin_pricing.percentage_button')}
                </Button>
              ) : null}
            </Box>
          </Box>
          {visible.length === 0 ? (
            <Typography color="text.secondary">{translate('app.pricing.empty')}</Typography>
          ) : (
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={allVisibleSelected}
                        onChange={() =>
                          setSelected(allVisibleSelected ? new Set() : new Set(visible.map((row) => row.id)))
                        }
                        slotProps={{ input: { 'aria-label': translate('ra.action.select_all') } }}
                      />
                    </TableCell>
                    <TableCell>{translate('app.price_list.name')}</TableCell>
                    <TableCell sx={wideOnly}>{translate('app.pricing.countries')}</TableCell>
                    <TableCell sx={wideOnly}>{translate('app.price_list.data')}</TableCell>
                    <TableCell align="right" sx={wideOnly}>
                      {translate('app.pricing.base_price')}
                    </TableCell>
                    {isAdmin ? (
                      <TableCell align="right" sx={wideOnly}>
                        {translate('app.admin_pricing.cost')}
                      </TableCell>
                    ) : null}
                    <TableCell sx={{ minWidth: { sm: 190 } }}>{translate('app.pricing.dealer_price')}</TableCell>
                    {isAdmin ? (
                      <TableCell sx={{ ...wideOnly, display: { xs: 'none', lg: 'table-cell' } }}>
                        {translate('app.admin_pricing.last_change')}
                      </TableCell>
                    ) : null}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {visible.map((row) => {
                    const draft = drafts[row.id] ?? priceInputText(row.dealer_price);
                    const parsed = parsePrice(draft);
                    const warning = isAdmin && parsed !== 'invalid' ? priceWarning(centsOf(parsed), row) : null;
                    const dirty = row.id in drafts && parsed !== 'invalid' && parsed !== row.dealer_price;
                    return (
                      <TableRow key={row.id} hover selected={selected.has(row.id)}>
                        <TableCell padding="checkbox">
                          <Checkbox
                            checked={selected.has(row.id)}
                            onChange={() =>
                              setSelected((all) => {
                                const next = new Set(all);
                                if (next.has(row.id)) next.delete(row.id);
                                else next.add(row.id);
                                return next;
                              })
                            }
                            slotProps={{ input: { 'aria-label': row.name } }}
                          />
                        </TableCell>
                        <TableCell>
                          {row.name}
                          {row.price_source === 'dealer' ? (
                            <Chip
                              size="small"
                              sx={{ ml: 1 }}
                              color="primary"
                              label={translate('app.pricing.dealer_price')}
                            />
                          ) : null}
                          <Box component="span" sx={{ ml: 1 }}>
                            <SaleState row={row} />
                          </Box>
                          <Typography variant="caption" color="text.secondary" component="div">
                            {row.code}
                          </Typography>
                          {/* On a phone the data and list-price columns are hidden: the same figures under the name. */}
                          <Typography
                            variant="caption"
                            color="text.secondary"
                            component="div"
                            sx={{ display: { sm: 'none' } }}
                          >
                            {formatCountries(row.countries)} · {row.data} · {translate('app.pricing.base_price')}:{' '}
                            {formatEuro(row.base_price)}
                            {isAdmin
                              ? ` · ${translate('app.admin_pricing.cost')}: ${formatEuro(row.cost_price)}`
                              : null}
                          </Typography>
                          {isAdmin ? (
                            <Typography
                              variant="caption"
                              color="text.secondary"
                              component="div"
                              sx={{ display: { lg: 'none' } }}
                            >
                              {translate('app.admin_pricing.last_change')}:{' '}
                              <LastChange change={lastChanges?.get(row.id)} />
                            </Typography>
                          ) : null}
                        </TableCell>
                        <TableCell sx={wideOnly}>{formatCountries(row.countries)}</TableCell>
                        <TableCell sx={wideOnly}>{row.data}</TableCell>
                        <TableCell align="right" sx={wideOnly}>
                          {formatEuro(row.base_price)}
                        </TableCell>
                        {isAdmin ? (
                          <TableCell align="right" sx={wideOnly}>
                            {formatEuro(row.cost_price)}
                          </TableCell>
                        ) : null}
                        <TableCell>
                          <Stack direction="row" spacing={1} alignItems="flex-start">
                            <TextField
                              size="small"
                              value={draft}
                              placeholder={priceInputText(row.base_price)}
                              onChange={(e) => setDrafts((all) => ({ ...all, [row.id]: e.target.value }))}
                              onKeyDown={(e) => {
                                if (e.key !== 'Enter' || !dirty) return;
                                // Else the same Enter would press the dialog's focused confirm button too.
                                e.preventDefault();
                                askToSave(row);
                              }}
                              error={parsed === 'invalid' || !!fieldErrors[row.id]}
                              helperText={
                                fieldErrors[row.id] ??
                                (parsed === 'invalid' ? translate('app.pricing.price_invalid') : undefined)
                              }
                              slotProps={{
                                input: { endAdornment: <InputAdornment position="end">€</InputAdornment> },
                                htmlInput: {
                                  'aria-label': translate('app.pricing.dealer_price'),
                                  inputMode: 'decimal',
                                },
                              }}
                              sx={{ width: { xs: 104, sm: 130 } }}
                            />
                            <Tooltip title={translate('ra.action.save')}>
                              <span>
                                <IconButton
                                  disabled={!dirty || savingRow === row.id}
                                  onClick={() => askToSave(row)}
                                  aria-label={translate('ra.action.save')}
                                >
                                  {savingRow === row.id ? (
                                    <CircularProgress size={18} />
                                  ) : (
                                    <SaveIcon fontSize="small" />
                                  )}
                                </IconButton>
                              </span>
                            </Tooltip>
                          </Stack>
                          <PriceWarningChip warning={warning} />
                        </TableCell>
                        {isAdmin ? (
                          <TableCell
                            sx={{ ...wideOnly, display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' }}
                          >
                            <Typography variant="caption" color="text.secondary">
                              <LastChange change={lastChanges?.get(row.id)} />
                            </Typography>
                          </TableCell>
                        ) : null}
                      </TableRow>
                    );
                  })}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
            {translate('app.pricing.hint')}
          </Typography>
        </CardContent>
      </Card>
      <PriceConfirmDialog pending={pending} onClose={() => setPending(null)} />
      {isAdmin ? (
        <PercentageDialog
          open={percentageOpen}
          rows={percentageRows}
          onClose={() => setPercentageOpen(false)}
          onApply={applyPercentage}
        />
      ) : null}
      <Box sx={{ mt: 1 }}>
        <Button component={Link} to={SCOPES[scope].back(id)}>
          {translate('ra.action.back')}
        </Button>
      </Box>
    </Box>
  );
}
