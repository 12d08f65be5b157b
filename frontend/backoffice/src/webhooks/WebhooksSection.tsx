import AddIcon from '@mui/icons-material/Add';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  IconButton,
  Skeleton,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { SecretOnceDialog } from '../layout/SecretOnceDialog';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEventType,
} from '@esim/contracts';
import { formatDate } from '../format';
import { useIsPhone } from '../layout/PhoneList';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';
import { DeliveryLogDialog } from './DeliveryLog';
import { DeliveryStatusChip, eventLabel } from './labels';

type Open =
  | { kind: 'create' }
  | { kind: 'edit' | 'delete' | 'rotate' | 'log'; endpoint: WebhookEndpoint }
  | { kind: 'secret'; endpoint: WebhookEndpointWithSecret; rotated: boolean };

/**
 * A dealer's webhooks: the endpoints (table, or cards on a phone), adding one (its signing secret
 * shown once), editing, pausing, deleting, a new secret, a test event and each endpoint's delivery
 * log. `ownerPath` is whose: `user` (the dealer's own) or `admin/dealers/:id` (an admin's for a dealer);
 * `compact` shows the cards in a narrow column too (the admin's dealer page), where the table would scroll.
 */
export function WebhooksSection({ ownerPath, compact = false }: { ownerPath: string; compact?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const cards = useIsPhone() || compact;
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState<Open | null>(null);
  const basePath = `${ownerPath}/webhooks`;
  const { data, isError } = useQuery<WebhookEndpoint[]>({
    queryKey: ['webhooks', ownerPath],
    queryFn: () => dataProvider.read(basePath),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhooks', ownerPath] });
  const close = () => {
    setOpen(null);
    void refresh();
  };

  const act = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      notify(done, { type: 'success' });
    } catch (error) {
      notify(serviceErrorOf(error).message, { type: 'error' });
    }
    void refresh();
  };
  const sendTest = (endpoint: WebhookEndpoint) =>
    act(
      () => dataProvider.send('POST', `${basePath}/${encodeURIComponent(endpoint.id)}/test`),
      'app.webhooks.test_sent',
    );
  const setActive = (endpoint: WebhookEndpoint, active: boolean) =>
    act(
      () => dataProvider.send('PATCH', `${basePath}/${encodeURIComponent(endpoint.id)}`, { active }),
      active ? 'app.webhooks.resumed' : 'app.webhooks.paused',
    );

  const actions = (endpoint: WebhookEndpoint) => (
    <EndpointActions
      endpoint={endpoint}
      onLog={() => setOpen({ kind: 'log', endpoint })}
      onTest={() => void sendTest(endpoint)}
      onEdit={() => setOpen({ kind: 'edit', endpoint })}
      onPause={() => void setActive(endpoint, !endpoint.active)}
      onRotate={() => setOpen({ kind: 'rotate', endpoint })}
      onDelete={() => setOpen({ kind: 'delete', endpoint })}
    />
  );

  return (
    <Box>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          justifyContent: 'space-between',
          alignItems: { xs: 'flex-start', sm: 'center' },
          mb: 1,
          gap: 1,
        }}
      >
        <Typography variant="body2" color="text.secondary">
          {translate('app.webhooks.intro')}
        </Typography>
        <Button
          variant="contained"
          size="small"
          startIcon={<AddIcon />}
          onClick={() => setOpen({ kind: 'create' })}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {translate('app.webhooks.create')}
        </Button>
      </Box>
      {isError ? (
        <Typography color="error">{translate('app.common.load_failed')}</Typography>
      ) : !data ? (
        <Skeleton height={120} />
      ) : data.length === 0 ? (
        <Typography color="text.secondary">{translate('app.webhooks.empty')}</Typography>
      ) : cards ? (
        <Stack spacing={1} component="ul" aria-label={translate('app.webhooks.title')} sx={{ p: 0, m: 0 }}>
          {data.map((endpoint) => (
            <Card key={endpoint.id} variant="outlined" component="li" sx={{ listStyle: 'none' }}>
              <CardContent sx={{ pb: 1 }}>
                <EndpointAddress endpoint={endpoint} />
                <Box sx={{ my: 1 }}>
                  <EventChips events={endpoint.events} />
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <ActiveChip endpoint={endpoint} />
                  <LastDelivery endpoint={endpoint} />
                </Box>
                <CreatedAt endpoint={endpoint} />
                <SecretNote endpoint={endpoint} />
                <Box sx={{ mt: 1 }}>{actions(endpoint)}</Box>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('app.webhooks.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.webhooks.url')}</TableCell>
                <TableCell>{translate('app.webhooks.events')}</TableCell>
                <TableCell>{translate('app.webhooks.status')}</TableCell>
                <TableCell>{translate('app.webhooks.last_delivery')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((endpoint) => (
                <TableRow key={endpoint.id}>
                  <TableCell sx={{ minWidth: 200, maxWidth: 320 }}>
                    <EndpointAddress endpoint={endpoint} />
                    <CreatedAt endpoint={endpoint} />
                    <SecretNote endpoint={endpoint} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 160, maxWidth: 280 }}>
                    <EventChips events={endpoint.events} />
                  </TableCell>
                  <TableCell>
                    <ActiveChip endpoint={endpoint} />
                  </TableCell>
                  <TableCell>
                    <LastDelivery endpoint={endpoint} />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {actions(endpoint)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {open?.kind === 'create' || open?.kind === 'edit' ? (
        <EndpointDialog
          basePath={basePath}
          endpoint={open.kind === 'edit' ? open.endpoint : null}
          onClose={close}
          onCreated={(endpoint) => setOpen({ kind: 'secret', endpoint, rotated: false })}
        />
      ) : null}
      {open?.kind === 'secret' ? (
        <SecretDialog endpoint={open.endpoint} rotated={open.rotated} onClose={close} />
      ) : null}
      {open?.kind === 'delete' ? <DeleteDialog basePath={basePath} endpoint={open.endpoint} onClose={close} /> : null}
      {open?.kind === 'rotate' ? (
        <RotateDialog
          basePath={basePath}
          endpoint={open.endpoint}
          onClose={close}
          onRotated={(endpoint) => setOpen({ kind: 'secret', endpoint, rotated: true })}
        />
      ) : null}
      {open?.kind === 'log' ? (
        <DeliveryLogDialog ownerPath={ownerPath} endpoint={open.endpoint} onClose={close} />
      ) : null}
    </Box>
  );
}

function EndpointAddress({ endpoint }: { endpoint: WebhookEndpoint }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {endpoint.url}
      </Typography>
      {endpoint.description ? (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {endpoint.description}
        </Typography>
      ) : null}
    </>
  );
}

function EventChips({ events }: { events: readonly WebhookEventType[] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {events.map((event) => (
        <Chip key={event} size="small" label={eventLabel(event, translate)} />
      ))}
    </Box>
  );
}

function ActiveChip({ endpoint }: { endpoint: WebhookEndpoint }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={endpoint.active ? 'success' : 'default'}
      label={translate(endpoint.active ? 'app.webhooks.status_active' : 'app.webhooks.status_paused')}
    />
  );
}

function CreatedAt({ endpoint }: { endpoint: WebhookEndpoint }) {
  const translate = useTranslate();
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      {translate('app.webhooks.created_at')}: {formatDate(endpoint.created_at)}
    </Typography>
  );
}

/** While a rotation's previous secret still signs, until when. */
function SecretNote({ endpoint }: { endpoint: WebhookEndpoint }) {
  const translate = useTranslate();
  const until = endpoint.previous_secret_expires_at;
  if (!until || Date.parse(until) <= Date.now()) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p">
      {translate('app.webhooks.previous_secret_until', { until: formatDate(until) })}
    </Typography>
  );
}

/** The newest delivery's status and time, as the endpoint list carries it. */
function LastDelivery({ endpoint }: { endpoint: WebhookEndpoint }) {
  const translate = useTranslate();
  const last = endpoint.last_delivery;
  if (!last)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.webhooks.no_deliveries')}
      </Typography>
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <DeliveryStatusChip status={last.status} />
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {formatDate(last.at)}
      </Typography>
    </Box>
  );
}

