import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import EditIcon from '@mui/icons-material/Edit';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PaymentsIcon from '@mui/icons-material/Payments';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import CreditScoreIcon from '@mui/icons-material/CreditScore';
import SavingsIcon from '@mui/icons-material/Savings';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import {
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  Skeleton,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useDataProvider, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { StatCard } from '../../dashboard/StatCard';
import { AccountStatusChip } from '../../layout/accountStatus';
import { DetailsTable } from '../../layout/DetailsTable';
import { SectionCard, ShowHeading, ShowPage } from '../../layout/ShowPage';
import { formatCents, formatDate, formatEuro } from '../../format';
import { StatementSection } from '../../statements/StatementSection';
import { ApiKeysSection } from '../../api-keys/ApiKeysSection';
import { WebhooksSection } from '../../webhooks/WebhooksSection';
import { OrderStatusChip } from '../../layout/esimOrders';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { auditSentence } from '../audit-log/auditSentence';
import { CreditLimitButton } from './CreditLimitDialog';
import { DealerMoneyButtons } from './DealerMoneyButtons';
import { DeleteDealerButton } from './DealerEdit';
import { StatusToggle } from './StatusToggle';
import { useDealerBalances } from './useDealerBalances';

/** Columns a phone leaves out (their figures move under the first column). */
const wideOnly = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Rows a tab shows at first, and adds with each "show more". */
const PAGE = 10;

/** The newest `shown` rows of an admin list filtered to this dealer. */
function useDealerRows<T>(path: string, filter: Record<string, string>, shown = PAGE) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery<T[]>({
    queryKey: ['admin', 'dealer-rows', path, filter, shown],
    queryFn: () =>
      dataProvider.read(path, {
        range: `[0,${shown - 1}]`,
        sort: '["created_at","DESC"]',
        filter: JSON.stringify(filter),
      }),
    // "Show more" keeps the rows on screen while the longer page loads.
    placeholderData: keepPreviousData,
  });
}

/** A tab's rows with "show more" while a full page came back, and a link to the whole list where there is one. */
function Rows<T>({
  rows,
  shown,
  onMore,
  empty,
  listLink,
  children,
}: {
  rows: T[] | undefined;
  shown: number;
  onMore: () => void;
  empty: string;
  listLink?: string;
  children: (rows: T[]) => ReactNode;
}) {
  const translate = useTranslate();
  if (!rows) return <Skeleton height={80} />;
  if (rows.length === 0) return <Typography color="text.secondary">{translate(empty)}</Typography>;
  return (
    <>
      {children(rows)}
      <Box sx={{ display: 'flex', gap: 1, pt: 1 }}>
        {rows.length >= shown ? (
          <Button size="small" onClick={onMore}>
            {translate('app.admin_dealers.show_more')}
          </Button>
        ) : null}
        {listLink ? (
          <Button size="small" component={Link} to={listLink}>
            {translate('app.admin_dealers.open_list')}
          </Button>
        ) : null}
      </Box>
    </>
  );
}

/** The dealer's own list as it is paged here: newest first, longer on "show more". */
function usePaged<T>(path: string, filter: Record<string, string>) {
  const [shown, setShown] = useState(PAGE);
  const { data } = useDealerRows<T>(path, filter, shown);
  return { rows: data, shown, onMore: () => setShown((n) => n + PAGE) };
}

interface TransactionRow {
  id: number;
  type: string;
  description: string;
  amount_cents: number;
  balance_after_cents: number;
  reference: string | null;
  created_at: string;
}

