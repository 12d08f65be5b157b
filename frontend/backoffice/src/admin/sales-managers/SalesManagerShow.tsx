import EditIcon from '@mui/icons-material/Edit';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SavingsIcon from '@mui/icons-material/Savings';
import TodayIcon from '@mui/icons-material/Today';
import {
  Box,
  Button,
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
import type { ReactNode } from 'react';
import { useGetList, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { StatCard } from '../../dashboard/StatCard';
import { formatCents, formatDate } from '../../format';
import { AccountStatusChip } from '../../layout/accountStatus';
import { DetailsTable } from '../../layout/DetailsTable';
import { SectionCard, ShowHeading, ShowPage } from '../../layout/ShowPage';
import { StatusToggle } from '../dealers/StatusToggle';
import { useDealerBalances } from '../dealers/useDealerBalances';
import { CollectButton } from './CollectButton';
import { useSalesManagerBalances } from './useSalesManagerBalances';

const listLink = (path: string, filter: Record<string, string>) =>
  `/${path}?filter=${encodeURIComponent(JSON.stringify(filter))}`;

/** The sales manager's dealers with what each owes, the biggest debt first (auth lists, balance sorts). */
function Dealers({ managerId }: { managerId: string }) {
  const translate = useTranslate();
  const { data, total } = useGetList('admin/dealers', {
    filter: { sales_manager_id: managerId },
    sort: { field: 'owed_cents', order: 'DESC' },
    pagination: { page: 1, perPage: 10 },
  });
  const { data: figures } = useDealerBalances((data ?? []).map((d) => String(d.id)));
  const all = listLink('admin/dealers', { sales_manager_id: managerId });
  return (
    <SectionCard
      title={translate('app.admin_sm.their_dealers', { smart_count: total ?? 0 })}
      action={
        <Button size="small" component={Link} to={all}>
          {translate('app.admin_dealers.open_list')}
        </Button>
      }
    >
      {!data ? (
        <Skeleton height={80} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.admin_sm.no_dealers')}</Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.sm.company_name')}</TableCell>
              <TableCell>{translate('app.sm.status')}</TableCell>
              <TableCell align="right">{translate('app.admin_dealers.balance')}</TableCell>
              <TableCell align="right">{translate('app.admin_dealers.owed')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((dealer) => (
              <TableRow key={dealer.id}>
                <TableCell>
                  <Link to={`/admin/dealers/${encodeURIComponent(String(dealer.id))}/show`}>
                    {dealer.company_name || dealer.full_name}
                  </Link>
                </TableCell>
                <TableCell>
                  <AccountStatusChip status={dealer.status} />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatCents(figures?.get(String(dealer.id))?.balance_cents)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatCents(figures?.get(String(dealer.id))?.owed_cents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}

/** Everything collected through the sales manager: from dealers, and handed over to the company (all time). */
function CollectedTotals({ managerId }: { managerId: string }) {
  const translate = useTranslate();
  const { data, meta } = useGetList('admin/collection-logs', {
    filter: { sales_manager_id: managerId },
    sort: { field: 'created_at', order: 'DESC' },
    pagination: { page: 1, perPage: 5 },
  });
  const rows: Array<[string, unknown]> = [
    ['app.collection_logs.dealer_total', meta?.dealer_collections_cents],
    ['app.collection_logs.handover_total', meta?.handovers_cents],
  ];
  return (
    <SectionCard
      title={translate('app.admin_sm.collected')}
      action={
        <Button size="small" component={Link} to={listLink('admin/collection-logs', { sales_manager_id: managerId })}>
          {translate('app.admin_dealers.open_list')}
        </Button>
      }
    >
      <Table size="small">
        <TableBody>
          {rows.map(([label, cents]) => (
            <TableRow key={label}>
              <TableCell component="th" sx={{ color: 'text.secondary' }}>
                {translate(label)}
              </TableCell>
              <TableCell align="right" data-testid={label}>
                {typeof cents === 'number' ? formatCents(cents) : <Skeleton width={80} />}
              </TableCell>
            </TableRow>
          ))}
          {(data ?? []).map((log) => (
            <TableRow key={log.id}>
              <TableCell>
                {formatDate(log.created_at)} · {translate(`app.collection_logs.kinds.${log.kind}`, { _: log.kind })}
                {log.dealer_name ? ` · ${log.dealer_name}` : ''}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {formatCents(log.amount_cents)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </SectionCard>
  );
}

function SalesManagerDetails() {
  const translate = useTranslate();
  const record = useRecordContext();
  const { data: balances } = useSalesManagerBalances(record ? [String(record.id)] : []);
  if (!record) return null;
  const id = String(record.id);
  const figures = balances?.get(id);
  const fields: Array<[string, ReactNode]> = [
    ['app.sm.email', record.email],
    ['app.sm.phone', record.phone],
    ['app.admin_sm.region', record.region],
    ['app.admin_dealers.created_at', formatDate(record.created_at)],
  ];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <ShowHeading title={record.full_name}>
        <AccountStatusChip status={record.status} />
      </ShowHeading>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <CollectButton record={record} heldCents={figures?.cash_held_cents} />
        <Button size="small" component={Link} to={`/admin/sales-managers/${id}`} startIcon={<EditIcon />}>
          {translate('ra.action.edit')}
        </Button>
        <StatusToggle record={record} resource="admin/sales-managers" />
      </Box>
      <Grid container spacing={2}>
        {(
          [
            ['app.sm.cash_held', figures?.cash_held_cents, PaymentsIcon],
            ['app.sm.outstanding', figures?.outstanding_cents, ReceiptLongIcon],
            ['app.sm.collected_today', figures?.collected_today_cents, TodayIcon],
            ['app.sm.collected_this_month', figures?.collected_this_month_cents, SavingsIcon],
          ] as const
        ).map(([label, cents, icon]) => (
          <Grid key={label} size={{ xs: 6, md: 3 }}>
            <StatCard icon={icon} label={translate(label)} value={figures ? formatCents(cents) : undefined} />
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 5 }}>
          <Stack spacing={2}>
            <SectionCard title={translate('app.admin_dealers.details')}>
              <DetailsTable rows={fields} />
            </SectionCard>
            <CollectedTotals managerId={id} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Dealers managerId={id} />
        </Grid>
      </Grid>
    </Stack>
  );
}

/** One sales manager: who they are, the cash they hold and collected, their dealers, and the admin's actions. */
export default function SalesManagerShow() {
  return (
    <ShowPage title="app.admin_sm.show_title">
      <SalesManagerDetails />
    </ShowPage>
  );
}
