import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { checkBalance, statusColor, validateBalanceNumber, type BalanceResult, type SimType } from './balanceCheck';
import { formatMegabytes } from '@esim/frontend-shared/format';
import { formatDate } from '../../lib/format';
import { BalanceBundles } from '../top-up/BalanceBundles';
import { PageHeader } from '../../ui/PageHeader';
import { Seo } from '../../layout/Seo';
import { RetryWaitNotice, useRetryWait } from '../../lib/retryWait';

function RemainingRing({ result }: { result: BalanceResult }) {
  const { t, i18n } = useTranslation('balance');
  const percent = result.totalData > 0 ? Math.round((result.remainingData / result.totalData) * 100) : 0;
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex', width: 160, height: 160 }}>
      <CircularProgress
        variant="determinate"
        value={100}
        size={160}
        thickness={4}
        sx={{ color: 'action.hover', position: 'absolute' }}
        aria-hidden
      />
      <CircularProgress
        variant="determinate"
        value={percent}
        size={160}
        thickness={4}
        color={statusColor(result.status) === 'error' ? 'error' : 'primary'}
        aria-label={t('remaining')}
      />
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Typography sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
          {formatMegabytes(result.remainingData, i18n.resolvedLanguage)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('remaining')} · %{percent}
        </Typography>
      </Box>
    </Box>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600 }}>{value || '—'}</Typography>
    </Grid>
  );
}

export function BalanceResultCard({ result }: { result: BalanceResult }) {
  const { t, i18n } = useTranslation('balance');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }} aria-live="polite">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'center' }}>
        <RemainingRing result={result} />
        <Box sx={{ flex: '1 1 260px' }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h2" sx={{ fontSize: '1.25rem', textWrap: 'balance' }}>
              {result.packageName}
            </Typography>
            <Chip
              label={t(`status.${result.status}`)}
              color={statusColor(result.status)}
              size="small"
              data-testid="status-badge"
            />
            {result.demo && <Chip label={t('demoBadge')} variant="outlined" size="small" />}
          </Box>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {t('used', {
              used: formatMegabytes(result.usedData, i18n.resolvedLanguage),
              total: formatMegabytes(result.totalData, i18n.resolvedLanguage),
            })}
          </Typography>
          <Grid container spacing={2} sx={{ mt: 1 }}>
            <Detail label={t('orderNumber')} value={result.orderNumber} />
            <Detail label={t('country')} value={result.country} />
            <Detail label={t('operator')} value={result.operator} />
            <Detail label={t('activation')} value={formatDate(result.activationDate, i18n.resolvedLanguage ?? 'tr')} />
            <Detail label={t('expiry')} value={formatDate(result.expiryDate, i18n.resolvedLanguage ?? 'tr')} />
          </Grid>
          {result.bundles && result.bundles.length > 1 && <BalanceBundles bundles={result.bundles} />}
        </Box>
      </Box>
    </Paper>
  );
}

export default function BalancePage() {
  const { t } = useTranslation('balance');
  const [type, setType] = useState<SimType>('esim');
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [result, setResult] = useState<BalanceResult | null>(null);
  const wait = useRetryWait();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (wait.waiting) return;
    const checked = validateBalanceNumber(type, number);
    if (checked.error) return setError(t(checked.error));
    setError(null);
    setLoading(true);
    wait.clear();
    const outcome = await checkBalance(type, checked.value);
    setLoading(false);
    // A failed query must not leave the previous number's result on screen as if it were this one's.
    setResult(outcome.kind === 'ok' ? outcome.result : null);
    if (outcome.kind === 'ok') {
      toast.success(outcome.result.demo ? t('demoLoaded') : t('success'));
    } else if (outcome.kind === 'notFound') {
      setError(t('notFound'));
      toast.error(t('notFound'));
    } else if (!wait.start(outcome.error)) {
      // A rate limit is counted down below the form instead (the button comes back at zero).
      const text = outcome.message || t('failed');
      setError(text);
      toast.error(text);
    }
  };

  return (
    <>
      <Seo title={t('seo.title')} description={t('seo.description')} />
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Container maxWidth="md" sx={{ mt: 4 }}>
        <Paper variant="outlined" component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography id="sim-type" sx={{ fontWeight: 600, mb: 1 }}>
            {t('simType')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            color="primary"
            value={type}
            onChange={(_, v) => v && setType(v)}
            aria-labelledby="sim-type"
            sx={{ mb: 2 }}
          >
            <ToggleButton value="esim">{t('esim')}</ToggleButton>
            <ToggleButton value="physical">{t('physical')}</ToggleButton>
          </ToggleButtonGroup>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
            <TextField
              label={type === 'esim' ? t('esimLabel') : t('physicalLabel')}
              placeholder={type === 'esim' ? t('esimPlaceholder') : t('physicalPlaceholder')}
              value={number}
              onChange={(e) => setNumber(e.target.value.toUpperCase())}
              error={!!error}
              helperText={error ?? ' '}
              disabled={loading}
              autoComplete="off"
              slotProps={{
                htmlInput: {
                  inputMode: type === 'physical' ? 'numeric' : 'text',
                  style: { textTransform: 'uppercase' },
                },
              }}
              sx={{ flex: '1 1 240px' }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={loading || number.trim() === '' || wait.waiting}
              sx={{ height: 56, minWidth: 140 }}
            >
              {loading ? t('querying') : t('query')}
            </Button>
          </Box>
        </Paper>
        {wait.until !== null && (
          <Box sx={{ mt: 2 }}>
            <RetryWaitNotice wait={wait} />
          </Box>
        )}
        {result && <BalanceResultCard result={result} />}
        {!result && !error && !loading && !wait.until && (
          <Alert severity="info" sx={{ mt: 3 }} variant="outlined">
            {t('subtitle')}
          </Alert>
        )}
      </Container>
    </>
  );
}
