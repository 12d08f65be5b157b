import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Alert, Button, Card, CardContent, CardHeader, Chip, CircularProgress, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useDataProvider, useLocaleState } from 'react-admin';
import type { Payment } from '@esim/contracts';
import { formatEuro } from '../format';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';
import { FIGURES_KEY } from '../providers/figures';

/** Amounts a traveller usually tops up, one tap each. */
export const CARD_PRESETS = [10, 20, 50, 100] as const;
/** The page the card provider sends the buyer back to (with ?payment=<id>). */
const RETURN_PATH = '/dashboard/balance';
const POLL_MS = 1500;
const POLLS = 40;

// This card's own texts (kept beside it: the shared catalogue files are being reworked in parallel).
const TEXTS = {
  tr: {
    title: 'Kartla Yükle',
    hint: 'Tutarı seçin ya da yazın; güvenli ödeme sayfasında kartınızla ödeyin, bakiyeniz hemen yüklenir.',
    amount: 'Tutar',
    invalid: 'En az 0,01 €, en fazla iki ondalık',
    pay: '{{amount}} kartla öde',
    redirecting: 'Ödeme sayfasına yönlendiriliyorsunuz...',
    checking: 'Kart ödemeniz kontrol ediliyor...',
    paid: 'Kartla yükleme tamamlandı: {{amount}} bakiyenize eklendi.',
    pending: 'Ödemenin sonucu henüz gelmedi. Birazdan sayfayı yenileyin; ödeme onaylanırsa tutar bakiyenize eklenir.',
    failed: 'Kart ödemesi tamamlanmadı',
  },
  en: {
    title: 'Top up by card',
    hint: 'Pick or type an amount, pay with your card on the secure payment page, and your balance is topped up at once.',
    amount: 'Amount',
    invalid: 'At least €0.01, at most two decimals',
    pay: 'Pay {{amount}} by card',
    redirecting: 'Taking you to the payment page...',
    checking: 'Checking your card payment...',
    paid: 'Card top-up complete: {{amount}} was added to your balance.',
    pending:
      'The payment result has not arrived yet. Refresh the page in a moment; once the payment is approved, the amount is added to your balance.',
    failed: 'The card payment did not go through',
  },
} as const;
type TextKey = keyof (typeof TEXTS)['tr'];

function useTexts() {
  const [locale] = useLocaleState();
  const texts = TEXTS[locale === 'en' ? 'en' : 'tr'];
  return (key: TextKey, params: Record<string, string> = {}) =>
    texts[key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}

type Outcome =
  { kind: 'checking' } | { kind: 'paid'; amount: number } | { kind: 'failed'; message: string } | { kind: 'pending' };

/** Back from the card page (?payment=<id>): the payment's result, asked until it is known. */
function usePaymentOutcome(): Outcome | null {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const t = useTexts();
  const [paymentId] = useState(() => new URLSearchParams(window.location.search).get('payment'));
  const [outcome, setOutcome] = useState<Outcome | null>(paymentId ? { kind: 'checking' } : null);
  useEffect(() => {
    if (!paymentId) return;
    let live = true;
    void (async () => {
      for (let poll = 0; poll < POLLS && live; poll++) {
        const payment = await dataProvider
          .read<Payment>(`user/payments/${encodeURIComponent(paymentId)}`)
          .catch(() => null);
        if (!live) return;
        if (payment && payment.status !== 'pending') {
          setOutcome(
            payment.status === 'paid'
              ? { kind: 'paid', amount: payment.amount }
              : { kind: 'failed', message: payment.failure_message ?? t('failed') },
          );
          await queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
          await queryClient.invalidateQueries({ queryKey: ['top-ups'] });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      if (live) setOutcome({ kind: 'pending' });
    })();
    return () => {
      live = false;
    };
  }, [paymentId, dataProvider, queryClient, t]);
  return outcome;
}

/** Top-up by card beside the bank transfer: presets, the provider's hosted page, and the result on the way back. */
export function CardTopUp() {
  const t = useTexts();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const outcome = usePaymentOutcome();
  const [amount, setAmount] = useState('20');
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per intended payment: a retried click does not start a second one.
  const [key] = useState(() => crypto.randomUUID());
  const value = Number(amount.replace(',', '.'));
  const valid = /^\d+([.,]\d{1,2})?$/.test(amount.trim()) && value >= 0.01;

  const pay = async () => {
    setStarting(true);
    setError(null);
    try {
      const { data } = await dataProvider.send<Payment>(
        'POST',
        'user/payments/card',
        { amount: value, return_path: RETURN_PATH },
        { idempotencyKey: `${key}-${Math.round(value * 100)}` },
      );
      if (!data.page_url) throw new Error(t('failed'));
      window.location.assign(data.page_url);
    } catch (failure) {
      const { message, fields } = serviceErrorOf(failure);
      setError(fields.amount ?? (message || t('failed')));
      setStarting(false);
    }
  };

  return (
    <Card>
      <CardHeader
        avatar={<CreditCardIcon color="primary" />}
        title={t('title')}
        subheader={t('hint')}
        titleTypographyProps={{ variant: 'h6' }}
      />
      <CardContent>
        {outcome && (
          <Alert
            severity={
              outcome.kind === 'paid'
                ? 'success'
                : outcome.kind === 'failed'
                  ? 'error'
                  : outcome.kind === 'pending'
                    ? 'warning'
                    : 'info'
            }
            icon={outcome.kind === 'checking' ? <CircularProgress size={18} /> : undefined}
            sx={{ mb: 2 }}
            role="status"
          >
            {outcome.kind === 'paid'
              ? t('paid', { amount: formatEuro(outcome.amount) })
              : outcome.kind === 'failed'
                ? outcome.message
                : t(outcome.kind)}
          </Alert>
        )}
        <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
          {CARD_PRESETS.map((preset) => (
            <Chip
              key={preset}
              label={formatEuro(preset)}
              color={value === preset ? 'primary' : 'default'}
              onClick={() => setAmount(String(preset))}
              clickable
            />
          ))}
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
          <TextField
            label={t('amount')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            inputMode="decimal"
            error={!!error || !valid}
            helperText={error ?? (valid ? ' ' : t('invalid'))}
            slotProps={{
              input: { endAdornment: <span>€</span> },
              htmlInput: { 'aria-label': t('amount'), name: 'card-amount' },
            }}
            sx={{ minWidth: 200 }}
          />
          <Button
            variant="contained"
            size="large"
            startIcon={<CreditCardIcon />}
            disabled={!valid || starting}
            onClick={pay}
            sx={{ height: 56 }}
          >
            {starting ? t('redirecting') : t('pay', { amount: valid ? formatEuro(value) : '' })}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
