import { Typography } from '@mui/material';
import { Show, useGetList, useRecordContext, useTranslate } from 'react-admin';
import { formatCents, formatDate } from '../../format';
import { ApprovalDetails } from './ApprovalDetails';
import { CardsTable, type CardLine } from './CardsTable';
import { OrderDecision } from './OrderDecision';
import { dealerOf } from './orderText';

/** The most cards the page lists (one page of the stock list); an order of more says how many there are. */
const CARDS_SHOWN = 100;

function OrderCards({ ids }: { ids: string[] }) {
  const translate = useTranslate();
  const { data, isPending } = useGetList<CardLine & { id: string }>(
    'admin/physical-sim-stock',
    {
      pagination: { page: 1, perPage: CARDS_SHOWN },
      sort: { field: 'serial_number', order: 'ASC' },
      filter: { id: ids.slice(0, CARDS_SHOWN) },
    },
    { enabled: ids.length > 0 },
  );
  if (ids.length > 0 && isPending) return null;
  return (
    <>
      <CardsTable cards={ids.length ? (data ?? []) : []} empty="app.psim_approvals.no_cards_yet" />
      {ids.length > CARDS_SHOWN ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.psim_approvals.more_cards', { shown: CARDS_SHOWN, total: ids.length })}
        </Typography>
      ) : null}
    </>
  );
}

function OrderDetails() {
  const translate = useTranslate();
  const record = useRecordContext();
  if (!record) return null;
  return (
    <ApprovalDetails
      heading={translate('app.psim_approvals.order_title', { number: record.order_number })}
      status={record.status}
      decision={<OrderDecision record={record} />}
      rows={[
        ['app.psim_approvals.dealer', dealerOf(record, translate)],
        ['app.physical_sim.package', `${record.package_name} (${record.package_code})`],
        ['app.physical_sim.quantity', record.quantity],
        ['app.physical_sim.unit_price', formatCents(record.unit_price_cents)],
        ['app.physical_sim.total', formatCents(record.total_cents)],
        ['app.psim_approvals.note', record.note],
        ['app.psim_approvals.created_at', formatDate(record.created_at)],
        ['app.psim_approvals.decided_at', record.decided_at ? formatDate(record.decided_at) : null],
        ['app.psim_approvals.rejection_reason', record.reason],
      ]}
      cardCount={record.card_ids.length}
      cards={<OrderCards ids={record.card_ids as string[]} />}
    />
  );
}

/** One Plus order: the dealer, the package, quantity and total, the cards it got; the decision while it is pending. */
export default function OrderShow() {
  const translate = useTranslate();
  return (
    <Show title={translate('app.menu.admin_physical_sim_orders')} actions={false} component="div">
      <OrderDetails />
    </Show>
  );
}
