import { Alert, Box, Chip, Link as MuiLink, Stack, Typography } from '@mui/material';
import { AUDIT_SERVICES, AUDITED_METHODS, AUDITED_ROUTES } from '@esim/contracts';
import { DataTable, SimpleList, useGetList, useListContext, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { AutocompleteInput, SelectInput, TextInput } from '../../layout/filterInputs';
import { Link } from 'react-router-dom';
import { formatDate } from '../../format';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { auditSentence } from './auditSentence';
import { recordLinkOf } from './recordLink';
import { dateRangeFilters } from '../../layout/dateRangeFilters';
import { ExportActions } from '../../layout/ExportActions';
import { auditLogExportColumns } from './exportColumns';

type Translate = (key: string, options?: Record<string, unknown>) => string;
export interface Person {
  id: string;
  name: string;
}

const ROUTE_PATHS = [...new Set(AUDITED_ROUTES.map((route) => route.path))].sort();
const personOf = (r: RaRecord) => r.actor_name ?? r.actor_email ?? r.actor_id;

/** The list's filters, in the names `GET /admin/audit-log` takes (a test checks them against the resource). */
export function auditLogFilters(translate: Translate, people: readonly Person[]) {
  return [
    <SelectInput key="actor_id" source="actor_id" label="app.admin_audit_log.person" alwaysOn choices={[...people]} />,
    <SelectInput
      key="method"
      source="method"
      label="app.admin_audit_log.action"
      alwaysOn
      choices={AUDITED_METHODS.map((m) => ({ id: m, name: translate(`app.admin_audit_log.methods.${m}`) }))}
    />,
    ...dateRangeFilters({ alwaysOn: true }),
    <AutocompleteInput
      key="route"
      source="route"
      label="app.admin_audit_log.route"
      choices={ROUTE_PATHS.map((path) => ({ id: path, name: path }))}
    />,
    <SelectInput
      key="service"
      source="service"
      label="app.admin_audit_log.service"
      choices={AUDIT_SERVICES.map((s) => ({ id: s, name: s }))}
    />,
    // Set by a record's page ("the whole history"), shown so it can be seen and cleared.
    <TextInput key="target_id" source="target_id" label="app.admin_audit_log.record" />,
  ];
}

/** The people who acted recently: the person filter's choices (admins have no list of their own). */
function useRecentPeople(): Person[] {
  const { data } = useGetList('admin/audit-log', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'at', order: 'DESC' },
  });
  const people = new Map<string, string>();
  for (const entry of data ?? []) if (!people.has(entry.actor_id)) people.set(entry.actor_id, personOf(entry));
  return [...people].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'tr'));
}

/** A partial answer says which services' entries are missing instead of passing for the whole log. */
function Unavailable() {
  const translate = useTranslate();
  const { meta } = useListContext();
  const missing: string[] = meta?.unavailable ?? [];
  if (missing.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mx: { xs: 1, sm: 2 }, my: 1 }}>
      {translate('app.admin_audit_log.unavailable', { services: missing.join(', ') })}
    </Alert>
  );
}

function Outcome({ status }: { status: number }) {
  const translate = useTranslate();
  const refused = status >= 400;
  return (
    <Chip
      size="small"
      variant={refused ? 'outlined' : 'filled'}
      color={refused ? 'error' : 'success'}
      label={refused ? translate('app.admin_audit_log.refused', { status }) : translate('app.admin_audit_log.done')}
    />
  );
}

function Action({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Stack sx={{ minWidth: 0 }}>
      <span>{auditSentence(record as never, translate)}</span>
      <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
        {record.method} {record.url}
      </Typography>
    </Stack>
  );
}

function Person({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  return (
    <Stack sx={{ minWidth: 0 }}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {personOf(record)}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate(`app.admin_audit_log.roles.${record.actor_role}`, { _: record.actor_role })}
      </Typography>
    </Stack>
  );
}

function RecordLink({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const to = recordLinkOf(record as never);
  if (!to) return <>—</>;
  return (
    <MuiLink component={Link} to={to} sx={{ whiteSpace: 'nowrap' }}>
      {translate('app.admin_audit_log.open_record')}
    </MuiLink>
  );
}

/** Every service's writes by admins and sales managers, newest first, read through the auth service. */
export default function AuditLogList() {
  const translate = useTranslate();
  const people = useRecentPeople();
  return (
    <ListPage
      title={translate('app.menu.admin_audit_log')}
      filters={auditLogFilters(translate, people)}
      sort={{ field: 'at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<ExportActions columns={auditLogExportColumns} />}
      empty={<EmptyState title="app.admin_audit_log.empty" hint="app.admin_audit_log.empty_hint" />}
    >
      <Unavailable />
      <PhoneOr
        phone={
          <SimpleList
            rowClick={(_id, _resource, record) => recordLinkOf(record as never) ?? false}
            primaryText={(r: RaRecord) => `${personOf(r)} · ${auditSentence(r as never, translate)}`}
            secondaryText={(r: RaRecord) => (
              <>
                <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', wordBreak: 'break-all' }}>
                  {r.route}
                </Box>
                <Box component="span" sx={{ display: 'block' }}>{`${formatDate(r.at)}${r.ip ? ` · ${r.ip}` : ''}`}</Box>
              </>
            )}
            rightIcon={(r: RaRecord) => <Outcome status={r.status_code} />}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick={false}>
          <DataTable.Col
            source="at"
            label="app.admin_audit_log.at"
            disableSort
            render={(r: RaRecord) => (
              <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                {formatDate(r.at)}
              </Box>
            )}
          />
          <DataTable.Col
            source="actor_id"
            label="app.admin_audit_log.person"
            disableSort
            render={(r: RaRecord) => <Person record={r} />}
          />
          <DataTable.Col
            source="method"
            label="app.admin_audit_log.action"
            disableSort
            render={(r: RaRecord) => <Action record={r} />}
          />
          <DataTable.Col
            label="app.admin_audit_log.record"
            disableSort
            render={(r: RaRecord) => <RecordLink record={r} />}
          />
          <DataTable.Col
            source="status_code"
            label="app.admin_audit_log.outcome"
            disableSort
            render={(r: RaRecord) => <Outcome status={r.status_code} />}
          />
          <DataTable.Col source="ip" label="app.admin_audit_log.ip" disableSort render={(r: RaRecord) => r.ip ?? '—'} />
          <DataTable.Col source="service" label="app.admin_audit_log.service" disableSort />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
