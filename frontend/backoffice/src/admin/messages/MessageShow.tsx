import DoneAllIcon from '@mui/icons-material/DoneAll';
import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import ReplyIcon from '@mui/icons-material/Reply';
import { Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import {
  Loading,
  ShowBase,
  Title,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { formatDate } from '../../format';
import { FIGURES_KEY } from '../../providers/figures';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { MessageKindChip, MessageStatusChip, senderOf } from './MessageStatusChip';

function useSetStatus(record: RaRecord | undefined) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  return async (status: 'new' | 'read' | 'answered', options: { quiet?: boolean } = {}) => {
    if (!record) return;
    try {
      const { message } = await dataProvider.send('PUT', `admin/messages/${record.id}`, { status });
      if (!options.quiet) notify(message || 'app.admin_messages.marked', { type: 'info' });
      refresh();
      // The menu's count of new messages follows at once.
      void queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    }
  };
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div">{children || '—'}</Typography>
    </Box>
  );
}

function MessageDetail() {
  const record = useRecordContext();
  const translate = useTranslate();
  const setStatus = useSetStatus(record);
  // Opening a new message marks it read, as a mail client does (once, not again after "mark as unread").
  const marked = useRef(false);
  useEffect(() => {
    if (record?.status === 'new' && !marked.current) {
      marked.current = true;
      void setStatus('read', { quiet: true });
    }
  }, [record?.status, setStatus]);
  if (!record) return <Loading />;
  const subject = record.subject || translate('app.admin_messages.no_subject');
  const mailto = `mailto:${record.email}?subject=${encodeURIComponent(`Re: ${record.subject ?? translate(`app.admin_messages.kinds.${record.kind}`)}`)}`;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={subject} />
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Typography variant="h6" component="h1" sx={{ mr: 1, overflowWrap: 'anywhere' }}>
              {subject}
            </Typography>
            <MessageKindChip kind={record.kind} />
            <MessageStatusChip status={record.status} />
          </Stack>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
            <Field label={translate('app.admin_messages.sender')}>{senderOf(record)}</Field>
            <Field label={translate('app.admin_messages.email')}>
              <a href={`mailto:${record.email}`}>{record.email}</a>
            </Field>
            <Field label={translate('app.admin_messages.received_at')}>{formatDate(record.created_at)}</Field>
            {record.company_name && record.full_name ? (
              <Field label={translate('app.admin_messages.full_name')}>{record.full_name}</Field>
            ) : null}
            <Field label={translate('app.admin_messages.language')}>{String(record.locale).toUpperCase()}</Field>
            {record.status_changed_at ? (
              <Field label={translate('app.admin_messages.status_changed_at')}>
                {formatDate(record.status_changed_at)}
              </Field>
            ) : null}
          </Box>
          <Divider />
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{record.message}</Typography>
          <Divider />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="contained" href={mailto} startIcon={<ReplyIcon />}>
              {translate('app.admin_messages.reply')}
            </Button>
            {record.status !== 'answered' ? (
              <Button
                variant="outlined"
                color="success"
                startIcon={<DoneAllIcon />}
                onClick={() => setStatus('answered')}
              >
                {translate('app.admin_messages.mark_answered')}
              </Button>
            ) : null}
            {record.status !== 'new' ? (
              <Button startIcon={<MarkEmailUnreadIcon />} onClick={() => setStatus('new')}>
                {translate('app.admin_messages.mark_new')}
              </Button>
            ) : null}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** One message in full, with reply by e-mail and its read / answered state. */
export default function MessageShow() {
  return (
    <ShowBase>
      <MessageDetail />
    </ShowBase>
  );
}
