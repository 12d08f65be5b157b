import DownloadIcon from '@mui/icons-material/GetApp';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  MenuItem,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Loading, Title, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatCents, formatDate, formatEuro, istanbulDay } from '../../format';
import { ConfirmButton } from '../../layout/ConfirmButton';
import { TotalAndCount } from '../../layout/TotalAndCount';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';
import { parsePriceCents } from '../../dealer-pricing/priceInput';
import {
  SALES_MANAGER_FIGURES_KEY,
  SalesManagerFigureCards,
  useSalesManagerFigures,
} from '../../sales-manager/figures';
import type { CollectionReport } from '@esim/contracts';
import { downloadCollectionsCsv } from './collectionsCsv';

const CollectionChart = lazy(() => import('./CollectionChart'));

const REPORT_KEY = ['sales-manager', 'collection-report'];

/** Columns a phone leaves out (their text moves under the first column). */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Every collection of the period, newest first: the rows the report's sums are made of. */
function CollectionsTable({ report }: { report: CollectionReport }) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {translate('app.collection.collections')}
      </Typography>
      <Table size="small" aria-label={translate('app.collection.collections')}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.collection.when')}</TableCell>
            <TableCell>{translate('app.collection.dealer')}</TableCell>
            <TableCell sx={wideOnly}>{translate('app.collection.note')}</TableCell>
            <TableCell align="right">{translate('app.transactions.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {report.collections.map((c) => (
            <TableRow key={c.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(c.created_at)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-word' }}>
                {c.dealer_name}
                {c.note ? (
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ display: { sm: 'none' } }}>
                    {c.note}
                  </Typography>
                ) : null}
              </TableCell>
              <TableCell sx={{ ...wideOnly, wordBreak: 'break-word' }}>{c.note ?? ''}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatCents(c.amount_cents)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {report.count > report.collections.length ? (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {translate('app.collection.more_collections', { shown: report.collections.length, count: report.count })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Cash collected from a dealer: the debt shown, the amount confirmed, the ledger posts it once (Idempotency-Key). */
function CollectForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { data: figures, isPending } = useSalesManagerFigures();
  const [dealerId, setDealerId] = useState(params.get('dealer_id') ?? '');
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [key, setKey] = useState(() => crypto.randomUUID());
  const dealer = figures?.dealers.find((d) => d.dealer_id === dealerId);
  const cents = parsePriceCents(amount);
  const value = typeof cents === 'number' ? cents / 100 : 0;
  // The debt shown is the most the service accepts: checked here so the confirmation never offers more.
  const overDebt = !!dealer && typeof cents === 'number' && cents > dealer.owed_cents;
  const valid = !!dealer && typeof cents === 'number' && !overDebt;

  const collect = async () => {
    setErrors({});
    try {
      const { message } = await dataProvider.send(
        'POST',
        'sales-manager/collect',
        { dealer_id: dealerId, amount: value, note: note.trim() === '' ? null : note.trim() },
        { idempotencyKey: key },
      );
      notify(message || 'app.collection.recorded', { type: 'success' });
      setAmount('');
      setNote('');
      setKey(crypto.randomUUID());
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: SALES_MANAGER_FIGURES_KEY }),
        queryClient.invalidateQueries({ queryKey: REPORT_KEY }),
      ]);
    } catch (error) {
      const { message, fields } = serviceErrorOf(error);
      setErrors(fields);
      if (!fields.amount && !fields.dealer_id && !fields.note) setErrors({ amount: message });
    }
  };

  if (isPending) return <Skeleton variant="rectangular" height={200} />;
  return (
    <Card>
      <CardHeader title={translate('app.collection.collect_title')} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent>
        {figures && figures.dealers.length === 0 ? (
          <Alert severity="info">{translate('app.collection.no_dealers')}</Alert>
        ) : (
          <Stack spacing={2}>
            <TextField
              select
              label={translate('app.collection.dealer')}
              value={dealerId}
              onChange={(e) => setDealerId(e.target.value)}
              error={!!errors.dealer_id}
              helperText={errors.dealer_id ?? ' '}
              name="dealer_id"
            >
              {(figures?.dealers ?? []).map((d) => (
                <MenuItem key={d.dealer_id} value={d.dealer_id}>
                  {d.name} — {translate('app.collection.owes', { amount: formatCents(d.owed_cents) })}
                </MenuItem>
              ))}
            </TextField>
            {dealer ? (
              <Alert severity={dealer.owed_cents > 0 ? 'warning' : 'success'}>
                {translate('app.collection.debt', { name: dealer.name, amount: formatCents(dealer.owed_cents) })}
              </Alert>
            ) : null}
            <TextField
              label={translate('app.collection.amount')}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              error={!!errors.amount || cents === 'invalid' || overDebt}
              helperText={
                errors.amount ??
                (overDebt ? translate('app.collection.over_debt', { amount: formatCents(dealer!.owed_cents) }) : ' ')
              }
              slotProps={{
                input: { endAdornment: <span>€</span> },
                htmlInput: { inputMode: 'decimal', name: 'amount' },
              }}
            />
            <TextField
              label={translate('app.collection.note')}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              error={!!errors.note}
              helperText={errors.note ?? ' '}
              multiline
              minRows={2}
            />
            <Box>
              <ConfirmButton
                variant="contained"
                size="large"
                disabled={!valid}
                title={translate('app.collection.confirm_title')}
                content={translate('app.collection.confirm_body', {
                  amount: formatEuro(value),
                  name: dealer?.name ?? '',
                })}
                onConfirm={collect}
              >
                {translate('app.collection.submit')}
              </ConfirmButton>
            </Box>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** What the sales manager collected between two Istanbul days: totals, per day (chart) and per dealer. */
function Report() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const today = istanbulDay(new Date());
  const [start, setStart] = useState(`${today.slice(0, 8)}01`);
  const [end, setEnd] = useState(today);
  const rangeValid = !!start && !!end && start <= end;
  const { data, isPending, error } = useQuery<CollectionReport>({
    queryKey: [...REPORT_KEY, start, end],
    queryFn: () => dataProvider.read('sales-manager/collection-report', { start_date: start, end_date: end }),
    enabled: rangeValid,
  });
  return (
    <Card>
      <CardHeader
        title={translate('app.collection.report_title')}
        titleTypographyProps={{ variant: 'h6' }}
        action={
          <Button
            startIcon={<DownloadIcon />}
            disabled={!data || data.collections.length === 0}
            onClick={() => data && downloadCollectionsCsv(data, translate)}
          >
            {translate('app.collection.export_csv')}
          </Button>
        }
      />
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <TextField
            type="date"
            label={translate('app.transactions.start_date')}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            type="date"
            label={translate('app.transactions.end_date')}
            value={end}
            onChange={(e) => setEnd(e.target.value)}
            error={!rangeValid}
            helperText={!rangeValid ? translate('app.collection.range_invalid') : ' '}
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Stack>
        {error ? (
          <Alert severity="error">{serviceErrorOf(error).message}</Alert>
        ) : isPending || !data ? (
          <Skeleton variant="rectangular" height={200} />
        ) : (
          <>
            <TotalAndCount
              total={formatEuro(data.total)}
              count={data.count}
              size="h5"
              totalTestId="report-total"
              sx={{ mb: 2 }}
            />
            {data.count === 0 ? (
              <Typography color="text.secondary">{translate('app.collection.report_empty')}</Typography>
            ) : (
              <Stack spacing={3}>
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, md: 7 }}>
                    <Suspense fallback={<Loading />}>
                      <CollectionChart days={data.by_day} />
                    </Suspense>
                  </Grid>
                  <Grid size={{ xs: 12, md: 5 }}>
                    <Table size="small" aria-label={translate('app.collection.by_dealer')}>
                      <TableHead>
                        <TableRow>
                          <TableCell>{translate('app.collection.dealer')}</TableCell>
                          <TableCell align="right">{translate('app.collection.count')}</TableCell>
                          <TableCell align="right">{translate('app.collection.total')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {data.by_dealer.map((row) => (
                          <TableRow key={row.dealer_id}>
                            <TableCell>{row.name}</TableCell>
                            <TableCell align="right">{row.count}</TableCell>
                            <TableCell align="right">{formatEuro(row.total)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </Grid>
                </Grid>
                <CollectionsTable report={data} />
              </Stack>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

export default function CollectionPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.menu.sm_collection')} />
      <Stack spacing={2}>
        <SalesManagerFigureCards />
        {/* The form keeps a readable width; the report takes the page's, so its tables are not squeezed into a column. */}
        <Box sx={{ maxWidth: { md: 720 } }}>
          <CollectForm />
        </Box>
        <Report />
      </Stack>
    </Box>
  );
}
