// What a dealer's physical-SIM orders and returns share: each is a request an admin decides on,
// sent from a form on a page that lists the dealer's own requests of that kind below it.
import { Box, Card, CardContent, CardHeader, Chip, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import {
  DataTable,
  SimpleList,
  Title,
  useDataProvider,
  useNotify,
  useTranslate,
  type RaRecord,
  type SimpleListProps,
} from 'react-admin';
import { DateCol } from '../layout/columns';
import { EmptyState } from '../layout/EmptyState';
import { ListPage } from '../layout/ListPage';
import { PhoneOr } from '../layout/PhoneList';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';

const STATUS_COLORS: Record<string, 'warning' | 'success' | 'error'> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

export function RequestStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={STATUS_COLORS[status] ?? 'default'}
      label={translate(`app.physical_sim.statuses.${status}`, { _: status })}
    />
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Why the admin rejected a request, as the dealer reads it (the service's own reasons are codes, said in words). */
export function rejectionOf(r: RaRecord, translate: Translate): string | null {
  const reason = r.status === 'rejected' ? ((r.rejection_reason ?? r.reason) as string | null) : null;
  if (!reason) return null;
  return translate('app.physical_sim.rejected_because', {
    reason: translate(`app.physical_sim.rejection_reasons.${reason}`, { _: reason }),
  });
}

/** The request's status, and under a rejected one the admin's reason. */
function RequestStatus({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const rejection = rejectionOf(record, translate);
  return (
    <Stack spacing={0.5} alignItems="flex-start">
      <RequestStatusChip status={record.status} />
      {rejection ? (
        <Typography variant="caption" color="text.secondary" sx={{ maxWidth: 280 }}>
          {rejection}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The page: its title, the request form, then the dealer's requests. */
export function RequestPage({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={translate(title)} />
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

/** The form's card: a title and a hint over the form. */
export function RequestFormCard({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader title={translate(title)} subheader={translate(hint)} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/**
 * Sends the request under one Idempotency-Key until the service takes it (a retry after a lost answer
 * cannot make a second one); a refusal's field errors are kept, or its message on `fallbackField`.
 * `submit` answers whether the request was taken.
 */
export function useRequestSubmit(path: string, options: { sent: string; fallbackField: string }) {
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [key, setKey] = useState(() => crypto.randomUUID());
  const submit = async (body: object): Promise<boolean> => {
    setErrors({});
    try {
      const { message } = await dataProvider.send('POST', path, body, { idempotencyKey: key });
      notify(message || options.sent, { type: 'success' });
      setKey(crypto.randomUUID());
      return true;
    } catch (error) {
      const { message, fields } = serviceErrorOf(error);
      setErrors(Object.keys(fields).length ? fields : { [options.fallbackField]: message });
      return false;
    }
  };
  return { errors, submit };
}

/**
 * The dealer's own requests of one kind, newest first: on a phone a list (`phone`, the status on the
 * right), elsewhere a table whose columns (`children`) stand between the date and the status.
 */
export function MyRequests({
  title,
  resource,
  storeKey,
  empty,
  phone,
  children,
}: {
  title: string;
  resource: string;
  /** Where the list keeps its page and sort. */
  storeKey: string;
  empty: { title: string; hint: string };
  phone: Pick<SimpleListProps, 'primaryText' | 'secondaryText' | 'tertiaryText'>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader title={translate(title)} titleTypographyProps={{ variant: 'h6' }} />
      <ListPage
        resource={resource}
        disableSyncWithLocation
        storeKey={storeKey}
        title={false}
        actions={false}
        exporter={false}
        perPage={10}
        sort={{ field: 'created_at', order: 'DESC' }}
        empty={<EmptyState title={empty.title} hint={empty.hint} />}
      >
        <PhoneOr
          phone={
            <SimpleList
              rowClick={false}
              {...phone}
              secondaryText={(r: RaRecord, id) => {
                const base =
                  typeof phone.secondaryText === 'function' ? phone.secondaryText(r, id) : phone.secondaryText;
                const rejection = rejectionOf(r, translate);
                return rejection ? (
                  <>
                    {base}
                    <br />
                    {rejection}
                  </>
                ) : (
                  base
                );
              }}
              rightIcon={(r: RaRecord) => <RequestStatusChip status={r.status} />}
            />
          }
        >
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DateCol source="created_at" label="app.orders.created_at" />
            {children}
            <DataTable.Col
              source="status"
              label="app.orders.status"
              render={(r: RaRecord) => <RequestStatus record={r} />}
            />
          </DataTable>
        </PhoneOr>
      </ListPage>
    </Card>
  );
}
