import { Box, Chip } from '@mui/material';
import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../layout/ListPage';
import { SearchInput, SelectInput } from '../layout/filterInputs';
import { formatDate } from '../format';
import { CopyButton } from '../layout/CopyButton';
import { EmptyState } from '../layout/EmptyState';
import { PhoneOr } from '../layout/PhoneList';

/** The states a dealer's own card can be in (contracts' CARD_STATUSES without the admin-stock ones). */
export const DEALER_CARD_STATUSES = ['assigned', 'sold', 'activated', 'returned', 'defective', 'lost'] as const;

/**
 * A card's status as its dealer reads it. 'returned' is a return awaiting the admin: approval moves the card
 * to the admin's stock and a rejection restores its former status, so it reads "return pending", in amber.
 */
export function CardStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  const color =
    status === 'assigned'
      ? 'success'
      : status === 'activated' || status === 'sold'
        ? 'primary'
        : status === 'defective' || status === 'lost'
          ? 'error'
          : status === 'returned'
            ? 'warning'
            : 'default';
  return (
    <Chip size="small" color={color} label={translate(`app.physical_sim.card_statuses.${status}`, { _: status })} />
  );
}

/** The dealer's own physical SIM cards: status filter and search answered by the physical-sim service. */
export default function StockPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 1 }}>
      {/* The list's title is the page's: a second <Title> would print it twice in the app bar ("SIM StoğumSI…" on a phone). */}
      <ListPage
        resource="physical-sim-cards"
        title={translate('app.menu.physical_sim_stock')}
        perPage={25}
        // Every filter is always shown: no toolbar of buttons (an empty band above the filters on a phone).
        actions={false}
        sort={{ field: 'created_at', order: 'DESC' }}
        exporter={false}
        filters={[
          <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.physical_sim.search_cards')} />,
          <SelectInput
            key="status"
            source="status"
            label="app.orders.status"
            alwaysOn
            choices={DEALER_CARD_STATUSES.map((s) => ({
              id: s,
              name: translate(`app.physical_sim.card_statuses.${s}`),
            }))}
          />,
        ]}
        empty={
          <EmptyState
            title="app.physical_sim.no_cards"
            hint="app.physical_sim.no_cards_hint"
            to="/physical-sim-purchase"
            action="app.menu.physical_sim_purchase"
          />
        }
      >
        <PhoneOr
          phone={
            <SimpleList
              rowClick={false}
              primaryText={(r: RaRecord) =>
                r.serial_number ? (
                  <>
                    {r.serial_number} <CopyButton value={r.serial_number} />
                  </>
                ) : (
                  '—'
                )
              }
              secondaryText={(r: RaRecord) =>
                [
                  r.package_name,
                  r.iccid,
                  r.returnable
                    ? `${translate('app.physical_sim.returnable_until')}: ${formatDate(r.returnable_until)}`
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')
              }
              rightIcon={(r: RaRecord) => <CardStatusChip status={r.status} />}
            />
          }
        >
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col
              source="serial_number"
              label="app.physical_sim.serial"
              render={(r: RaRecord) =>
                r.serial_number ? (
                  <>
                    {r.serial_number} <CopyButton value={r.serial_number} />
                  </>
                ) : (
                  '—'
                )
              }
            />
            <DataTable.Col
              source="iccid"
              label="app.orders.iccid"
              render={(r: RaRecord) => <span style={{ fontFamily: 'monospace' }}>{r.iccid}</span>}
            />
            <DataTable.Col source="package_name" label="app.physical_sim.package" disableSort />
            <DataTable.Col
              source="status"
              label="app.orders.status"
              render={(r: RaRecord) => <CardStatusChip status={r.status} />}
            />
            <DataTable.Col
              source="transferred_at"
              label="app.physical_sim.assigned_at"
              render={(r: RaRecord) => formatDate(r.transferred_at)}
            />
            <DataTable.Col
              source="returnable_until"
              label="app.physical_sim.returnable_until"
              render={(r: RaRecord) => (r.returnable ? formatDate(r.returnable_until) : '—')}
            />
          </DataTable>
        </PhoneOr>
      </ListPage>
    </Box>
  );
}
