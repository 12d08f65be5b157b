import PaymentsIcon from '@mui/icons-material/Payments';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import { Box, Button } from '@mui/material';
import { StatementButton } from '../../statements/StatementButton';
import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatCents } from '../../format';
import { AccountListPage } from '../../layout/AccountListPage';
import { MoneyCol } from '../../layout/columns';
import { AccountStatusChip } from '../../layout/accountStatus';
import { PhoneOr } from '../../layout/PhoneList';
import { SalesManagerFigureCards, useSalesManagerFigures } from '../figures';

function RowActions({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        size="small"
        component={Link}
        to={`/sales-manager/dealers/${record.id}/pricing`}
        startIcon={<PriceChangeIcon />}
      >
        {translate('app.sm.pricing')}
      </Button>
      <Button
        size="small"
        component={Link}
        to={`/sales-manager/collection?dealer_id=${record.id}`}
        startIcon={<PaymentsIcon />}
      >
        {translate('app.sm.collect')}
      </Button>
      <StatementButton dealer={{ id: String(record.id), name: record.company_name || record.full_name }} />
    </Box>
  );
}

/** The sales manager's own dealers (searched, filtered and paged by the auth service) with what each owes. */
export default function DealerList() {
  const translate = useTranslate();
  const { data: figures } = useSalesManagerFigures();
  const owed = new Map(figures?.dealers.map((d) => [d.dealer_id, d.owed_cents]) ?? []);
  const creditLimit = new Map(figures?.dealers.map((d) => [d.dealer_id, d.credit_limit_cents]) ?? []);
  return (
    <Box sx={{ mt: 2 }}>
      <SalesManagerFigureCards />
      <AccountListPage
        title="app.menu.sm_dealers"
        searchPlaceholder="app.sm.search_dealers"
        sortField="company_name"
        empty={{
          title: 'app.sm.no_dealers',
          hint: 'app.sm.no_dealers_hint',
          createTo: '/sales-manager/dealers/create',
          createLabel: 'app.sm.create_dealer',
        }}
      >
        <PhoneOr
          phone={
            <SimpleList
              rowClick={false}
              primaryText={(r: RaRecord) => r.company_name || r.full_name}
              secondaryText={(r: RaRecord) => (
                <>
                  {[r.full_name, r.email, r.phone].filter(Boolean).join(' · ')}
                  <RowActions record={r} />
                </>
              )}
              tertiaryText={(r: RaRecord) =>
                `${translate('app.sm.owed')}: ${formatCents(owed.get(String(r.id)) ?? 0)} · ${translate('app.admin_dealers.credit_limit')}: ${formatCents(creditLimit.get(String(r.id)) ?? 0)}`
              }
            />
          }
        >
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col source="company_name" label="app.sm.company_name" />
            <DataTable.Col source="full_name" label="app.sm.full_name" />
            <DataTable.Col source="email" label="app.sm.email" />
            <DataTable.Col source="phone" label="app.sm.phone" disableSort />
            <DataTable.Col
              source="status"
              label="app.sm.status"
              render={(r: RaRecord) => <AccountStatusChip status={r.status} />}
            />
            <MoneyCol label="app.sm.owed" cents={(r) => owed.get(String(r.id)) ?? 0} />
            <MoneyCol label="app.admin_dealers.credit_limit" cents={(r) => creditLimit.get(String(r.id)) ?? 0} />
            <DataTable.Col label="app.sm.actions" disableSort render={(r: RaRecord) => <RowActions record={r} />} />
          </DataTable>
        </PhoneOr>
      </AccountListPage>
    </Box>
  );
}
