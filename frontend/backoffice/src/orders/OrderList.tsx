import { usePermissions, useTranslate } from 'react-admin';
import { ListPage } from '../layout/ListPage';
import { SearchInput } from '../layout/filterInputs';
import { EmptyState } from '../layout/EmptyState';
import { dateRangeFilters } from '../layout/dateRangeFilters';
import { EsimOrderRows, orderStatusFilter } from '../layout/esimOrders';

export { OrderStatusChip } from '../layout/esimOrders';

/** eSIM orders: search, status and date filters, sort and paging all answered by the esim service. */
export default function OrderList() {
  const translate = useTranslate();
  // An admin sees every buyer's orders, so the buyer is a column (the account id: the esim service keeps no names).
  const { permissions: role } = usePermissions<string>();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.orders.search')} />,
    orderStatusFilter(translate),
    ...dateRangeFilters(),
  ];
  return (
    <ListPage
      title={translate('app.menu.orders')}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={
        <EmptyState title="app.orders.empty" hint="app.orders.empty_hint" href="/" action="app.dashboard.go_shop" />
      }
    >
      <EsimOrderRows showBuyer={role === 'admin'} />
    </ListPage>
  );
}