function EndpointActions(props: {
  endpoint: WebhookEndpoint;
  onLog: () => void;
  onTest: () => void;
  onEdit: () => void;
  onPause: () => void;
  onRotate: () => void;
  onDelete: () => void;
}) {
  const translate = useTranslate();
  const icon = (label: string, onClick: () => void, child: ReactNode, color?: 'error') => (
    <Tooltip title={translate(label)}>
      <IconButton size="small" aria-label={translate(label)} onClick={onClick} color={color}>
        {child}
      </IconButton>
    </Tooltip>
  );
  return (
    <Box
      sx={{
        display: 'flex',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        alignItems: 'center',
        justifyContent: { xs: 'space-between', sm: 'flex-end' },
        gap: 0.5,
      }}
    >
      <Button size="small" startIcon={<HistoryIcon />} onClick={props.onLog} sx={{ whiteSpace: 'nowrap' }}>
        {translate('app.webhooks.log')}
      </Button>
      <Box sx={{ display: 'flex', flexWrap: 'nowrap' }}>
        {icon('app.webhooks.test', props.onTest, <SendIcon fontSize="small" />)}
        {icon('app.webhooks.edit', props.onEdit, <EditIcon fontSize="small" />)}
        {props.endpoint.active
          ? icon('app.webhooks.pause', props.onPause, <PauseIcon fontSize="small" />)
          : icon('app.webhooks.resume', props.onPause, <PlayArrowIcon fontSize="small" />)}
        {icon('app.webhooks.rotate', props.onRotate, <AutorenewIcon fontSize="small" />)}
        {icon('app.webhooks.delete', props.onDelete, <DeleteIcon fontSize="small" />, 'error')}
      </Box>
    </Box>
  );
}

