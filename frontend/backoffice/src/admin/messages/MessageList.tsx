import { Box, Typography } from '@mui/material';
import { DataTable, SimpleList, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../../layout/ListPage';
import { SearchInput, SelectInput } from '../../layout/filterInputs';
import { formatDate } from '../../format';
import { EmptyState } from '../../layout/EmptyState';
import { PhoneOr } from '../../layout/PhoneList';
import { MESSAGE_KINDS, MESSAGE_STATUSES, MessageKindChip, MessageStatusChip, senderOf } from './MessageStatusChip';
import { dateRangeFilters } from '../../layout/dateRangeFilters';

const preview = (text: string) => (text.length > 90 ? `${text.slice(0, 90)}…` : text);

/** Messages newest first; search, type, status and dates are answered by the auth service. A new one is in bold. */
export default function MessageList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('app.admin_messages.search')} />,
    <SelectInput
      key="status"
      source="status"
      label="app.admin_messages.status"
      alwaysOn
      choices={MESSAGE_STATUSES.map((s) => ({ id: s, name: translate(`app.admin_messages.statuses.${s}`) }))}
    />,
    <SelectInput
      key="kind"
      source="kind"
      label="app.admin_messages.kind"
      alwaysOn
      choices={MESSAGE_KINDS.map((k) => ({ id: k, name: translate(`app.admin_messages.kinds.${k}`) }))}
    />,
    ...dateRangeFilters(),
  ];
  const bold = (r: RaRecord) => ({ fontWeight: r.status === 'new' ? 700 : 400 });
  return (
    <ListPage
      title={translate('app.menu.admin_messages')}
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={<EmptyState title="app.admin_messages.empty" hint="app.admin_messages.empty_hint" />}
    >
      <PhoneOr
        phone={
          <SimpleList
            rowClick="show"
            primaryText={(r: RaRecord) => (
              <Box component="span" sx={bold(r)}>
                {senderOf(r)}
              </Box>
            )}
            secondaryText={(r: RaRecord) =>
              `${r.subject || translate(`app.admin_messages.kinds.${r.kind}`)} · ${formatDate(r.created_at)}`
            }
            rightIcon={(r: RaRecord) => <MessageStatusChip status={r.status} />}
          />
        }
      >
        <DataTable bulkActionButtons={false} rowClick="show">
          <DataTable.Col
            source="created_at"
            label="app.admin_messages.received_at"
            disableSort
            render={(r: RaRecord) => formatDate(r.created_at)}
          />
          <DataTable.Col
            source="kind"
            label="app.admin_messages.kind"
            disableSort
            render={(r: RaRecord) => <MessageKindChip kind={r.kind} />}
          />
          <DataTable.Col
            label="app.admin_messages.sender"
            disableSort
            render={(r: RaRecord) => (
              <Box sx={{ minWidth: 0 }}>
                <Box component="span" sx={bold(r)}>
                  {senderOf(r)}
                </Box>
                <Typography variant="caption" color="text.secondary" component="div">
                  {r.email}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col
            label="app.admin_messages.message"
            disableSort
            render={(r: RaRecord) => (
              <Box sx={{ maxWidth: 420 }}>
                <Box component="span" sx={bold(r)}>
                  {r.subject || translate('app.admin_messages.no_subject')}
                </Box>
                <Typography variant="body2" color="text.secondary">
                  {preview(r.message)}
                </Typography>
              </Box>
            )}
          />
          <DataTable.Col
            source="status"
            label="app.admin_messages.status"
            disableSort
            render={(r: RaRecord) => <MessageStatusChip status={r.status} />}
          />
        </DataTable>
      </PhoneOr>
    </ListPage>
  );
}
