import BarChartIcon from '@mui/icons-material/BarChart';
import LinearScaleIcon from '@mui/icons-material/LinearScale';
import { Box } from '@mui/material';
import { CARD_STATUSES } from '@esim/contracts';
import { useState } from 'react';
import { Button, DataTable, SimpleList, TopToolbar, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SearchInput, SelectInput } from '../../layout/filterInputs';
import { Link } from 'react-router-dom';
import { formatDate } from '../../format';
import { lazyDialog } from '../../lazy';
import { EmptyState } from '../../layout/EmptyState';
import { ExportAllButton } from '../../layout/ExportAllButton';
import { PhoneOr } from '../../layout/PhoneList';
import { AdminCardStatusChip, adminCardStatusText } from './cardStatus';
import { useDealerChoices, usePlusPackages } from './choices';
import { ownerText } from './owner';
import { StockBulkActions } from './StockBulkActions';
import { stockExportColumns } from './exportColumns';

const TransferDialog = lazyDialog(() => import('./TransferDialog').then((m) => m.TransferDialog));

function StockActions() {
  const [transferring, setTransferring] = useState(false);
  return (
    <TopToolbar>
      <Button label="app.psim_stock.transfer_range" onClick={() => setTransferring(true)}>
        <LinearScaleIcon />
      </Button>
      <Button label="app.menu.admin_physical_sim_dashboard" component={Link} to="/admin/physical-sim-dashboard">
        <BarChartIcon />
      </Button>
      <ExportAllButton columns={stockExportColumns} />
      {transferring ? <TransferDialog onClose={() => setTransferring(false)} /> : null}
    </TopToolbar>
  );
}

/**
 * The whole card stock, paged by the service (a page at a time over 100,000+ cards): filters by
 * status, package and owner, search by serial or ICCID prefix, bulk actions on the selection.
 */
export default function StockList() {
  const translate = useTranslate();
  const { choices: packages } = usePlusPackages();
  const { data: dealers = [] } = useDealerChoices('');
  const owners = [{ id: 'admin', name: translate('app.psim_stock.admin_stock') }, ...dealers];
  return (
    <Box sx={{ mt: 1 }}>
      <ListPage
        title={translate('app.menu.admin_physical_sim_stock')}
        sort={{ field: 'created_at', order: 'DESC' }}
        perPage={25}
        actions={<StockActions />}
        filters={[
          <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.psim_stock.search')} />,
          <SelectInput
            key="status"
            source="status"
            label="app.psim_stock.status"
            alwaysOn
            choices={CARD_STATUSES.map((s) => ({ id: s, name: adminCardStatusText(s, translate) }))}
          />,
          <SelectInput
            key="package_id"
            source="package_id"
            label="app.physical_sim.package"
            alwaysOn
            choices={packages}
          />,
          <SelectInput
            key="owner_user_id"
            source="owner_user_id"
            label="app.psim_stock.owner"
            alwaysOn
            choices={owners}
          />,
        ]}
        empty={
          <EmptyState
            title="app.psim_stock.empty"
            hint="app.psim_stock.empty_hint"
            to="/admin/physical-sim-import"
            action="app.menu.admin_physical_sim_import"
          />
        }
      >
        <PhoneOr
          phone={
            <SimpleList
              linkType="show"
              primaryText={(r: RaRecord) => r.serial_number}
              secondaryText={(r: RaRecord) => `${r.package_code} · ${ownerText(r, translate)}`}
              rightIcon={(r: RaRecord) => <AdminCardStatusChip status={r.status} />}
            />
          }
        >
          <DataTable rowClick="show" bulkActionButtons={<StockBulkActions />}>
            <DataTable.Col source="serial_number" label="app.physical_sim.serial" />
            <DataTable.Col
              source="iccid"
              label="app.orders.iccid"
              render={(r: RaRecord) => <span style={{ fontFamily: 'monospace' }}>{r.iccid}</span>}
            />
            <DataTable.Col source="package_code" label="app.physical_sim.package" />
            <DataTable.Col
              source="status"
              label="app.psim_stock.status"
              render={(r: RaRecord) => <AdminCardStatusChip status={r.status} />}
            />
            <DataTable.Col label="app.psim_stock.owner" disableSort render={(r: RaRecord) => ownerText(r, translate)} />
            <DataTable.Col
              source="created_at"
              label="app.psim_stock.created_at"
              render={(r: RaRecord) => formatDate(r.created_at)}
            />
          </DataTable>
        </PhoneOr>
      </ListPage>
    </Box>
  );
}
