import EditIcon from '@mui/icons-material/Edit';
import KeyboardReturnIcon from '@mui/icons-material/KeyboardReturn';
import SendIcon from '@mui/icons-material/Send';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Grid,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useRecordContext, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatBytes, formatDate } from '../../format';
import { ConfirmButton } from '../../layout/ConfirmButton';
import { SectionCard, ShowHeading, ShowPage } from '../../layout/ShowPage';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { DetailsTable } from '../../layout/DetailsTable';
import { AdminCardStatusChip, adminCardStatusText } from './cardStatus';
import { DeleteCardButton } from './DeleteCardButton';
import { StatusDialog } from './StatusDialog';
import { ownerText } from './owner';
import { TransferDialog } from './TransferDialog';

const MB = 1024 * 1024;

interface HistoryRow {
  id: string;
  action: string;
  from_status: string | null;
  to_status: string;
  from_owner_user_id: string | null;
  to_owner_user_id: string | null;
  reason: string | null;
  by: string;
  at: string;
}

function Usage({ usage }: { usage: RaRecord['usage'] }) {
  const translate = useTranslate();
  if (!usage) return <Typography color="text.secondary">{translate('app.psim_stock.no_usage')}</Typography>;
  const percent = usage.total_mb > 0 ? Math.min(100, (usage.used_mb / usage.total_mb) * 100) : 0;
  return (
    <Stack spacing={1.5}>
      <Typography>
        {translate('app.psim_stock.usage_line', {
          used: formatBytes(usage.used_mb * MB),
          total: formatBytes(usage.total_mb * MB),
          remaining: formatBytes(usage.remaining_mb * MB),
        })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={translate('app.orders.usage')}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <DetailsTable
        rows={[
          ['app.psim_stock.bundle_status', translate(`app.psim_stock.bundle_statuses.${usage.status}`)],
          ['app.psim_stock.activated_at', usage.activated_at ? formatDate(usage.activated_at) : null],
          ['app.psim_stock.expires_at', usage.expires_at ? formatDate(usage.expires_at) : null],
          ['app.psim_stock.country', usage.country],
          ['app.psim_stock.operator', usage.operator],
        ]}
      />
    </Stack>
  );
}

/** The service notes a sale as `order <id>`: shown as the order's number, opening it. */
const ORDER_REASON = /^order ([0-9a-f]{8})(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i;

function HistoryReason({ reason }: { reason: string | null }) {
  const translate = useTranslate();
  const order = reason ? ORDER_REASON.exec(reason) : null;
  if (!order) return <>{reason ?? ''}</>;
  const id = reason!.slice('order '.length);
  return (
    <Link to={`/admin/physical-sim-orders/${id}/show`}>
      {translate('app.psim_approvals.order_title', { number: `PS-${order[1]!.toUpperCase()}` })}
    </Link>
  );
}

function History({ rows }: { rows: HistoryRow[] }) {
  const translate = useTranslate();
  const status = (s: string | null) => (s ? adminCardStatusText(s, translate) : '—');
  return (
    <Table size="small">
      <TableHead>
        <TableRow>
          <TableCell>{translate('app.psim_stock.when')}</TableCell>
          <TableCell>{translate('app.psim_stock.action')}</TableCell>
          <TableCell>{translate('app.psim_stock.status_change')}</TableCell>
          <TableCell>{translate('app.psim_stock.reason')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{formatDate(row.at)}</TableCell>
            <TableCell>{translate(`app.psim_stock.actions.${row.action}`, { _: row.action })}</TableCell>
            <TableCell>
              {row.from_status === row.to_status
                ? status(row.to_status)
                : `${status(row.from_status)} → ${status(row.to_status)}`}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>
              <HistoryReason reason={row.reason} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function CardActions({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [open, setOpen] = useState<'status' | 'transfer' | null>(null);
  const inAdminStock = record.owner_user_id === null && record.status === 'in_stock';
  const returnToAdmin = async () => {
    try {
      const { message } = await dataProvider.send('POST', 'admin/physical-sim/stock/return-to-admin', {
        card_ids: [record.id],
      });
      notify(message || 'app.psim_stock.returned', { type: 'success', messageArgs: { smart_count: 1 } });
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button size="small" startIcon={<EditIcon />} onClick={() => setOpen('status')}>
        {translate('app.psim_stock.change_status')}
      </Button>
      {inAdminStock ? (
        <Button size="small" startIcon={<SendIcon />} onClick={() => setOpen('transfer')}>
          {translate('app.psim_stock.transfer')}
        </Button>
      ) : null}
      {record.owner_user_id ? (
        <ConfirmButton
          size="small"
          startIcon={<KeyboardReturnIcon />}
          title={translate('app.psim_stock.return_title', { smart_count: 1 })}
          content={translate('app.psim_stock.return_body')}
          onConfirm={returnToAdmin}
        >
          {translate('app.psim_stock.return_to_admin')}
        </ConfirmButton>
      ) : null}
      <DeleteCardButton record={record} />
      {open === 'status' ? (
        <StatusDialog cardIds={[String(record.id)]} current={record.status} onClose={() => setOpen(null)} />
      ) : null}
      {open === 'transfer' ? <TransferDialog cardIds={[String(record.id)]} onClose={() => setOpen(null)} /> : null}
    </Box>
  );
}

function CardDetails() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
      <ShowHeading title={translate('app.psim_stock.card_title', { serial: record.serial_number })}>
        <AdminCardStatusChip status={record.status} />
      </ShowHeading>
      <CardActions record={record} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <Card variant="outlined">
              <CardContent>
                <DetailsTable
                  rows={[
                    ['app.physical_sim.serial', record.serial_number],
                    [
                      'app.orders.iccid',
                      <span key="iccid" style={{ fontFamily: 'monospace' }}>
                        {record.iccid}
                      </span>,
                    ],
                    ['app.psim_stock.eid', record.eid],
                    ['app.physical_sim.package', `${record.package_name} (${record.package_code})`],
                    [
                      'app.psim_stock.owner',
                      record.owner_user_id ? (
                        <Link to={`/admin/dealers/${record.owner_user_id}/show`}>{ownerText(record, translate)}</Link>
                      ) : (
                        ownerText(record, translate)
                      ),
                    ],
                    ['app.physical_sim.assigned_at', record.transferred_at ? formatDate(record.transferred_at) : null],
                    [
                      'app.physical_sim.returnable_until',
                      record.returnable ? formatDate(record.returnable_until) : null,
                    ],
                    [
                      'app.psim_stock.import',
                      record.import_id ? (
                        <Link to={`/admin/physical-sim-import/${record.import_id}/show`}>
                          {translate('app.psim_stock.open_import')}
                        </Link>
                      ) : null,
                    ],
                    ['app.psim_stock.created_at', formatDate(record.created_at)],
                  ]}
                />
              </CardContent>
            </Card>
            <Card variant="outlined">
              <CardHeader
                title={translate('app.psim_stock.usage')}
                titleTypographyProps={{ variant: 'subtitle1', component: 'h2' }}
              />
              <CardContent sx={{ pt: 0 }}>
                <Usage usage={record.usage} />
              </CardContent>
            </Card>
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SectionCard title={translate('app.psim_stock.history')}>
            <History rows={record.history ?? []} />
          </SectionCard>
        </Grid>
      </Grid>
    </Stack>
  );
}

/** One card: identifiers, owner, the operator's usage of its bundle, every change in its history, and what the admin may do with it. */
export default function StockShow() {
  return (
    <ShowPage title="app.menu.admin_physical_sim_stock">
      <CardDetails />
    </ShowPage>
  );
}
