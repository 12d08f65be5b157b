import { DataTable, useTranslate } from 'react-admin';
import { formatCents, formatDate } from '../../format';
import { DateCol, MoneyCol } from '../../layout/columns';
import { ApprovalList, DealerCol } from './ApprovalList';
import { OrderDecision } from './OrderDecision';
import { plusOrderExportColumns } from './exportColumns';
import { dealerOf } from './orderText';

/** Dealers' Plus orders, the pending ones first, oldest first: the order they were placed in. */
export default function OrderList() {
  const translate = useTranslate();
  return (
    <ApprovalList
      title="app.menu.admin_physical_sim_orders"
      empty={{ title: 'app.psim_approvals.orders_empty', hint: 'app.psim_approvals.orders_empty_hint' }}
      decision={OrderDecision}
      bulk={{ path: 'admin/physical-sim/orders', amountOf: (r) => r.total_cents, labelOf: (r) => r.order_number }}
      exportColumns={plusOrderExportColumns}
      phone={{
        primaryText: (r) => `${r.order_number} · ${dealerOf(r, translate)}`,
        secondaryText: (r) => `${r.quantity} × ${r.package_name} · ${formatDate(r.created_at)}`,
        tertiaryText: (r) => formatCents(r.total_cents),
      }}
      columns={[
        <DataTable.Col key="order_number" source="order_number" label="app.psim_approvals.order_number" disableSort />,
        <DealerCol key="dealer" />,
        <DataTable.Col key="package_name" source="package_name" label="app.physical_sim.package" disableSort />,
        <DataTable.Col key="quantity" source="quantity" label="app.physical_sim.quantity" align="right" disableSort />,
        <MoneyCol key="total" label="app.physical_sim.total" cents={(r) => r.total_cents} />,
        <DateCol key="created_at" source="created_at" label="app.psim_approvals.created_at" disableSort />,
      ]}
    />
  );
}
