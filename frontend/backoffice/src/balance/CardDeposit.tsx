import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Alert, Button, Card, CardContent, CardHeader, Chip, CircularProgress, Stack, TextField } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
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
/** A payment in the provider's fraud check is decided in minutes: asked less often, for longer (10 minutes). */
const REVIEW_POLL_MS = 5000;
const REVIEW_POLLS = 120;

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
    review:
      'Kartınızdan çekilen ödeme, ödeme kuruluşunun güvenlik kontrolünde. Onaylanınca tutar bakiyenize otomatik eklenir.',
    reviewWaiting:
      'Ödemeniz hâlâ güvenlik kontrolünde. Onaylanınca tutar bakiyenize otomatik eklenir; onaylanmazsa kartınıza iade edilir. Durumunu aşağıdaki kart ödemelerinizde görebilirsiniz.',
    expiredUnconfirmed: 'Ödeme zamanında tamamlanmadı. Kartınızdan çekim yapıldıysa tutar bakiyenize otomatik eklenir.',
    expired: 'Ödeme zamanında tamamlanmadı.',
    refunded: 'Bu kart ödemesi kartınıza iade edildi.',
    failed: 'Kart ödemesi tamamlanmadı',
  },
  en: {
    title: 'Add funds by card',
    hint: 'Pick or type an amount, pay with your card on the secure payment page, and the money is added to your balance at once.',
    amount: 'Amount',
    invalid: 'At least €0.01, at most two decimals',
    pay: 'Pay {{amount}} by card',
    redirecting: 'Taking you to the payment page...',
    checking: 'Checking your card payment...',
    paid: 'Card deposit complete: {{amount}} was added to your balance.',
    pending:
      'The payment result has not arrived yet. Refresh the page in a moment; once the payment is approved, the amount is added to your balance.',
    review:
      'The payment taken from your card is in the payment provider’s security check. Once it is approved, the amount is added to your balance automatically.',
    reviewWaiting:
      'Your payment is still in the security check. Once it is approved, the amount is added to your balance automatically; if it is not, it goes back to your card. You can follow it in your card payments below.',
    expiredUnconfirmed:
      'The payment was not completed in time. If your card was charged, the amount is added to your balance automatically.',
    expired: 'The payment was not completed in time.',
    refunded: 'This card payment was refunded to your card.',
    failed: 'The card payment did not go through',
  },
} as const;
type TextKey = keyof (typeof TEXTS)['tr'];

// One function per language: the outcome's effect depends on it and must not restart on every render.
function useTexts() {
  const [locale] = useLocaleState();
  return useCallback(
    (key: TextKey, params: Record<string, string> = {}) =>
      TEXTS[locale === 'en' ? 'en' : 'tr'][key].replace(
        /\{\{(\w+)\}\}/g,
        (whole, name: string) => params[name] ?? whole,
      ),
    [locale],
  );
}

type Outcome =
  | { kind: 'checking' | 'review' | 'reviewWaiting' | 'pending' }
  | { kind: 'paid'; amount: number }
  | { kind: 'failed'; message: string; severity: 'error' | 'warning' };

/** Why a card payment did not credit the balance, in the service's words where it has them. */
function failureOf(payment: Payment, t: ReturnType<typeof useTexts>): Outcome {
  // The provider may still charge it: never "nothing was charged", only where the money would go.
  if (payment.status === 'expired' && payment.failure_code === 'payment_expired_unconfirmed')
    return { kind: 'failed', message: payment.failure_message ?? t('expiredUnconfirmed'), severity: 'warning' };
  if (payment.status === 'expired')
    return { kind: 'failed', message: payment.failure_message ?? t('expired'), severity: 'error' };
  if (payment.status === 'refunded') return { kind: 'failed', message: t('refunded'), severity: 'error' };
  return { kind: 'failed', message: payment.failure_message ?? t('failed'), severity: 'error' };
}

/**
 * Back from the card page (?payment=<id>): the payment's result, asked until it is known. One in the
 * provider's fraud check was charged: said plainly, and asked for a while longer.
 */
function usePaymentOutcome(): Outcome | null {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const t = useTexts();
  const [paymentId] = useState(() => new URLSearchParams(window.location.search).get('payment'));
  const [outcome, setOutcome] = useState<Outcome | null>(paymentId ? { kind: 'checking' } : null);
  useEffect(() => {
    if (!paymentId) return;
    let live = true;
    const settled = async (next: Outcome) => {
      setOutcome(next);
      await queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
      await queryClient.invalidateQueries({ queryKey: ['deposits'] });
      await queryClient.invalidateQueries({ queryKey: ['payments'] });
    };
    void (async () => {
      let polls = 0;
      let reviewPolls = 0;
      while (live) {
        const payment = await dataProvider
          .read<Payment>(`user/payments/${encodeURIComponent(paymentId)}`)
          .catch(() => null);
        if (!live) return;
        if (payment?.status === 'review') {
          if (++reviewPolls >= REVIEW_POLLS) return settled({ kind: 'reviewWaiting' });
          setOutcome({ kind: 'review' });
          await new Promise((resolve) => setTimeout(resolve, REVIEW_POLL_MS));
          continue;
        }
        if (payment && payment.status !== 'pending')
          return settled(payment.status === 'paid' ? { kind: 'paid', amount: payment.amount } : failureOf(payment, t));
        if (++polls >= POLLS) return setOutcome({ kind: 'pending' });
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    })();
    return () => {
      live = false;
    };
  }, [paymentId, dataProvider, queryClient, t]);
  return outcome;
}

/** Deposit by card beside the bank transfer: presets, the provider's hosted page, and the result on the way back. */
export function CardDeposit() {
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
                  ? outcome.severity
                  : outcome.kind === 'pending' || outcome.kind === 'reviewWaiting'
                    ? 'warning'
                    : 'info'
            }
            icon={outcome.kind === 'checking' || outcome.kind === 'review' ? <CircularProgress size={18} /> : undefined}
            sx={{ mb: 2 }}
            role="status"
            data-testid="card-outcome"
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
