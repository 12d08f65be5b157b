import Inventory2Icon from '@mui/icons-material/Inventory2';
import StorefrontIcon from '@mui/icons-material/Storefront';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import {
  Box,
  Card,
  CardContent,
  CardHeader,
  Grid,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { CARD_STATUSES } from '@esim/contracts';
import { lazy, Suspense, useMemo } from 'react';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { StatCard } from '../../dashboard/StatCard';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import type { StockDay } from './StockChart';
import { adminCardStatusText } from './cardStatus';
import { LoadFailed } from '../../layout/LoadFailed';

const StockChart = lazy(() => import('./StockChart'));

interface StockFigures {
  total: number;
  by_status: Record<string, number>;
  admin_stock: number;
  dealer_stock: number;
  pending_orders: number;
  pending_returns: number;
  running_imports: number;
}

interface SummaryRow {
  status: string;
  package_id: string | null;
  package_code: string | null;
  owner_user_id: string | null;
  owner_name: string | null;
  count: number;
}

/** The summary's rows folded into one line per package and owner, a count per status. */
export function pivotSummary(rows: readonly SummaryRow[]) {
  const lines = new Map<
    string,
    {
      package_id: string | null;
      package_code: string;
      owner_user_id: string | null;
      owner_name: string | null;
      counts: Record<string, number>;
      total: number;
    }
  >();
  for (const row of rows) {
    const key = `${row.package_id}|${row.owner_user_id ?? ''}`;
    const line = lines.get(key) ?? {
      package_id: row.package_id,
      package_code: row.package_code ?? '—',
      owner_user_id: row.owner_user_id,
      owner_name: row.owner_name,
      counts: {},
      total: 0,
    };
    line.counts[row.status] = (line.counts[row.status] ?? 0) + row.count;
    line.total += row.count;
    lines.set(key, line);
  }
  // Per package, the admin's own stock first, then the dealers by name.
  return [...lines.values()].sort(
    (a, b) =>
      a.package_code.localeCompare(b.package_code) ||
      Number(a.owner_user_id !== null) - Number(b.owner_user_id !== null) ||
      (a.owner_name ?? '').localeCompare(b.owner_name ?? '', 'tr'),
  );
}

function useStockRead<T>(path: string, query?: Record<string, string>) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery<T>({
    queryKey: ['admin', 'stock-dashboard', path, query],
    queryFn: () => dataProvider.read<T>(path, query),
  });
}

const stockLink = (filter: Record<string, string>) =>
  `/admin/physical-sim-stock?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The physical-SIM stock at a glance: totals, cards moving per day over 30 days, and every status × package × owner count. */
export default function StockDashboard() {
  const translate = useTranslate();
  const figures = useStockRead<StockFigures>('admin/physical-sim/stock/dashboard');
  const days = useStockRead<StockDay[]>('admin/physical-sim/stock/statistics', { days: '30' });
  const summary = useStockRead<SummaryRow[]>('admin/physical-sim/stock/summary');
  const lines = useMemo(() => pivotSummary(summary.data ?? []), [summary.data]);
  const statuses = CARD_STATUSES.filter((s) => lines.some((line) => line.counts[s]));
  const f = figures.data;
  const failed = figures.error || days.error || summary.error;
  return (
    <Stack spacing={2} sx={{ mt: 1, mb: 2 }}>
      <Title title={translate('app.menu.admin_physical_sim_dashboard')} />
      {failed ? (
        <LoadFailed onRetry={() => Promise.all([figures.refetch(), days.refetch(), summary.refetch()])} />
      ) : null}
      <Grid container spacing={2}>
        {(
          [
            ['app.psim_dashboard.total', f?.total, Inventory2Icon],
            ['app.psim_dashboard.admin_stock', f?.admin_stock, Inventory2Icon],
            ['app.psim_dashboard.dealer_stock', f?.dealer_stock, StorefrontIcon],
            [
              'app.psim_dashboard.pending',
              f ? `${f.pending_orders} / ${f.pending_returns}` : undefined,
              ShoppingCartIcon,
            ],
            ['app.psim_dashboard.running_imports', f?.running_imports, UploadFileIcon],
          ] as const
        ).map(([label, value, icon]) => (
          <Grid key={label} size={{ xs: 6, md: 'grow' }}>
            <StatCard icon={icon} label={translate(label)} value={value === undefined ? undefined : String(value)} />
          </Grid>
        ))}
      </Grid>
      <Card>
        <CardHeader
          title={translate('app.psim_dashboard.chart')}
          titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        />
        <CardContent>
          {days.data ? (
            <Suspense fallback={<Skeleton variant="rectangular" height={280} />}>
              <StockChart days={days.data} />
            </Suspense>
          ) : (
            <Skeleton variant="rectangular" height={280} />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader
          title={translate('app.psim_dashboard.summary')}
          titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        />
        <CardContent sx={{ pt: 0, overflowX: 'auto' }}>
          {!summary.data ? (
            <Skeleton height={120} />
          ) : lines.length === 0 ? (
            <Typography color="text.secondary">{translate('app.psim_stock.empty')}</Typography>
          ) : (
            <Box component={Table} size="small" sx={{ minWidth: 560 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.physical_sim.package')}</TableCell>
                  <TableCell>{translate('app.psim_stock.owner')}</TableCell>
                  {statuses.map((s) => (
                    <TableCell key={s} align="right">
                      {adminCardStatusText(s, translate)}
                    </TableCell>
                  ))}
                  <TableCell align="right">{translate('app.psim_dashboard.line_total')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((line) => {
                  const owner = line.owner_user_id ?? 'admin';
                  const base = { ...(line.package_id ? { package_id: line.package_id } : {}), owner_user_id: owner };
                  return (
                    <TableRow key={`${line.package_id}|${owner}`}>
                      <TableCell>{line.package_code}</TableCell>
                      <TableCell>
                        {line.owner_user_id
                          ? line.owner_name || line.owner_user_id
                          : translate('app.psim_stock.admin_stock')}
                      </TableCell>
                      {statuses.map((s) => (
                        <TableCell key={s} align="right">
                          {line.counts[s] ? <Link to={stockLink({ ...base, status: s })}>{line.counts[s]}</Link> : '—'}
                        </TableCell>
                      ))}
                      <TableCell align="right">
                        <Link to={stockLink(base)}>{line.total}</Link>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Box>
          )}
        </CardContent>
      </Card>
    </Stack>
  );
}
