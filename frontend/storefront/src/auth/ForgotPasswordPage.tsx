import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import toast from 'react-hot-toast';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgotPasswordBody } from '@esim/contracts';
import { api, ApiError } from '../api/client';
import { fieldIssues, isBlank } from '../lib/validation';
import { AuthCard } from '../ui/AuthCard';
import { Seo } from '../layout/Seo';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(email)) return setError(t('register.emailRequired'));
    const parsed = fieldIssues(forgotPasswordBody, { email });
    if (!parsed.ok) return setError(t(`common:validation.${parsed.errors.email ?? 'invalid'}`));
    setError(undefined);
    setSubmitting(true);
    try {
      const answer = await api.post('/forgot-password', parsed.data);
      setSent(answer.message);
    } catch (failure) {
      const text =
        failure instanceof ApiError
          ? failure.isNetwork
            ? t('common:errors.networkLong')
            : failure.message
          : t('common:errors.generic');
      toast.error(text);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <>
      <Seo title={`${t('forgot.title')} — eSIM Go`} description={t('forgot.subtitle')} />
      <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            {sent && <Alert severity="success">{sent}</Alert>}
            <TextField
              label={t('login.email')}
              type="email"
              name="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              disabled={submitting}
              error={!!error}
              helperText={error}
              required
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
              {submitting ? t('forgot.submitting') : t('forgot.submit')}
            </Button>
            <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
              {t('forgot.back')}
            </Link>
          </Stack>
        </Box>
      </AuthCard>
    </>
  );
}
