import {
  Box,
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
import { useGetList, useRecordContext, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatCents, formatDate, formatEuro } from '../../format';
import { AccountStatusChip } from '../../layout/accountStatus';
import { DetailsTable } from '../../layout/DetailsTable';
import { SectionCard, ShowHeading, ShowPage } from '../../layout/ShowPage';
import { CardRefundLines, PaymentStatusChip, type PaymentRecord } from '../../layout/cardPayments';
import { OrderStatusChip } from '../../layout/esimOrders';

/** Rows each section shows; the whole list is one link away, filtered to the customer. */
const SHOWN = 10;

function Section({
  title,
  total,
  listTo,
  children,
}: {
  title: string;
  total: number | undefined;
  listTo: string;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <SectionCard
      title={`${translate(title)}${total === undefined ? '' : ` (${total})`}`}
      action={
        <Typography component={Link} to={listTo} variant="body2" sx={{ mr: 1 }}>
          {translate('app.admin_dealers.open_list')}
        </Typography>
      }
    >
      {children}
    </SectionCard>
  );
}

const filtered = (path: string, userId: string) =>
  `/${path}?filter=${encodeURIComponent(JSON.stringify({ user_id: userId }))}`;

/** The newest rows of another service's admin list, filtered to this customer. */
function useCustomerRows(resource: string, userId: string) {
  return useGetList(resource, {
    filter: { user_id: userId },
    sort: { field: 'created_at', order: 'DESC' },
    pagination: { page: 1, perPage: SHOWN },
  });
}

function Empty({ rows, text, children }: { rows: RaRecord[] | undefined; text: string; children: ReactNode }) {
  const translate = useTranslate();
  if (!rows) return <Skeleton height={80} />;
  if (rows.length === 0) return <Typography color="text.secondary">{translate(text)}</Typography>;
  return <>{children}</>;
}

/** A section of the customer's newest rows of one admin list: its header cells, then one row per record. */
function CustomerRows({
  resource,
  userId,
  title,
  empty,
  head,
  row,
}: {
  resource: string;
  userId: string;
  title: string;
  empty: string;
  head: ReactNode;
  row: (record: RaRecord) => ReactNode;
}) {
  const { data, total } = useCustomerRows(resource, userId);
  return (
    <Section title={title} total={total} listTo={filtered(resource, userId)}>
      <Empty rows={data} text={empty}>
        <Table size="small">
          <TableHead>
            <TableRow>{head}</TableRow>
          </TableHead>
          <TableBody>{(data ?? []).map((record) => row(record))}</TableBody>
        </Table>
      </Empty>
    </Section>
  );
}

/** The customer's eSIM orders (the esim service's admin order list, by buyer). */
function Orders({ userId }: { userId: string }) {
  const translate = useTranslate();
  return (
    <CustomerRows
      resource="admin/esim-orders"
      userId={userId}
      title="app.admin_customers.esim_orders"
      empty="app.admin_customers.no_orders"
      head={
        <>
          <TableCell>{translate('app.orders.order_number')}</TableCell>
          <TableCell align="right">{translate('app.orders.total')}</TableCell>
          <TableCell>{translate('app.orders.status')}</TableCell>
          <TableCell>{translate('app.orders.created_at')}</TableCell>
        </>
      }
      row={(order) => (
        <TableRow key={order.id}>
          <TableCell>
            <Link to={`/admin/esim-orders/${encodeURIComponent(String(order.id))}/show`}>{order.order_number}</Link>
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatEuro(order.total)}
          </TableCell>
          <TableCell>
            <OrderStatusChip status={order.status} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(order.created_at)}</TableCell>
        </TableRow>
      )}
    />
  );
}

/** The customer's card payments with each refund under its payment (the balance service's payment list, by payer). */
function Payments({ userId }: { userId: string }) {
  const translate = useTranslate();
  return (
    <CustomerRows
      resource="admin/payments"
      userId={userId}
      title="app.admin_customers.payments_and_refunds"
      empty="app.admin_customers.no_payments"
      head={
        <>
          <TableCell>{translate('app.transactions.date')}</TableCell>
          <TableCell>{translate('app.sm.status')}</TableCell>
          <TableCell align="right">{translate('app.transactions.amount')}</TableCell>
          <TableCell align="right">{translate('app.admin_customers.refunded')}</TableCell>
        </>
      }
      row={(payment) => (
        <TableRow key={payment.id}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(payment.created_at)}</TableCell>
          <TableCell>
            <PaymentStatusChip status={payment.status} />
            <CardRefundLines payment={payment as PaymentRecord} />
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatCents(payment.amount_cents)}
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
            {formatCents(payment.refunded_cents)}
          </TableCell>
        </TableRow>
      )}
    />
  );
}

function CustomerDetails() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  const id = String(record.id);
  const fields: Array<[string, ReactNode]> = [
    ['app.sm.email', record.email],
    ['app.sm.phone', record.phone],
    ['app.admin_customers.registered', formatDate(record.created_at)],
  ];
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <ShowHeading title={record.full_name}>
        <AccountStatusChip status={record.status} />
      </ShowHeading>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <SectionCard title={translate('app.admin_dealers.details')}>
            <DetailsTable rows={fields} />
          </SectionCard>
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Orders userId={id} />
            <Payments userId={id} />
          </Box>
        </Grid>
      </Grid>
    </Stack>
  );
}

/** One retail customer: who they are, their eSIM orders, and their card payments with the refunds of each. */
export default function CustomerShow() {
  return (
    <ShowPage title="app.admin_customers.show_title">
      <CustomerDetails />
    </ShowPage>
  );
}
