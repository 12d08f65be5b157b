import { Stack } from '@mui/material';
import { APPROVAL_STATUSES } from '@esim/contracts';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SelectInput } from '../../layout/filterInputs';
import { BulkDecisionButtons } from '../../layout/BulkDecisionButtons';
import type { CsvColumn } from '../../layout/csvExporter';
import { EmptyState } from '../../layout/EmptyState';
import { ExportActions } from '../../layout/ExportActions';
import { PhoneOr } from '../../layout/PhoneList';
import { ApprovalStatusChip } from './ApprovalStatusChip';
import { dealerOf } from './orderText';

/** The dealer who made the request, a column of every approval list. */
export function DealerCol() {
  const translate = useTranslate();
  return (
    <DataTable.Col label="app.psim_approvals.dealer" disableSort render={(r: RaRecord) => dealerOf(r, translate)} />
  );
}

/**
 * Dealers' requests an admin approves or rejects (Plus orders, card returns): the pending ones first
 * (the default filter), oldest first, each row with its status and the decision while it is pending.
 */
export function ApprovalList({
  title,
  empty,
  decision: Decision,
  columns,
  phone,
  bulk,
  exportColumns,
}: {
  title: string;
  empty: { title: string; hint: string };
  decision: ComponentType<{ record: RaRecord }>;
  /** The request's own columns, before its status and the decision. */
  columns: ReactElement[];
  phone: {
    primaryText: (record: RaRecord) => string;
    secondaryText: (record: RaRecord) => string;
    tertiaryText: (record: RaRecord) => ReactNode;
  };
  /** Bulk approve and reject of the selection: the route, and each request's amount (cents) and name. */
  bulk: { path: string; amountOf: (record: RaRecord) => number; labelOf: (record: RaRecord) => string };
  exportColumns: CsvColumn[];
}) {
  const translate = useTranslate();
  return (
    <ListPage
      title={translate(title)}
      filters={[
        <SelectInput
          key="status"
          source="status"
          label="app.psim_approvals.status"
          alwaysOn
          choices={APPROVAL_STATUSES.map((s) => ({ id: s, name: translate(`app.physical_sim.statuses.${s}`) }))}
        />,
      ]}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'created_at', order: 'ASC' }}
      perPage={25}
      exporter={false}
      actions={<ExportActions columns={exportColumns} />}
      empty={<EmptyState title={empty.title} hint={empty.hint} />}
    >
      <PhoneOr
        phone={
          <SimpleList
            linkType="show"
            primaryText={phone.primaryText}
            secondaryText={(r: RaRecord) => (
              <>
                {phone.secondaryText(r)}
                <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
                  <ApprovalStatusChip status={r.status} />
                  <Decision record={r} />
                </Stack>
              </>
            )}
            tertiaryText={phone.tertiaryText}
          />
        }
      >
        <DataTable bulkActionButtons={<BulkDecisionButtons approveAction="bulk-approve" {...bulk} />} rowClick="show">
          {columns}
          <DataTable.Col
            source="status"
            label="app.psim_approvals.status"
            disableSort
            render={(r: RaRecord) => <ApprovalStatusChip status={r.status} />}
          />
          <DataTable.Col
            label="app.psim_approvals.actions"
            disableSort
            render={(r: RaRecord) => <Decision record={r} />}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
