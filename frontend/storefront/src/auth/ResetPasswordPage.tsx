import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import toast from 'react-hot-toast';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resetPasswordBody } from '@esim/contracts';
import { api, ApiError } from '../api/client';
import { fieldIssues } from '../lib/validation';
import { AuthCard } from '../ui/AuthCard';
import { PasswordField } from '../ui/PasswordField';
import { Seo } from '../layout/Seo';

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

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
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
    try {
      const answer = await api.post('/reset-password', { token, password });
      toast.success(answer.message);
      navigate('/login', { replace: true });
    } catch (error) {
      const text =
        error instanceof ApiError
          ? error.isNetwork
            ? t('common:errors.networkLong')
            : (error.fields.password ?? error.message)
          : t('common:errors.generic');
      setFailure(text);
      toast.error(text);
      setSubmitting(false);
    }
  };

  return (
    <>
      <Seo title={`${t('reset.title')} — eSIM Go`} description={t('reset.subtitle')} />
      <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            {!token && <Alert severity="warning">{t('reset.missingToken')}</Alert>}
            {failure && <Alert severity="error">{failure}</Alert>}
            <PasswordField
              label={t('reset.password')}
              name="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              disabled={submitting}
              error={!!errors.password}
              helperText={errors.password}
              required
              fullWidth
            />
            <PasswordField
              label={t('reset.confirm')}
              name="confirm"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              disabled={submitting}
              error={!!errors.confirm}
              helperText={errors.confirm}
              required
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={submitting || !token} fullWidth>
              {submitting ? t('reset.submitting') : t('reset.submit')}
            </Button>
          </Stack>
        </Box>
      </AuthCard>
    </>
  );
}
