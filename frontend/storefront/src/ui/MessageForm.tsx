import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { contactMessageBody, partnershipMessageBody } from '@esim/contracts';
import { api, ApiError } from '../api/client';
import { fieldIssues } from '../lib/validation';
import { RetryWaitNotice, useRetryWait } from '../lib/retryWait';

export const MESSAGE_ROUTES = { partnership: '/messages/partnership', contact: '/messages/contact' } as const;

const FIELDS = {
  partnership: [
    { name: 'company_name', label: 'company', autoComplete: 'organization' },
    { name: 'email', label: 'email', autoComplete: 'email', type: 'email' },
    { name: 'message', label: 'message', multiline: true },
  ],
  contact: [
    { name: 'full_name', label: 'name', autoComplete: 'name' },
    { name: 'email', label: 'email', autoComplete: 'email', type: 'email' },
    { name: 'subject', label: 'subject' },
    { name: 'message', label: 'message', multiline: true },
  ],
} as const;

/** The partnership and contact forms: validated with the service's schema, stored by auth, thank-you state. */
export function MessageForm({ kind }: { kind: 'partnership' | 'contact' }) {
  const { t } = useTranslation('info');
  const empty = Object.fromEntries(FIELDS[kind].map((f) => [f.name, ''])) as Record<string, string>;
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const wait = useRetryWait();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (wait.waiting) return;
    const parsed = fieldIssues(kind === 'partnership' ? partnershipMessageBody : contactMessageBody, values);
    if (!parsed.ok) {
      setErrors(
        Object.fromEntries(
          Object.entries(parsed.errors).map(([field, code]) => [
            field,
            values[field]?.trim() ? t(`common:validation.${code}`) : t('forms.required'),
          ]),
        ),
      );
      return;
    }
    setErrors({});
    setFailure(null);
    setSending(true);
    wait.clear();
    try {
      await api.post(MESSAGE_ROUTES[kind], parsed.data);
      setSent(true);
      setValues(empty);
    } catch (error) {
      // Too many messages from here: the seconds to wait are counted down, and the button comes back at zero.
      if (wait.start(error)) return;
      const text =
        error instanceof ApiError
          ? error.isNetwork
            ? t('common:errors.networkLong')
            : error.message
          : t('forms.failed');
      if (error instanceof ApiError) setErrors(error.fields);
      setFailure(text);
      toast.error(text);
    } finally {
      setSending(false);
    }
  };

  if (sent) {
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} role="status">
        <CheckCircleIcon color="success" sx={{ fontSize: 56 }} />
        <Typography variant="h2" sx={{ fontSize: '1.5rem', mt: 1 }}>
          {t('forms.thanksTitle')}
        </Typography>
        <Typography sx={{ mt: 1 }}>{t('forms.thanksText')}</Typography>
        <Button sx={{ mt: 2 }} onClick={() => setSent(false)}>
          {t('forms.another')}
        </Button>
      </Paper>
    );
  }

  return (
    <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        {failure && <Alert severity="error">{failure}</Alert>}
        <RetryWaitNotice wait={wait} />
        {FIELDS[kind].map((field) => (
          <TextField
            key={field.name}
            name={field.name}
            label={t(`forms.${field.label}`)}
            type={'type' in field ? field.type : 'text'}
            autoComplete={'autoComplete' in field ? field.autoComplete : undefined}
            multiline={'multiline' in field}
            minRows={'multiline' in field ? 5 : undefined}
            value={values[field.name]}
            onChange={(e) => setValues((v) => ({ ...v, [field.name]: e.target.value }))}
            error={!!errors[field.name]}
            helperText={errors[field.name]}
            disabled={sending}
            required
            fullWidth
          />
        ))}
        <Box>
          <Button type="submit" variant="contained" size="large" disabled={sending || wait.waiting}>
            {sending ? t('forms.sending') : t('forms.send')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}
