import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Grid,
  MenuItem,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Title, useDataProvider, useLocaleState, useNotify, useTheme, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';
import { localSessionStore, sessionFromLogin } from '@esim/frontend-shared/session';

function ProfileCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { data } = useQuery({
    queryKey: ['me'],
    queryFn: () => dataProvider.read<{ full_name: string; email: string; phone: string | null }>('me'),
  });
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) {
      setFullName(data.full_name);
      setPhone(data.phone ?? '');
    }
  }, [data]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const { data: user, message } = await dataProvider.send<{ full_name: string }>('PUT', 'me', {
        full_name: fullName,
        phone: phone.trim() === '' ? null : phone,
      });
      const session = localSessionStore();
      const current = session.read();
      if (current) session.write({ ...current, user: { ...current.user, full_name: user.full_name } });
      notify(message || 'app.settings.saved', { type: 'success' });
    } catch (error) {
      const { message, fields } = serviceErrorOf(error);
      setErrors(fields);
      if (!fields.full_name && !fields.phone) notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="form" onSubmit={save}>
      <CardHeader title={translate('app.settings.profile')} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent>
        <Stack spacing={2}>
          <TextField label={translate('app.settings.email')} value={data?.email ?? ''} disabled />
          <TextField
            label={translate('app.settings.full_name')}
            name="full_name"
            value={fullName}
            onChange={(e) => setFullName(e.target.value)}
            error={!!errors.full_name}
            helperText={errors.full_name ?? ' '}
            required
          />
          <TextField
            label={translate('app.settings.phone')}
            name="phone"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            error={!!errors.phone}
            helperText={errors.phone ?? ' '}
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {translate('ra.action.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function PasswordCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (next !== again) {
      setErrors({ confirm: translate('app.settings.password_mismatch') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const { data, message } = await dataProvider.send<{ token: string } & Parameters<typeof sessionFromLogin>[0]>(
        'PUT',
        'me/password',
        { current_password: current, new_password: next },
      );
      // The change ends every other session and this one's old token: keep the new one.
      localSessionStore().write(sessionFromLogin(data));
      setCurrent('');
      setNext('');
      setAgain('');
      notify(message || 'app.settings.password_changed', { type: 'success' });
    } catch (error) {
      const { message, fields } = serviceErrorOf(error);
      setErrors(fields);
      if (!fields.current_password && !fields.new_password) notify(message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="form" onSubmit={save}>
      <CardHeader title={translate('app.settings.password')} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent>
        <Stack spacing={2}>
          <TextField
            type="password"
            autoComplete="current-password"
            name="current_password"
            label={translate('app.settings.current_password')}
            value={current}
            onChange={(e) => setCurrent(e.target.value)}
            error={!!errors.current_password}
            helperText={errors.current_password ?? ' '}
            required
          />
          <TextField
            type="password"
            autoComplete="new-password"
            name="new_password"
            label={translate('app.settings.new_password')}
            value={next}
            onChange={(e) => setNext(e.target.value)}
            error={!!errors.new_password}
            helperText={errors.new_password ?? ' '}
            required
          />
          <TextField
            type="password"
            autoComplete="new-password"
            name="confirm_password"
            label={translate('app.settings.confirm_password')}
            value={again}
            onChange={(e) => setAgain(e.target.value)}
            error={!!errors.confirm}
            helperText={errors.confirm ?? ' '}
            required
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={busy}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {translate('app.settings.change_password')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

function PreferencesCard() {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const [theme, setTheme] = useTheme();
  return (
    <Card>
      <CardHeader title={translate('app.settings.preferences')} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent>
        <Stack spacing={2}>
          <TextField
            select
            label={translate('app.settings.language')}
            value={locale}
            onChange={(e) => setLocale(e.target.value)}
          >
            <MenuItem value="tr">Türkçe</MenuItem>
            <MenuItem value="en">English</MenuItem>
          </TextField>
          <ToggleButtonGroup
            exclusive
            value={theme === 'dark' ? 'dark' : 'light'}
            onChange={(_, value) => value && setTheme(value)}
            aria-label={translate('app.settings.theme')}
          >
            <ToggleButton value="light">{translate('app.settings.theme_light')}</ToggleButton>
            <ToggleButton value="dark">{translate('app.settings.theme_dark')}</ToggleButton>
          </ToggleButtonGroup>
        </Stack>
      </CardContent>
    </Card>
  );
}

export default function SettingsPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.menu.settings')} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ProfileCard />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Stack spacing={2}>
            <PasswordCard />
            <PreferencesCard />
          </Stack>
        </Grid>
      </Grid>
    </Box>
  );
}
