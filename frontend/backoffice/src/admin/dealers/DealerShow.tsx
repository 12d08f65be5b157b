import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import EditIcon from '@mui/icons-material/Edit';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { Box, Button, Card, CardContent, CardHeader, Grid, Skeleton, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Show, useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { StatCard } from '../../dashboard/StatCard';
import { AccountStatusChip } from '../../layout/accountStatus';
import { formatCents, formatDate, formatEuro } from '../../format';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { DealerMoneyButtons } from './DealerMoneyButtons';
import { DeleteDealerButton } from './DealerEdit';
import { StatusToggle } from './StatusToggle';
import { useDealerBalances } from './useDealerBalances';

/** Columns a phone leaves out (their figures move under the first column). */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The newest rows of an admin list filtered to this dealer (the most a section shows). */
const NEWEST = { range: '[0,9]', sort: '["created_at","DESC"]' };

function useDealerRows<T>(path: string, filter: Record<string, string>) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery<T[]>({ queryKey: ['admin', 'dealer-rows', path, filter], queryFn: () => dataProvider.read(path, { ...NEWEST, filter: JSON.stringify(filter) }) });
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardHeader title={title} titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }} />
      <CardContent sx={{ pt: 0, overflowX: 'auto' }}>{children}</CardContent>
    </Card>
  );
}

interface CardRow {
  id: string;
  serial_number: string;
  iccid: string;
  package_name: string;
  status: string;
  transferred_at: string | null;
}

/** The physical SIM cards the dealer holds (the admin's stock list, filtered to this owner). */
function DealerCards({ dealerId }: { dealerId: string }) {
  const translate = useTranslate();
  const { data, isPending } = useDealerRows<CardRow>('admin/physical-sim/stock', { owner_user_id: dealerId });
  if (isPending) return <Skeleton height={80} />;
  if (!data?.length) return <Typography color="text.secondary">{translate('app.admin_dealers.no_cards')}</Typography>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.physical_sim.serial')}</TableCell>
          <TableCell sx={wideOnly}>{translate('app.physical_sim.package')}</TableCell>
          <TableCell>{translate('app.sm.status')}</TableCell>
          <TableCell sx={wideOnly}>{translate('app.physical_sim.assigned_at')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((card) => (
          <TableRow key={card.id}>
            <TableCell>
              {card.serial_number}
              {/* On a phone the package and date columns are hidden: the same under the serial. */}
              <Typography variant="caption" color="text.secondary" component="div" sx={{ display: { sm: 'none' } }}>
                {card.package_name} · {formatDate(card.transferred_at)}
              </Typography>
            </TableCell>
            <TableCell sx={wideOnly}>{card.package_name}</TableCell>
            {/* The dealer's own label says "in your stock": the admin reads "with the dealer". */}
            <TableCell>{card.status === 'assigned' ? translate('app.admin_dealers.card_with_dealer') : translate(`app.physical_sim.card_statuses.${card.status}`, { _: card.status })}</TableCell>
            <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{formatDate(card.transferred_at)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

interface LogRow {
  id: string;
  amount: number;
  sales_manager_name: string;
  collected_by_name: string;
  created_at: string;
}

/** Cash collected from the dealer (the collection logs filtered to them). */
function DealerCollections({ dealerId }: { dealerId: string }) {
  const translate = useTranslate();
  const { data, isPending } = useDealerRows<LogRow>('admin/collection-logs', { dealer_id: dealerId });
  if (isPending) return <Skeleton height={80} />;
  if (!data?.length) return <Typography color="text.secondary">{translate('app.collection_logs.empty')}</Typography>;
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.transactions.date')}</TableCell>
          <TableCell>{translate('app.admin_dealers.sales_manager')}</TableCell>
          <TableCell align="right">{translate('app.transactions.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((log) => (
          <TableRow key={log.id}>
            <TableCell>{formatDate(log.created_at)}</TableCell>
            <TableCell>{log.sales_manager_name}</TableCell>
            <TableCell align="right">{formatEuro(log.amount)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function DealerDetails() {
  const translate = useTranslate();
  const record = useRecordContext();
  const { data: balances } = useDealerBalances(record ? [String(record.id)] : []);
  if (!record) return null;
  const id = String(record.id);
  const figures = balances?.get(id);
  const fields: Array<[string, unknown]> = [
    ['app.sm.full_name', record.full_name],
    ['app.sm.email', record.email],
    ['app.sm.phone', record.phone],
    ['app.sm.tax_number', record.tax_number],
    ['app.sm.address', record.address],
    ['app.admin_dealers.sales_manager', record.sales_manager_name],
    ['app.admin_dealers.created_at', formatDate(record.created_at)],
  ];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap" useFlexGap>
        <Typography variant="h6" component="h1" sx={{ mr: 1 }}>
          {record.company_name || record.full_name}
        </Typography>
        <AccountStatusChip status={record.status} />
      </Stack>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <DealerMoneyButtons record={record} figures={figures} />
        <Button size="small" component={Link} to={`/admin/dealers/${id}/pricing`} startIcon={<PriceChangeIcon />}>
          {translate('app.sm.pricing')}
        </Button>
        <Button size="small" component={Link} to={`/admin/dealers/${id}`} startIcon={<EditIcon />}>
          {translate('ra.action.edit')}
        </Button>
        <StatusToggle record={record} />
        <DeleteDealerButton />
      </Box>
      <Grid container spacing={2}>
        {(
          [
            ['app.admin_dealers.balance', figures?.balance_cents, AccountBalanceWalletIcon],
            ['app.admin_dealers.available', figures?.available_cents, PaymentsIcon],
            ['app.admin_dealers.held', figures?.held_cents, HourglassEmptyIcon],
            ['app.admin_dealers.owed', figures?.owed_cents, ReceiptLongIcon],
          ] as const
        ).map(([label, cents, icon]) => (
          <Grid key={label} size={{ xs: 6, md: 3 }}>
            <StatCard icon={icon} label={translate(label)} value={figures ? formatCents(cents) : undefined} />
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Section title={translate('app.admin_dealers.details')}>
            <Table size="small">
              <TableBody>
                {fields.map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell component="th" sx={{ color: 'text.secondary', width: '40%' }}>
                      {translate(label)}
                    </TableCell>
                    <TableCell sx={{ wordBreak: 'break-word' }}>{value ? String(value) : '—'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Section>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Stack spacing={2}>
            <Section title={translate('app.admin_dealers.cards')}>
              <DealerCards dealerId={id} />
            </Section>
            <Section title={translate('app.admin_dealers.collections')}>
              <DealerCollections dealerId={id} />
            </Section>
          </Stack>
        </Grid>
      </Grid>
    </Stack>
  );
}

/** One dealer: who they are, their money (with the admin's actions), the cards they hold and the cash collected from them. */
export default function DealerShow() {
  const translate = useTranslate();
  return (
    // minWidth 0: a flex item otherwise grows to its widest table and the page scrolls sideways on a phone.
    <Show title={translate('app.admin_dealers.show_title')} actions={false} component="div" sx={{ '& .RaShow-card': { minWidth: 0 } }}>
      <DealerDetails />
    </Show>
  );
}
