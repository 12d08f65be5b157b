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
import { AuthField, AuthForm, EmailField, refusalText } from './AuthForm';

import { DEMO_EMAIL } from './demo';
export { DEMO_EMAIL };

/** Leaves the storefront for a back-office page (another app on the same origin). */
export function goTo(path: string, navigate: (to: string, opts?: { replace?: boolean }) => void): void {
  if (/^\/dashboard(\/|$)/.test(path)) window.location.assign(path);
  else navigate(path, { replace: true });
}

/** A same-site path to return to after sign-in, or undefined (`//host` and `https://...` are refused). */
export function safeRedirect(value: string | null): string | undefined {
  return value && /^\/(?!\/)/.test(value) && !value.includes('\\') ? value : undefined;
}

/** Spec section 8: the sign-in error texts by code. */
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
  // Where to go back to: the page that sent the visitor here (router state), or the back office's
  // `?redirect=` (only a path of this site, never another host).
  const from =
    (location.state as { from?: string } | null)?.from ??
    safeRedirect(new URLSearchParams(location.search).get('redirect'));
  // Just registered: the new account's e-mail comes along (router state).
  const [email, setEmail] = useState(() => (location.state as { email?: string } | null)?.email ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

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
    try {
      const signedIn = await login(values.email, values.password, remember);
      toast.success(t('login.success'));
      goTo(from ?? homeOf(signedIn), navigate);
    } catch (error) {
      const text = loginErrorText(error, t);
      setFailure(text);
      toast.error(text);
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ email, password });
  };

  return (
    <AuthForm title={t('login.title')} subtitle={t('login.subtitle')} onSubmit={onSubmit}>
      {failure && <Alert severity="error">{failure}</Alert>}
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
      <Button type="submit" variant="contained" size="large" disabled={submitting} fullWidth>
        {submitting ? t('login.submitting') : t('login.submit')}
      </Button>
      <Divider />
      <Button
        variant="outlined"
        disabled={submitting}
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
        <Link component={RouterLink} to="/register" state={location.state}>
          {t('login.register')}
        </Link>
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('login.claim')}
      </Typography>
    </AuthForm>
  );
}
