import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Box,
  Button,
  Card,
  CardContent,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { WebhookAttempt, WebhookDelivery, WebhookEndpoint } from '@esim/contracts';
import { formatDate } from '../format';
import { useIsPhone } from '../layout/PhoneList';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';
import { answerOf, DeliveryStatusChip, eventLabel, formatMoment } from './labels';

/** How often an open log asks again while a delivery is still pending, so its tries show as they happen. */
const PENDING_REFRESH_MS = 3_000;

/**
 * An endpoint's delivery log, newest first: each delivery (event, status, tries, last answer, next
 * try) opens to its tries, and one not pending can be sent again. Full-screen on a phone, as cards.
 */
export function DeliveryLogDialog({
  ownerPath,
  endpoint,
  onClose,
}: {
  ownerPath: string;
  endpoint: WebhookEndpoint;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = useIsPhone();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set());
  const queryKey = ['webhooks', ownerPath, 'deliveries', endpoint.id];
  const { data, isError, refetch, isFetching } = useQuery<WebhookDelivery[]>({
    queryKey,
    queryFn: () => dataProvider.read(`${ownerPath}/webhooks/${encodeURIComponent(endpoint.id)}/deliveries`),
    refetchInterval: (query) =>
      query.state.data?.some((delivery) => delivery.status === 'pending') ? PENDING_REFRESH_MS : false,
  });
  const toggle = (id: string) =>
    setOpenIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const resend = async (delivery: WebhookDelivery) => {
    try {
      await dataProvider.send('POST', `${ownerPath}/webhook-deliveries/${encodeURIComponent(delivery.id)}/resend`);
      notify('app.webhooks.resent', { type: 'success' });
    } catch (error) {
      notify(serviceErrorOf(error).message, { type: 'error' });
    }
    void queryClient.invalidateQueries({ queryKey: ['webhooks', ownerPath] });
  };

  const resendButton = (delivery: WebhookDelivery) =>
    delivery.status === 'pending' ? null : (
      <Button size="small" onClick={() => void resend(delivery)} sx={{ whiteSpace: 'nowrap' }}>
        {translate('app.webhooks.resend')}
      </Button>
    );
  const toggleButton = (delivery: WebhookDelivery) => {
    const label = translate(openIds.has(delivery.id) ? 'app.webhooks.hide_tries' : 'app.webhooks.show_tries');
    return (
      <Tooltip title={label}>
        <IconButton
          size="small"
          aria-label={label}
          aria-expanded={openIds.has(delivery.id)}
          onClick={() => toggle(delivery.id)}
        >
          {openIds.has(delivery.id) ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
        </IconButton>
      </Tooltip>
    );
  };

  let body;
  if (isError) body = <Typography color="error">{translate('app.common.load_failed')}</Typography>;
  else if (!data) body = <Skeleton height={120} />;
  else if (data.length === 0)
    body = <Typography color="text.secondary">{translate('app.webhooks.log_empty')}</Typography>;
  else if (phone)
    body = (
      <Stack spacing={1} component="ul" aria-label={translate('app.webhooks.log')} sx={{ p: 0, m: 0 }}>
        {data.map((delivery) => (
          <Card key={delivery.id} variant="outlined" component="li" sx={{ listStyle: 'none' }}>
            <CardContent sx={{ pb: 1 }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                <Typography variant="subtitle2">{eventLabel(delivery.event_type, translate)}</Typography>
                <DeliveryStatusChip status={delivery.status} />
              </Box>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ fontFamily: 'monospace' }}>
                {delivery.event_id}
              </Typography>
              <Typography variant="body2" sx={{ mt: 0.5 }}>
                {formatDate(delivery.created_at)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('app.webhooks.attempts')}: {delivery.attempts} · {translate('app.webhooks.last_code')}:{' '}
                {lastAnswer(delivery, translate)}
              </Typography>
              {delivery.next_attempt_at && delivery.status === 'pending' ? (
                <Typography variant="body2" color="text.secondary">
                  {translate('app.webhooks.next_attempt')}: {formatDate(delivery.next_attempt_at)}
                </Typography>
              ) : null}
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 0.5 }}>
                <Button
                  size="small"
                  aria-expanded={openIds.has(delivery.id)}
                  onClick={() => toggle(delivery.id)}
                  endIcon={openIds.has(delivery.id) ? <KeyboardArrowUpIcon /> : <KeyboardArrowDownIcon />}
                >
                  {translate(openIds.has(delivery.id) ? 'app.webhooks.hide_tries' : 'app.webhooks.show_tries')}
                </Button>
                {resendButton(delivery)}
              </Box>
              <Collapse in={openIds.has(delivery.id)} unmountOnExit>
                <Stack component="ol" spacing={0.5} sx={{ pl: 2.5, m: 0 }}>
                  {delivery.tries.map((attempt, index) => (
                    <Typography key={index} component="li" variant="body2">
                      {formatMoment(attempt.at)} · {answerOf(attempt.status_code, translate)} · {attempt.duration_ms} ms
                      {attempt.error ? (
                        <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
                          {attempt.error}
                        </Typography>
                      ) : null}
                    </Typography>
                  ))}
                </Stack>
              </Collapse>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  else
    body = (
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('app.webhooks.log')}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell>{translate('app.webhooks.event_type')}</TableCell>
              <TableCell>{translate('app.webhooks.created_at')}</TableCell>
              <TableCell>{translate('app.webhooks.status')}</TableCell>
              <TableCell align="right">{translate('app.webhooks.attempts')}</TableCell>
              <TableCell>{translate('app.webhooks.last_code')}</TableCell>
              <TableCell>{translate('app.webhooks.next_attempt')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((delivery) => (
              <Fragment key={delivery.id}>
                <TableRow sx={{ '& > td': { borderBottom: openIds.has(delivery.id) ? 'none' : undefined } }}>
                  <TableCell padding="checkbox">{toggleButton(delivery)}</TableCell>
                  <TableCell>
                    {eventLabel(delivery.event_type, translate)}
                    <Typography
                      variant="caption"
                      color="text.secondary"
                      component="p"
                      sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
                    >
                      {delivery.event_id}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(delivery.created_at)}</TableCell>
                  <TableCell>
                    <DeliveryStatusChip status={delivery.status} />
                  </TableCell>
                  <TableCell align="right">{delivery.attempts}</TableCell>
                  <TableCell>{lastAnswer(delivery, translate)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {delivery.status === 'pending' ? formatDate(delivery.next_attempt_at) : '—'}
                  </TableCell>
                  <TableCell align="right">{resendButton(delivery)}</TableCell>
                </TableRow>
                <TableRow>
                  <TableCell colSpan={8} sx={{ py: 0, ...(openIds.has(delivery.id) ? {} : { borderBottom: 'none' }) }}>
                    <Collapse in={openIds.has(delivery.id)} unmountOnExit>
                      <Tries tries={delivery.tries} />
                    </Collapse>
                  </TableCell>
                </TableRow>
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </Box>
    );

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth fullScreen={phone} aria-labelledby="webhook-log-title">
      <DialogTitle id="webhook-log-title" sx={{ pb: 0 }}>
        {translate('app.webhooks.log')}
      </DialogTitle>
      <DialogContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', flex: 1 }}
          >
            {endpoint.url}
          </Typography>
          <Tooltip title={translate('app.webhooks.refresh')}>
            <span>
              <IconButton
                size="small"
                aria-label={translate('app.webhooks.refresh')}
                onClick={() => void refetch()}
                disabled={isFetching}
              >
                <RefreshIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        {body}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.webhooks.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The last try's answer: its status code, else its error, else nothing yet. */
const lastAnswer = (delivery: WebhookDelivery, translate: Translate) =>
  delivery.attempts === 0
    ? '—'
    : delivery.last_status_code !== null
      ? String(delivery.last_status_code)
      : (delivery.last_error ?? answerOf(null, translate));

function Tries({ tries }: { tries: readonly WebhookAttempt[] }) {
  const translate = useTranslate();
  return (
    <Box sx={{ my: 1, ml: { sm: 6 } }}>
      <Table size="small" aria-label={translate('app.webhooks.tries')}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{translate('app.webhooks.try_at')}</TableCell>
            <TableCell>{translate('app.webhooks.response_code')}</TableCell>
            <TableCell align="right">{translate('app.webhooks.duration')}</TableCell>
            <TableCell>{translate('app.webhooks.error')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {tries.map((attempt, index) => (
            <TableRow key={index}>
              <TableCell>{index + 1}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMoment(attempt.at)}</TableCell>
              <TableCell>{answerOf(attempt.status_code, translate)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {attempt.duration_ms} ms
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{attempt.error ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
