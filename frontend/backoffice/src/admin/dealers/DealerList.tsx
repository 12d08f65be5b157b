import type { DealerBalance } from '@esim/contracts';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { Box, Button } from '@mui/material';
import type { ReactElement } from 'react';
import { DataTable, SimpleList, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { salesManagerFilter } from '../sales-managers/salesManagerFilter';
import { Link } from 'react-router-dom';
import { formatCents } from '../../format';
import { accountFilters, AccountStatusChip } from '../../layout/accountStatus';
import { AccountListPage } from '../../layout/AccountListPage';
import { MoneyCol } from '../../layout/columns';
import { PhoneOr } from '../../layout/PhoneList';
import { ExportAllButton } from '../../layout/ExportAllButton';
import { DealerMoneyButtons } from './DealerMoneyButtons';
import { dealerExportColumns, withDealerFigures } from './exportColumns';
import { StatusToggle } from './StatusToggle';
import { useDealerBalances } from './useDealerBalances';

/** Search, status and sales manager; the empty status choice, 'all', sends no status at all. */
const DEALER_SEARCH = { searchPlaceholder: 'app.sm.search_dealers', allText: 'app.admin_dealers.all' };
export const dealerFilters = (translate: (key: string) => string): ReactElement[] => [
  ...accountFilters(translate, DEALER_SEARCH),
  salesManagerFilter(),
];

function RowActions({ record, figures }: { record: RaRecord; figures: DealerBalance | undefined }) {
  const translate = useTranslate();
  return (
    // Buttons inside a clickable row must not open the show page too.
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} onClick={(e) => e.stopPropagation()}>
      <DealerMoneyButtons record={record} figures={figures} />
      <Button size="small" component={Link} to={`/admin/dealers/${record.id}/pricing`} startIcon={<PriceChangeIcon />}>
        {translate('app.sm.pricing')}
      </Button>
      <StatusToggle record={record} />
    </Box>
  );
}

/** The page's dealers joined with their money from the balance service (one call per page). */
function DealerTable() {
  const translate = useTranslate();
  const { data } = useListContext();
  const { data: balances } = useDealerBalances((data ?? []).map((r) => String(r.id)));
  const figures = (r: RaRecord) => balances?.get(String(r.id));
  return (
    <PhoneOr
      phone={
        <SimpleList
          rowClick="show"
          primaryText={(r: RaRecord) => r.company_name || r.full_name}
          secondaryText={(r: RaRecord) => (
            <>
              {[r.full_name, r.sales_manager_name].filter(Boolean).join(' · ')}
              <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 1 }}>
                {(
                  [
                    ['app.admin_dealers.balance', figures(r)?.balance_cents],
                    ['app.admin_dealers.owed', figures(r)?.owed_cents],
                    ['app.admin_dealers.credit_limit', figures(r)?.credit_limit_cents],
                  ] as const
                ).map(([label, cents]) => (
                  // A figure and its label stay on one line; the figures wrap between each other.
                  <Box component="span" key={label} sx={{ whiteSpace: 'nowrap' }}>
                    {translate(label)}: {formatCents(cents)}
                  </Box>
                ))}
              </Box>
            </>
          )}
          tertiaryText={(r: RaRecord) => translate(`app.sm.statuses.${r.status}`, { _: r.status })}
        />
      }
    >
      <DataTable bulkActionButtons={false} rowClick="show">
        <DataTable.Col source="company_name" label="app.sm.company_name" />
        <DataTable.Col source="full_name" label="app.sm.full_name" />
        <DataTable.Col
          source="sales_manager_name"
          label="app.admin_dealers.sales_manager"
          disableSort
          render={(r: RaRecord) => r.sales_manager_name ?? '—'}
        />
        <DataTable.Col
          source="status"
          label="app.sm.status"
          render={(r: RaRecord) => <AccountStatusChip status={r.status} />}
        />
        {/* The auth service sorts these over every page with the balance service's figures. */}
        <MoneyCol source="balance_cents" label="app.admin_dealers.balance" cents={(r) => figures(r)?.balance_cents} />
        <MoneyCol label="app.admin_dealers.credit_limit" cents={(r) => figures(r)?.credit_limit_cents} />
        <MoneyCol source="owed_cents" label="app.admin_dealers.owed" cents={(r) => figures(r)?.owed_cents} />
        <DataTable.Col
          label="app.sm.actions"
          disableSort
          render={(r: RaRecord) => <RowActions record={r} figures={figures(r)} />}
        />
      </DataTable>
    </PhoneOr>
  );
}

/** Every dealer (searched, filtered and paged by the auth service) with balance, credit limit and debt, and the admin's actions on each. */
export default function DealerList() {
  const translate = useTranslate();
  return (
    <AccountListPage
      title="app.admin_dealers.title"
      searchPlaceholder={DEALER_SEARCH.searchPlaceholder}
      allText={DEALER_SEARCH.allText}
      sortField="company_name"
      filters={dealerFilters(translate)}
      exportButton={<ExportAllButton columns={dealerExportColumns} enrich={withDealerFigures} />}
      empty={{
        title: 'app.admin_dealers.empty',
        hint: 'app.admin_dealers.empty_hint',
        createTo: '/admin/dealers/create',
        createLabel: 'app.sm.create_dealer',
      }}
    >
      <DealerTable />
    </AccountListPage>
  );
}
