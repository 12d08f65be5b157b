import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import toast from 'react-hot-toast';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginBody } from '@esim/contracts';
import { DEMO_PASSWORD } from '@esim/contracts';
import { homeOf, useAuth } from './AuthContext';
import { fieldIssues, isBlank } from '../lib/validation';
import { RetryWaitNotice, useRetryWait } from '../lib/retryWait';
import { AuthField, AuthForm, EmailField, refusalText } from './AuthForm';
import { goTo, returnAddress } from './returnTo';

import { DEMO_EMAIL } from './demo';
export { DEMO_EMAIL };

/** The sign-in error texts by code (docs/product.md, Fixed texts). */
export function loginErrorText(error: unknown, t: (key: string) => string): string {
  return refusalText(error, t, (refused) => {
    if (refused.code === 'invalid_credentials') return t('login.invalid');
    if (refused.code === 'user_not_found') return t('login.notFound');
    return refused.message || t('login.failed');
  });
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { user, login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const from = returnAddress(location);
  // Just registered: the new account's e-mail comes along (router state).
  const [email, setEmail] = useState(() => (location.state as { email?: string } | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const wait = useRetryWait();

  // Already signed in: straight on (sales managers to their dealers, others to the dashboard).
  const alreadyIn = !!user && !submitting;
  useEffect(() => {
    if (alreadyIn && user && !from) window.location.replace(homeOf(user));
  }, [alreadyIn, user, from]);
  useEffect(() => {
    if (alreadyIn && from && /^\/dashboard(\/|$)/.test(from)) window.location.replace(from);
  }, [alreadyIn, from]);
  if (alreadyIn) return from && !/^\/dashboard(\/|$)/.test(from) ? <Navigate to={from} replace /> : null;

  const submit = async (values: { email: string; password: string }) => {
    if (wait.waiting) return;
    const missing: Record<string, string> = {};
    if (isBlank(values.email)) missing.email = t('register.emailRequired');
    if (values.password === '') missing.password = t('register.passwordRequired');
    const parsed = fieldIssues(loginBody, { ...values, remember_me: remember });
    const found = {
      ...(parsed.ok
        ? {}
        : Object.fromEntries(Object.entries(parsed.errors).map(([k, code]) => [k, t(`common:validation.${code}`)]))),
      ...missing,
    };
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    setFailure(null);
    wait.clear();
    try {
      const signedIn = await login(values.email, values.password, remember);
      toast.success(t('login.success'));
      goTo(from ?? homeOf(signedIn), navigate);
    } catch (error) {
      setSubmitting(false);
      // Too many attempts: the seconds to wait are counted down, and the button comes back at zero.
      if (wait.start(error)) return;
      const text = loginErrorText(error, t);
      setFailure(text);
      toast.error(text);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ email, password });
  };

  return (
    <AuthForm title={t('login.title')} subtitle={t('login.subtitle')} onSubmit={onSubmit}>
      {failure && <Alert severity="error">{failure}</Alert>}
      <RetryWaitNotice wait={wait} />
      <EmailField value={email} onValue={setEmail} disabled={submitting} error={errors.email} />
      <AuthField
        secret
        label={t('login.password')}
        name="password"
        autoComplete="current-password"
        value={password}
        onValue={setPassword}
        disabled={submitting}
        error={errors.password}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Checkbox checked={remember} onChange={(e) => setRemember(e.target.checked)} disabled={submitting} />
          }
          label={t('login.remember')}
        />
        <Link component={RouterLink} to="/forgot-password" sx={{ py: 1 }}>
          {t('login.forgot')}
        </Link>
      </Box>
      <Button type="submit" variant="contained" size="large" disabled={submitting || wait.waiting} fullWidth>
        {submitting ? t('login.submitting') : t('login.submit')}
      </Button>
      <Divider />
      <Button
        variant="outlined"
        disabled={submitting || wait.waiting}
        onClick={() => {
          setEmail(DEMO_EMAIL);
          setPassword(DEMO_PASSWORD);
          void submit({ email: DEMO_EMAIL, password: DEMO_PASSWORD });
        }}
      >
        {t('login.demo')}
      </Button>
      <Typography sx={{ textAlign: 'center' }}>
        {t('login.noAccount')}{' '}
        <Link component={RouterLink} to="/register" state={{ ...(location.state as object | null), from }}>
          {t('login.register')}
        </Link>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('login.claim')}
      </Typography>
    </AuthForm>
  );
}
