import { useTranslate } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SearchInput, TextInput } from '../../layout/filterInputs';
import { EmptyState } from '../../layout/EmptyState';
import { dateRangeFilters } from '../../layout/dateRangeFilters';
import { EsimOrderRows, orderStatusFilter } from '../../layout/esimOrders';
import { ExportActions } from '../../layout/ExportActions';
import { esimOrderExportColumns, withBuyerNames } from './exportColumns';

/** Every customer's and dealer's eSIM orders, newest first, with the buyer's name: search, status, buyer's name or e-mail, dates and one buyer's account. */
export default function EsimOrderList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('app.admin_esim_orders.search')}
      sx={{ minWidth: { sm: 300 } }}
    />,
    orderStatusFilter(translate),
    <TextInput key="buyer" source="buyer" label="app.admin_esim_orders.buyer" alwaysOn />,
    <TextInput key="user_id" source="user_id" label="app.admin_esim_orders.buyer_id" />,
    ...dateRangeFilters(),
  ];
  return (
    <ListPage
      title={translate('app.menu.admin_esim_orders')}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<ExportActions columns={esimOrderExportColumns} enrich={withBuyerNames} />}
      empty={<EmptyState title="app.admin_esim_orders.empty" hint="app.admin_esim_orders.empty_hint" />}
    >
      <EsimOrderRows showBuyer />
    </ListPage>
  );
}
