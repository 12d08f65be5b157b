import { useEffect, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import toast from 'react-hot-toast';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { registerBody } from '@esim/contracts';
import { api, ApiError } from '../api/client';
import { RetryWaitNotice, useRetryWait } from '../lib/retryWait';
import { fieldIssues, isBlank } from '../lib/validation';
import { AuthCard } from '../ui/AuthCard';
import { PasswordField } from '../ui/PasswordField';
import { Seo } from '../layout/Seo';
import { useTermsSections } from '../features/policy/useTermsSections';
import { homeOf, useAuth } from './AuthContext';
import { goTo, returnAddress } from './returnTo';

/** Only when signing the new account in fails: the sign-in form after this long (docs/product.md, the timings table). */
export const REGISTER_REDIRECT_MS = 1500;

export interface RegisterValues {
  full_name: string;
  email: string;
  password: string;
  confirm: string;
  terms: boolean;
}

type Translate = (key: string) => string;

/** The service's own schema, then the form's required fields, matching passwords and accepted terms: one message per field. */
export function validateRegister(values: RegisterValues, t: Translate): Record<string, string> {
  const errors: Record<string, string> = {};
  const parsed = fieldIssues(registerBody, values);
  if (!parsed.ok)
    for (const [field, code] of Object.entries(parsed.errors)) errors[field] = t(`common:validation.${code}`);
  if (isBlank(values.full_name)) errors.full_name = t('register.nameRequired');
  if (isBlank(values.email)) errors.email = t('register.emailRequired');
  if (values.password === '') errors.password = t('register.passwordRequired');
  if (values.password !== values.confirm) errors.confirm = t('register.mismatch');
  if (!values.terms) errors.terms = t('register.termsRequired');
  return errors;
}

export function registerErrorText(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.isNetwork) return t('common:errors.networkLong');
    if (error.code === 'user_already_exists') return t('register.exists');
    return error.message || t('register.failed');
  }
  return t('common:errors.generic');
}

export function TermsSections() {
  const sections = useTermsSections();
  return (
    <>
      {sections.map((section) => (
        <Box key={section.title} component="section" sx={{ mb: 2 }}>
          <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem' }}>
            {section.title}
          </Typography>
          <Typography sx={{ mt: 0.5 }}>{section.text}</Typography>
        </Box>
      ))}
    </>
  );
}

export default function RegisterPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const { login } = useAuth();
  // Where the visitor was going, e.g. the plan they chose to buy (the sign-in page passes it on).
  const from = returnAddress(location);
  const [values, setValues] = useState<RegisterValues>({
    full_name: '',
    email: '',
    password: '',
    confirm: '',
    terms: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const [toLogin, setToLogin] = useState(false);
  const [termsOpen, setTermsOpen] = useState(false);
  const wait = useRetryWait();

  useEffect(() => {
    if (!toLogin) return;
    // The new account's e-mail and the return address go along, so the sign-in form is filled in.
    const state = { ...(location.state as object | null), from, email: values.email.trim() };
    const timer = setTimeout(() => navigate('/login', { state }), REGISTER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [toLogin, navigate, location.state, from, values.email]);

  const set = (field: keyof RegisterValues) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: field === 'terms' ? e.target.checked : e.target.value }));

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (wait.waiting) return;
    const found = validateRegister(values, t);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    setFailure(null);
    wait.clear();
    try {
      await api.post('/register', { full_name: values.full_name, email: values.email, password: values.password });
    } catch (error) {
      // Too many sign-ups from here: the seconds to wait are counted down, and the button comes back at zero.
      if (wait.start(error)) {
        setSubmitting(false);
        return;
      }
      const text = registerErrorText(error, t);
      if (error instanceof ApiError)
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [k, v])));
      setFailure(text);
      toast.error(text);
      setSubmitting(false);
      return;
    }
    toast.success(t('register.success'));
    setDone(true);
    try {
      // Signed in by the ordinary sign-in with what was just typed, so its limits, session and cookie apply unchanged.
      const signedIn = await login(values.email, values.password, false);
      goTo(from ?? homeOf(signedIn), navigate);
    } catch {
      setToLogin(true);
    }
  };

  const busy = submitting || done;
  return (
    <>
      <Seo page={t('register.title')} description={t('register.subtitle')} />
      <AuthCard title={t('register.title')} subtitle={t('register.subtitle')}>
        <Box component="form" noValidate onSubmit={onSubmit}>
          <Stack spacing={2}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <RetryWaitNotice wait={wait} />
            {done && <Alert severity="success">{t('register.success')}</Alert>}
            <TextField
              label={t('register.fullName')}
              name="full_name"
              autoComplete="name"
              value={values.full_name}
              onChange={set('full_name')}
              disabled={busy}
              error={!!errors.full_name}
              helperText={errors.full_name}
              required
              fullWidth
            />
            <TextField
              label={t('register.email')}
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={set('email')}
              disabled={busy}
              error={!!errors.email}
              helperText={errors.email}
              required
              fullWidth
            />
            <PasswordField
              label={t('register.password')}
              name="password"
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              disabled={busy}
              error={!!errors.password}
              helperText={errors.password}
              required
              fullWidth
            />
            <PasswordField
              label={t('register.confirm')}
              name="confirm"
              autoComplete="new-password"
              value={values.confirm}
              onChange={set('confirm')}
              disabled={busy}
              error={!!errors.confirm}
              helperText={errors.confirm}
              required
              fullWidth
            />
            <Box>
              <FormControlLabel
                control={<Checkbox checked={values.terms} onChange={set('terms')} disabled={busy} />}
                label={
                  <>
                    {t('register.acceptPrefix')}
                    <Link
                      component="button"
                      type="button"
                      onClick={(e: React.MouseEvent) => {
                        e.preventDefault();
                        setTermsOpen(true);
                      }}
                      sx={{ verticalAlign: 'baseline' }}
                    >
                      {t('register.termsLink')}
                    </Link>
                    {t('register.acceptSuffix')}
                  </>
                }
              />
              {errors.terms && <FormHelperText error>{errors.terms}</FormHelperText>}
            </Box>
            <Button type="submit" variant="contained" size="large" disabled={busy || wait.waiting} fullWidth>
              {submitting ? t('register.submitting') : t('register.submit')}
            </Button>
            <Typography sx={{ textAlign: 'center' }}>
              {t('register.haveAccount')}{' '}
              <Link component={RouterLink} to="/login" state={location.state}>
                {t('register.login')}
              </Link>
            </Typography>
          </Stack>
        </Box>
      </AuthCard>
      <Dialog open={termsOpen} onClose={() => setTermsOpen(false)} scroll="paper" aria-labelledby="terms-title">
        <DialogTitle id="terms-title">{t('register.termsTitle')}</DialogTitle>
        <DialogContent dividers>
          <TermsSections />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTermsOpen(false)}>{t('common:actions.close')}</Button>
          <Button
            variant="contained"
            onClick={() => {
              setValues((v) => ({ ...v, terms: true }));
              setTermsOpen(false);
            }}
          >
            {t('register.accept')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