/** The service's field errors by the form's field: `events.0` and `events` are both the events' field. */
const byField = (fields: Record<string, string>) =>
  Object.fromEntries(Object.entries(fields).map(([path, text]) => [path.split('.')[0]!, text]));

/** Adding an endpoint (`endpoint` null) or editing one: address, description, events and, when editing, whether it sends. */
function EndpointDialog({
  basePath,
  endpoint,
  onClose,
  onCreated,
}: {
  basePath: string;
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onCreated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(endpoint?.events ?? ['order.completed']);
  const [active, setActive] = useState(endpoint?.active ?? true);
  const [busy, setBusy] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  // One key per opened dialog: a double click or a retry after a timeout adds one endpoint, not two.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const titleId = endpoint ? 'webhook-edit-title' : 'webhook-create-title';

  const toggle = (event: WebhookEventType) =>
    setEvents((current) => (current.includes(event) ? current.filter((e) => e !== event) : [...current, event]));

  const submit = async () => {
    setBusy(true);
    setFieldErrors({});
    // Kept in the list's order, whatever order they were ticked in.
    const chosen = WEBHOOK_EVENT_TYPES.filter((event) => events.includes(event));
    try {
      if (endpoint) {
        await dataProvider.send('PATCH', `${basePath}/${encodeURIComponent(endpoint.id)}`, {
          url,
          description,
          events: chosen,
          active,
        });
        notify('app.webhooks.updated', { type: 'success' });
        onClose();
      } else {
        const { data } = await dataProvider.send<WebhookEndpointWithSecret>(
          'POST',
          basePath,
          { url, events: chosen, ...(description.trim() ? { description } : {}) },
          { idempotencyKey },
        );
        onCreated(data);
      }
    } catch (error) {
      const { message, fields } = serviceErrorOf(error);
      const errors = byField(fields);
      if (Object.keys(errors).length > 0) setFieldErrors(errors);
      else notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate(endpoint ? 'app.webhooks.edit_title' : 'app.webhooks.create')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          type="url"
          label={translate('app.webhooks.url')}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={Boolean(fieldErrors.url)}
          helperText={fieldErrors.url ?? translate('app.webhooks.url_hint')}
          slotProps={{ htmlInput: { style: { fontFamily: 'monospace' } } }}
        />
        <TextField
          fullWidth
          margin="dense"
          label={translate('app.webhooks.description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={Boolean(fieldErrors.description)}
          helperText={fieldErrors.description ?? translate('app.webhooks.description_hint')}
        />
        <Typography variant="subtitle2" sx={{ mt: 2 }}>
          {translate('app.webhooks.events')}
        </Typography>
        <FormGroup>
          {WEBHOOK_EVENT_TYPES.map((event) => (
            <FormControlLabel
              key={event}
              control={<Checkbox size="small" checked={events.includes(event)} onChange={() => toggle(event)} />}
              label={
                <>
                  {eventLabel(event, translate)}{' '}
                  <Typography
                    component="span"
                    variant="caption"
                    color="text.secondary"
                    sx={{ fontFamily: 'monospace' }}
                  >
                    {event}
                  </Typography>
                </>
              }
            />
          ))}
        </FormGroup>
        {fieldErrors.events ? <FormHelperText error>{fieldErrors.events}</FormHelperText> : null}
        {endpoint ? (
          <>
            <FormControlLabel
              sx={{ mt: 1 }}
              control={<Switch checked={active} onChange={(event) => setActive(event.target.checked)} />}
              label={translate('app.webhooks.active_label')}
            />
            {fieldErrors.active ? <FormHelperText error>{fieldErrors.active}</FormHelperText> : null}
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} disabled={busy || events.length === 0}>
          {translate(endpoint ? 'app.webhooks.save' : 'app.webhooks.create_submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The signing secret, once, after adding an endpoint or making a new secret. */
function SecretDialog({
  endpoint,
  rotated,
  onClose,
}: {
  endpoint: WebhookEndpointWithSecret;
  rotated: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <SecretOnceDialog
      id="webhook-secret-title"
      title={translate(rotated ? 'app.webhooks.rotated_title' : 'app.webhooks.created_title')}
      secret={endpoint.secret}
      texts="app.webhooks"
      onClose={onClose}
    >
      {rotated && endpoint.previous_secret_expires_at ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {translate('app.webhooks.old_secret_note', { until: formatDate(endpoint.previous_secret_expires_at) })}
        </Alert>
      ) : null}
    </SecretOnceDialog>
  );
}

function ConfirmDialog({
  id,
  title,
  text,
  action,
  color,
  onConfirm,
  onClose,
}: {
  id: string;
  title: string;
  text: string;
  action: string;
  color: 'error' | 'primary';
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button color={color} variant="contained" onClick={confirm} disabled={busy}>
          {action}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function DeleteDialog({
  basePath,
  endpoint,
  onClose,
}: {
  basePath: string;
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return (
    <ConfirmDialog
      id="webhook-delete-title"
      title={translate('app.webhooks.delete_title')}
      text={translate('app.webhooks.delete_confirm', { url: endpoint.url })}
      action={translate('app.webhooks.delete')}
      color="error"
      onClose={onClose}
      onConfirm={async () => {
        try {
          await dataProvider.send('DELETE', `${basePath}/${encodeURIComponent(endpoint.id)}`);
          notify('app.webhooks.deleted', { type: 'success' });
          onClose();
        } catch (error) {
          notify(serviceErrorOf(error).message, { type: 'error' });
        }
      }}
    />
  );
}

function RotateDialog({
  basePath,
  endpoint,
  onClose,
  onRotated,
}: {
  basePath: string;
  endpoint: WebhookEndpoint;
  onClose: () => void;
  onRotated: (endpoint: WebhookEndpointWithSecret) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return (
    <ConfirmDialog
      id="webhook-rotate-title"
      title={translate('app.webhooks.rotate_title')}
      text={translate('app.webhooks.rotate_confirm', { url: endpoint.url })}
      action={translate('app.webhooks.rotate_submit')}
      color="primary"
      onClose={onClose}
      onConfirm={async () => {
        try {
          const { data } = await dataProvider.send<WebhookEndpointWithSecret>(
            'POST',
            `${basePath}/${encodeURIComponent(endpoint.id)}/rotate-secret`,
          );
          onRotated(data);
        } catch (error) {
          notify(serviceErrorOf(error).message, { type: 'error' });
        }
      }}
    />
  );
}
