import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import toast from 'react-hot-toast';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { forgotPasswordBody } from '@esim/contracts';
import { api } from '../api/client';
import { fieldIssues, isBlank } from '../lib/validation';
import { RetryWaitNotice, useRetryWait } from '../lib/retryWait';
import { AuthForm, EmailField, refusalText } from './AuthForm';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const wait = useRetryWait();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (wait.waiting) return;
    if (isBlank(email)) return setError(t('register.emailRequired'));
    const parsed = fieldIssues(forgotPasswordBody, { email });
    if (!parsed.ok) return setError(t(`common:validation.${parsed.errors.email ?? 'invalid'}`));
    setError(undefined);
    setSubmitting(true);
    wait.clear();
    try {
      const answer = await api.post('/forgot-password', parsed.data);
      setSent(answer.message);
    } catch (failure) {
      // Too many requests: the seconds to wait are counted down beside the form instead.
      if (!wait.start(failure)) toast.error(refusalText(failure, t));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthForm title={t('forgot.title')} subtitle={t('forgot.subtitle')} onSubmit={onSubmit}>
      {sent && <Alert severity="success">{sent}</Alert>}
      <RetryWaitNotice wait={wait} />
      <EmailField value={email} onValue={setEmail} disabled={submitting} error={error} />
      <Button type="submit" variant="contained" size="large" disabled={submitting || wait.waiting} fullWidth>
        {submitting ? t('forgot.submitting') : t('forgot.submit')}
      </Button>
      <Link component={RouterLink} to="/login" sx={{ textAlign: 'center' }}>
        {t('forgot.back')}
      </Link>
    </AuthForm>
  );
}
