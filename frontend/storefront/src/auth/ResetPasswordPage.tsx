import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resetPasswordBody } from '@esim/contracts';
import { api } from '../api/client';
import { fieldIssues } from '../lib/validation';
import { RetryWaitNotice, useRetryWait } from '../lib/retryWait';
import { AuthField, AuthForm, refusalText } from './AuthForm';

/** The page of the e-mailed link (/reset-password?token=...). */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const wait = useRetryWait();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (wait.waiting) return;
    const found: Record<string, string> = {};
    const parsed = fieldIssues(resetPasswordBody, { token, password });
    if (!parsed.ok)
      for (const [field, code] of Object.entries(parsed.errors)) found[field] = t(`common:validation.${code}`);
    if (password === '') found.password = t('register.passwordRequired');
    if (password !== confirm) found.confirm = t('register.mismatch');
    setErrors(found);
    if (found.token) setFailure(found.token);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    setFailure(null);
    wait.clear();
    try {
      const answer = await api.post('/reset-password', { token, password });
      toast.success(answer.message);
      navigate('/login', { replace: true });
    } catch (error) {
      setSubmitting(false);
      // Too many attempts: the seconds to wait are counted down, and the button comes back at zero.
      if (wait.start(error)) return;
      const text = refusalText(error, t, (refused) => refused.fields.password ?? refused.message);
      setFailure(text);
      toast.error(text);
    }
  };

  return (
    <AuthForm title={t('reset.title')} subtitle={t('reset.subtitle')} onSubmit={onSubmit}>
      {!token && <Alert severity="warning">{t('reset.missingToken')}</Alert>}
      {failure && <Alert severity="error">{failure}</Alert>}
      <RetryWaitNotice wait={wait} />
      {(['password', 'confirm'] as const).map((field) => (
        <AuthField
          key={field}
          secret
          label={t(`reset.${field}`)}
          name={field}
          autoComplete="new-password"
          value={field === 'password' ? password : confirm}
          onValue={field === 'password' ? setPassword : setConfirm}
          disabled={submitting}
          error={errors[field]}
        />
      ))}
      <Button type="submit" variant="contained" size="large" disabled={submitting || !token || wait.waiting} fullWidth>
        {submitting ? t('reset.submitting') : t('reset.submit')}
      </Button>
    </AuthForm>
  );
}
