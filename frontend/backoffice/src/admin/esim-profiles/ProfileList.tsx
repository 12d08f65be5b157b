import { Chip } from '@mui/material';
import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SearchInput, SelectInput, TextInput } from '../../layout/filterInputs';
import { Link } from 'react-router-dom';
import { formatDate } from '../../format';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';

function PoolStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={status === 'available' ? 'success' : 'default'}
      label={translate(`app.admin_esim_pool.pool_statuses.${status}`, { _: status })}
    />
  );
}

/** The order a profile went to, opened in the admin's order screen. */
function OrderLink({ record }: { record: RaRecord }) {
  if (!record.order_id) return <>—</>;
  return (
    <Link
      to={`/admin/esim-orders/${encodeURIComponent(record.order_id)}/show`}
      onClick={(event) => event.stopPropagation()}
    >
      {String(record.order_id).slice(0, 8)}
    </Link>
  );
}

/** Profiles of the pool, searched by ICCID prefix (the service takes the digits typed) or operator. */
export default function ProfileList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('app.admin_esim_pool.iccid_search')}
      sx={{ minWidth: { sm: 300 } }}
    />,
    <SelectInput
      key="pool_status"
      source="pool_status"
      label="app.admin_esim_pool.pool_status"
      alwaysOn
      choices={['available', 'assigned'].map((s) => ({
        id: s,
        name: translate(`app.admin_esim_pool.pool_statuses.${s}`),
      }))}
    />,
    <TextInput key="package_code" source="package_code" label="app.admin_esim_pool.package_code" />,
  ];
  return (
    <ListPage
      title={translate('app.admin_esim_pool.profiles_title')}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<EmptyState title="app.admin_esim_pool.profiles_empty" hint="app.admin_esim_pool.profiles_empty_hint" />}
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick={false}
            primaryText={(r: RaRecord) => <span style={{ fontFamily: 'monospace' }}>{r.iccid}</span>}
            secondaryText={(r: RaRecord) => [r.package_code, r.operator, formatDate(r.created_at)].join(' · ')}
            tertiaryText={(r: RaRecord) => translate(`app.admin_esim_pool.pool_statuses.${r.pool_status}`)}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col source="iccid" label="app.orders.iccid" render={(r: RaRecord) => <code>{r.iccid}</code>} />
          <DataTable.Col source="package_code" label="app.admin_esim_pool.package_code" />
          <DataTable.Col source="operator" label="app.admin_esim_pool.operator" disableSort />
          <DataTable.Col
            source="pool_status"
            label="app.admin_esim_pool.pool_status"
            disableSort
            render={(r: RaRecord) => <PoolStatusChip status={r.pool_status} />}
          />
          <DataTable.Col
            source="status"
            label="app.admin_esim_orders.esim_status"
            disableSort
            render={(r: RaRecord) =>
              r.status ? translate(`app.admin_esim_orders.esim_statuses.${r.status}`, { _: r.status }) : '—'
            }
          />
          <DataTable.Col
            source="order_id"
            label="app.admin_esim_pool.order"
            disableSort
            render={(r: RaRecord) => <OrderLink record={r} />}
          />
          <DataTable.Col
            source="created_at"
            label="app.admin_esim_pool.imported_at"
            render={(r: RaRecord) => formatDate(r.created_at)}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