/** Movements of the dealer's balance, as the dealer's own transactions page shows them (balance service). */
function DealerTransactions({ dealerId }: { dealerId: string }) {
  const translate = useTranslate();
  const paged = usePaged<TransactionRow>(`admin/dealers/${encodeURIComponent(dealerId)}/transactions`, {});
  return (
    <Rows {...paged} empty="app.admin_dealers.no_transactions">
      {(rows) => (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.transactions.date')}</TableCell>
              <TableCell>{translate('app.transactions.type')}</TableCell>
              <TableCell sx={wideOnly}>{translate('app.transactions.reference')}</TableCell>
              <TableCell align="right">{translate('app.transactions.amount')}</TableCell>
              <TableCell align="right" sx={wideOnly}>
                {translate('app.transactions.balance_after')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.id}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.created_at)}</TableCell>
                <TableCell>
                  {row.description}
                  {row.reference ? (
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="div"
                      sx={{ display: { sm: 'none' }, overflowWrap: 'anywhere' }}
                    >
                      {row.reference}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={{ ...wideOnly, overflowWrap: 'anywhere' }}>{row.reference ?? '—'}</TableCell>
                <TableCell
                  align="right"
                  sx={{ whiteSpace: 'nowrap', color: row.amount_cents > 0 ? 'success.main' : undefined }}
                >
                  {formatCents(row.amount_cents)}
                </TableCell>
                <TableCell align="right" sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>
                  {formatCents(row.balance_after_cents)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Rows>
  );
}

interface EsimOrderRow {
  id: string;
  order_number: string;
  package?: { name: string; title?: string } | null;
  quantity: number;
  total: number;
  status: string;
  created_at: string;
}

/** The dealer's eSIM orders (the admin's eSIM order list, filtered to this buyer). */
function DealerEsimOrders({ dealerId }: { dealerId: string }) {
  const translate = useTranslate();
  const filter = { user_id: dealerId };
  const paged = usePaged<EsimOrderRow>('user/esim/orders', filter);
  return (
    <Rows
      {...paged}
      empty="app.admin_dealers.no_esim_orders"
      listLink={`/admin/esim-orders?filter=${encodeURIComponent(JSON.stringify(filter))}`}
    >
      {(rows) => (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{translate('app.orders.order_number')}</TableCell>
              <TableCell sx={wideOnly}>{translate('app.orders.package')}</TableCell>
              <TableCell align="right">{translate('app.orders.total')}</TableCell>
              <TableCell>{translate('app.orders.status')}</TableCell>
              <TableCell sx={wideOnly}>{translate('app.orders.created_at')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((order) => (
              <TableRow key={order.id}>
                <TableCell>
                  <Link to={`/admin/esim-orders/${encodeURIComponent(order.id)}/show`}>{order.order_number}</Link>
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ display: { sm: 'none' } }}>
                    {order.quantity} × {order.package?.title ?? order.package?.name ?? '—'} ·{' '}
                    {formatDate(order.created_at)}
                  </Typography>
                </TableCell>
                <TableCell sx={wideOnly}>
                  {order.quantity} × {order.package?.title ?? order.package?.name ?? '—'}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatEuro(order.total)}
                </TableCell>
                <TableCell>
                  <OrderStatusChip status={order.status} />
                </TableCell>
                <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{formatDate(order.created_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Rows>
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
  const paged = usePaged<CardRow>('admin/physical-sim/stock', { owner_user_id: dealerId });
  return (
    <Rows {...paged} empty="app.admin_dealers.no_cards">
      {(data) => (
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
                <TableCell>
                  {card.status === 'assigned'
                    ? translate('app.admin_dealers.card_with_dealer')
                    : translate(`app.physical_sim.card_statuses.${card.status}`, { _: card.status })}
                </TableCell>
                <TableCell sx={{ ...wideOnly, whiteSpace: 'nowrap' }}>{formatDate(card.transferred_at)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Rows>
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
  const filter = { dealer_id: dealerId };
  const paged = usePaged<LogRow>('admin/collection-logs', filter);
  return (
    <Rows
      {...paged}
      empty="app.collection_logs.empty"
      listLink={`/admin/collection-logs?filter=${encodeURIComponent(JSON.stringify(filter))}`}
    >
      {(data) => (
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
      )}
    </Rows>
  );
}

interface HistoryRow {
  id: string;
  method: string;
  route: string;
  status_code: number;
  target_name: string | null;
  amount_cents: number | null;
  detail: string | null;
  actor_name: string | null;
  actor_email: string | null;
  at: string;
}

/** Changes to the dealer's prices, credit limit, status and money, in words (the audit log about this dealer). */
function DealerHistory({ dealerId }: { dealerId: string }) {
  const translate = useTranslate();
  const filter = { target_id: dealerId };
  const paged = usePaged<HistoryRow>('admin/audit-log', filter);
  return (
    <Rows
      {...paged}
      empty="app.admin_audit_log.no_history"
      listLink={`/admin/audit-log?filter=${encodeURIComponent(JSON.stringify(filter))}`}
    >
      {(rows) => (
        <Box
          component="ol"
          sx={{ listStyle: 'none', m: 0, p: 0 }}
          aria-label={translate('app.admin_audit_log.history')}
        >
          {rows.map((row) => (
            <Box component="li" key={row.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography variant="body2">{auditSentence(row, translate)}</Typography>
              <Typography variant="caption" color="text.secondary">
                {formatDate(row.at)} · {row.actor_name ?? row.actor_email ?? '—'}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Rows>
  );
}

const TABS = [
  ['transactions', 'app.admin_dealers.tab_transactions', DealerTransactions],
  ['esim-orders', 'app.admin_dealers.tab_esim_orders', DealerEsimOrders],
  ['cards', 'app.admin_dealers.tab_cards', DealerCards],
  ['collections', 'app.admin_dealers.tab_collections', DealerCollections],
  ['history', 'app.admin_audit_log.history', DealerHistory],
] as const;

/** The dealer's activity, one list per tab; a tab's list is read only when it is opened. */
function DealerActivity({ dealerId }: { dealerId: string }) {
  const translate = useTranslate();
  const [tab, setTab] = useState<(typeof TABS)[number][0]>('transactions');
  const Current = TABS.find(([key]) => key === tab)![2];
  return (
    <Card variant="outlined">
      <Tabs
        value={tab}
        onChange={(_, value) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        // Labels keep their own case: upper-cased, "eSIM" would read "ESIM".
        sx={{
          borderBottom: 1,
          borderColor: 'divider',
          '& .MuiTab-root': { textTransform: 'none', fontSize: '0.95rem' },
        }}
      >
        {TABS.map(([key, label]) => (
          <Tab
            key={key}
            value={key}
            label={translate(label)}
            id={`dealer-tab-${key}`}
            aria-controls={`dealer-tabpanel-${key}`}
          />
        ))}
      </Tabs>
      <CardContent
        role="tabpanel"
        id={`dealer-tabpanel-${tab}`}
        aria-labelledby={`dealer-tab-${tab}`}
        sx={{ overflowX: 'auto' }}
      >
        <Current dealerId={dealerId} />
      </CardContent>
    </Card>
  );
}

function DealerDetails() {
  const translate = useTranslate();
  const record = useRecordContext();
  const { data: balances } = useDealerBalances(record ? [String(record.id)] : []);
  if (!record) return null;
  const id = String(record.id);
  const figures = balances?.get(id);
  const fields: Array<[string, ReactNode]> = [
    ['app.sm.full_name', record.full_name],
    ['app.sm.email', record.email],
    ['app.sm.phone', record.phone],
    ['app.sm.tax_number', record.tax_number],
    ['app.sm.tax_office', record.tax_office],
    ['app.sm.address', record.address],
    ['app.admin_dealers.sales_manager', record.sales_manager_name],
    ['app.admin_dealers.created_at', formatDate(record.created_at)],
  ];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <ShowHeading title={record.company_name || record.full_name}>
        <AccountStatusChip status={record.status} />
      </ShowHeading>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <DealerMoneyButtons record={record} figures={figures} />
        <CreditLimitButton dealer={{ id, name: record.company_name || record.full_name }} figures={figures} />
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
            ['app.admin_dealers.credit_limit', figures?.credit_limit_cents, CreditScoreIcon],
            ['app.admin_dealers.credit_available', figures?.credit_available_cents, SavingsIcon],
          ] as const
        ).map(([label, cents, icon]) => (
          <Grid key={label} size={{ xs: 6, md: 4, lg: 2 }}>
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
            <SectionCard title={translate('app.statements.section')}>
              <StatementSection basePath={`admin/dealers/${encodeURIComponent(id)}/statements`} />
            </SectionCard>
            <SectionCard title={translate('app.api_keys.title')}>
              <ApiKeysSection basePath={`admin/dealers/${encodeURIComponent(id)}/api-keys`} compact />
            </SectionCard>
            <SectionCard title={translate('app.webhooks.title')}>
              <WebhooksSection ownerPath={`admin/dealers/${encodeURIComponent(id)}`} compact />
            </SectionCard>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <DealerActivity dealerId={id} />
        </Grid>
      </Grid>
    </Stack>
  );
}

/** One dealer: who they are, their money (with the admin's actions), the cards they hold and the cash collected from them. */
export default function DealerShow() {
  return (
    <ShowPage title="app.admin_dealers.show_title">
      <DealerDetails />
    </ShowPage>
  );
}
