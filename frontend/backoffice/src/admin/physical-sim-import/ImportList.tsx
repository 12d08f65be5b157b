import { Box, LinearProgress, Stack } from '@mui/material';
import type { ImportJob } from '@esim/contracts';
import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SearchInput, SelectInput } from '../../layout/filterInputs';
import { formatDate } from '../../format';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { ImportUpload } from './ImportUpload';
import { IMPORT_RUNNING, ImportStatusChip } from './ImportStatusChip';

const STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
/** While a listed import runs, the list refreshes itself so its row reaches its outcome without a reload. */
const POLL_MS = 2000;

function Outcome({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  if (IMPORT_RUNNING.has(record.status))
    return (
      <LinearProgress
        variant={record.status === 'queued' ? 'indeterminate' : 'determinate'}
        value={record.percent}
        sx={{ minWidth: 80 }}
      />
    );
  return (
    <>{translate('app.psim_import.outcome', { imported: record.rows_imported, rejected: record.rows_rejected })}</>
  );
}

/** Upload on top, the past imports below with their outcome (each opens its progress page). */
export default function ImportList() {
  const translate = useTranslate();
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <ImportUpload />
      <Box>
        <ListPage
          title={translate('app.menu.admin_physical_sim_import')}
          sort={{ field: 'created_at', order: 'DESC' }}
          perPage={25}
          exporter={false}
          actions={false}
          queryOptions={{
            refetchInterval: (query) =>
              (query.state.data as { data?: ImportJob[] } | undefined)?.data?.some((job) =>
                IMPORT_RUNNING.has(job.status),
              )
                ? POLL_MS
                : false,
          }}
          filters={[
            <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.psim_import.search')} />,
            <SelectInput
              key="status"
              source="status"
              label="app.psim_import.status"
              alwaysOn
              choices={STATUSES.map((s) => ({ id: s, name: translate(`app.psim_import.statuses.${s}`) }))}
            />,
          ]}
          empty={<EmptyState title="app.psim_import.empty" hint="app.psim_import.empty_hint" />}
        >
          <PhoneOr
            phone={
              <SimpleList
                linkType="show"
                primaryText={(r: RaRecord) => r.file_name}
                secondaryText={(r: RaRecord) => <Outcome record={r} />}
                tertiaryText={(r: RaRecord) => formatDate(r.created_at)}
                rightIcon={(r: RaRecord) => <ImportStatusChip status={r.status} />}
              />
            }
          >
            <DataTable bulkActionButtons={false} rowClick="show">
              <DataTable.Col
                source="file_name"
                label="app.psim_import.file_name"
                disableSort
                render={(r: RaRecord) => <Box sx={{ wordBreak: 'break-all' }}>{r.file_name}</Box>}
              />
              <DataTable.Col
                source="status"
                label="app.psim_import.status"
                disableSort
                render={(r: RaRecord) => <ImportStatusChip status={r.status} />}
              />
              <DataTable.Col
                label="app.psim_import.result"
                disableSort
                render={(r: RaRecord) => <Outcome record={r} />}
              />
              <DataTable.Col source="rows_read" label="app.psim_import.rows_read" align="right" disableSort />
              <DataTable.Col
                source="created_at"
                label="app.psim_import.created_at"
                disableSort
                render={(r: RaRecord) => formatDate(r.created_at)}
              />
              <DataTable.Col
                source="finished_at"
                label="app.psim_import.finished_at"
                disableSort
                render={(r: RaRecord) => formatDate(r.finished_at)}
              />
            </DataTable>
          </PhoneOr>
        </ListPage>
      </Box>
    </Stack>
  );
}
