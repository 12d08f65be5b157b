import { Box, Stack, Typography } from '@mui/material';
import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SearchInput, SelectInput } from '../../layout/filterInputs';
import { formatCents, formatDate } from '../../format';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { dateRangeFilters } from '../../layout/dateRangeFilters';
import { InvoicePdfButton, RetryInvoiceButton } from './InvoiceActions';
import { INVOICE_SALE_TYPES, INVOICE_STATUSES, InvoiceStatusChip } from './InvoiceStatusChip';

/** Every e-Arşiv document, newest first; search (number, order number, buyer), status, sale type and dates are answered by the auth service. */
export default function InvoiceList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.admin_invoices.search')} />,
    <SelectInput
      key="status"
      source="status"
      label="app.admin_invoices.status"
      alwaysOn
      choices={INVOICE_STATUSES.map((s) => ({ id: s, name: translate(`app.admin_invoices.statuses.${s}`) }))}
    />,
    <SelectInput
      key="sale_type"
      source="sale_type"
      label="app.admin_invoices.sale_type"
      alwaysOn
      choices={INVOICE_SALE_TYPES.map((t) => ({ id: t, name: translate(`app.admin_invoices.sale_types.${t}`) }))}
    />,
    ...dateRangeFilters(),
  ];
  const numberOf = (r: RaRecord) =>
    `${r.number ?? translate('app.admin_invoices.no_number')}${r.kind === 'return' ? ` · ${translate('app.admin_invoices.return')}` : ''}`;
  return (
    <ListPage
      title={translate('app.menu.admin_invoices')}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<EmptyState title="app.admin_invoices.empty" hint="app.admin_invoices.empty_hint" />}
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick={false}
            primaryText={(r: RaRecord) => `${numberOf(r)} · ${r.sale_number}`}
            secondaryText={(r: RaRecord) =>
              `${r.buyer_name} · ${formatCents(r.total_cents)} · ${formatDate(r.created_at)}`
            }
            rightIcon={(r: RaRecord) => <InvoiceStatusChip status={r.status} />}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="created_at"
            label="app.admin_invoices.created_at"
            render={(r: RaRecord) => formatDate(r.created_at)}
          />
          <DataTable.Col
            source="status"
            label="app.admin_invoices.status"
            render={(r: RaRecord) => <InvoiceStatusChip status={r.status} />}
          />
          <DataTable.Col source="number" label="app.admin_invoices.number" render={numberOf} />
          <DataTable.Col
            source="sale_number"
            label="app.admin_invoices.sale_number"
            render={(r: RaRecord) => (
              <Box>
                {r.sale_number}
                <Typography variant="caption" color="text.secondary" component="div">
                  {translate(`app.admin_invoices.sale_types.${r.sale_type}`, { _: r.sale_type })}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col
            source="buyer_name"
            label="app.admin_invoices.buyer"
            render={(r: RaRecord) => (
              <Box sx={{ minWidth: 0 }}>
                {r.buyer_name}
                <Typography variant="caption" color="text.secondary" component="div">
                  {r.buyer_email}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col
            source="total_cents"
            label="app.admin_invoices.amount"
            align="right"
            render={(r: RaRecord) => formatCents(r.total_cents)}
          />
          <DataTable.Col
            source="vat_cents"
            label="app.admin_invoices.vat"
            align="right"
            render={(r: RaRecord) => formatCents(r.vat_cents)}
          />
          <DataTable.Col
            label="app.admin_invoices.error"
            disableSort
            render={(r: RaRecord) =>
              r.last_error ? (
                <Typography
                  variant="body2"
                  color={r.status === 'failed' ? 'error' : 'text.secondary'}
                  sx={{ maxWidth: 280 }}
                >
                  {r.last_error}
                  {r.status === 'pending' && r.attempts > 0
                    ? ` (${translate('app.admin_invoices.attempts', { count: r.attempts })})`
                    : ''}
                </Typography>
              ) : null
            }
          />
          <DataTable.Col
            label="app.admin_invoices.actions"
            disableSort
            render={(r: RaRecord) => (
              <Stack direction="row" spacing={1}>
                <RetryInvoiceButton record={r} />
                <InvoicePdfButton record={r} />
              </Stack>
            )}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
