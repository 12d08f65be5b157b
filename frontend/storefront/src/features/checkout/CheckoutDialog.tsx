import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { api, ApiError } from '../../api/client';
import { CoverageToggle, PlanFacts } from '../catalog/PlanFacts';
import type { BuyerPackage, PublicPackage } from '../catalog/types';
import { formatEuro } from '@esim/frontend-shared/format';
import type { Payment, SellerView } from '@esim/contracts';
import {
  clearPendingCardCheckout,
  expiredUnconfirmed,
  missingCents,
  savePendingCardCheckout,
  type PendingCardCheckout,
} from './cardCheckout';
import { DistanceSaleConsent } from './DistanceSaleConsent';
import { CheckoutTopUpOffer } from '../top-up/CheckoutTopUpOffer';
import { MAX_QUANTITY, newIdempotencyKey } from './checkout';
import { balanceSpend, paymentSplit, SpendRows, SummaryRow, usePurchaseDocuments } from './PurchaseSummary';
import type { EsimOrder, EsimOrderSummary, UserBalance } from './types';

/** How often, and how many times, the confirmation asks for a card payment's result on the way back. */
const PAYMENT_POLL_MS = 1500;
const PAYMENT_POLLS = 40;
/** A payment in the provider's fraud check is decided in minutes: asked less often, for longer (10 minutes). */
const REVIEW_POLL_MS = 5000;
const REVIEW_POLLS = 120;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What went wrong, and how badly: a refused start the buyer may retry later is a warning. */
interface Failure {
  text: string;
  severity: 'error' | 'warning';
}

type CardStep = 'redirecting' | 'checking' | 'review' | 'reviewWaiting' | 'buying' | 'pending';

/** Why a card payment did not pay for the order, in the service's words where it has them. */
function cardFailure(payment: Payment, t: TFunction<'shop'>): Failure {
  // The provider may still charge it: never "nothing was charged", only where the money would go.
  if (expiredUnconfirmed(payment))
    return { text: payment.failure_message ?? t('checkout.cardExpiredUnconfirmed'), severity: 'warning' };
  if (payment.status === 'expired')
    return { text: payment.failure_message ?? t('checkout.cardExpired'), severity: 'error' };
  if (payment.status === 'refunded') return { text: t('checkout.cardRefunded'), severity: 'error' };
  return { text: payment.failure_message ?? t('checkout.cardFailed'), severity: 'error' };
}

interface Loaded {
  price: number;
  balance: UserBalance;
  seller: SellerView;
  active: EsimOrder | undefined;
}

/**
 * Buy-now confirmation: the caller's own price, quantity, current balance and balance
 * after; a warning when an active eSIM already covers the country; one idempotency key per
 * confirmation, so a double click or a retry never buys twice.
 */
export function CheckoutDialog({
  pkg,
  countryCode,
  countrySlug,
  onClose,
  resume,
}: {
  pkg: PublicPackage;
  countryCode: string;
  countrySlug: string;
  onClose(): void;
  /** Back from the card page: the payment to wait for, and the purchase to place once it is paid. */
  resume?: PendingCardCheckout;
}) {
  const { t } = useTranslation('shop');
  const navigate = useNavigate();
  // Back from the card page the documents were accepted already (a decline keeps the tick, the purchase is the same).
  const [accepted, setAccepted] = useState(() => !!resume?.agreement);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(String(resume?.quantity ?? 1));
  const [buying, setBuying] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [card, setCard] = useState<CardStep | null>(resume ? 'checking' : null);
  // Where the card payment stands or what went wrong is the news: it heads the dialog, brought into view when it changes.
  const news = useRef<HTMLDivElement>(null);
  const shown = !!loaded;
  useEffect(() => {
    if (card || failure) news.current?.scrollIntoView?.({ block: 'nearest' });
  }, [card, failure, shown]);
  // The key the purchase goes with; after a card payment, the one this confirmation was first opened with.
  const idempotencyKey = useMemo(() => resume?.orderKey ?? newIdempotencyKey(), [pkg.id, resume?.orderKey]);

  useEffect(() => {
    let live = true;
    Promise.all([
      // A country's packages fit one page of the paged price list (at most 100 a page).
      api.get<BuyerPackage[]>(`/user/packages?country=${encodeURIComponent(countrySlug)}&limit=100`),
      api.get<UserBalance>('/user/balance'),
      // Who sells, as the documents the buyer accepts name it.
      api.get<SellerView>('/public/seller'),
      // The buyer's completed orders for this country: an active eSIM among them is worth a word before buying another.
      api
        .get<EsimOrderSummary[]>(`/user/esim/orders?country=${encodeURIComponent(countryCode)}&status=completed`)
        .then((orders) => (orders[0] ? api.get<EsimOrder>(`/user/esim/orders/${orders[0].id}`) : undefined))
        .catch(() => undefined),
    ]).then(
      ([packages, balance, seller, order]) => {
        if (!live) return;
        const mine = packages.find((p) => p.id === pkg.id);
        setLoaded({
          price: mine?.price ?? pkg.price,
          balance,
          seller,
          active: order?.esims.some((e) => e.status === 'active') ? order : undefined,
        });
      },
      (error: unknown) => live && setLoadError(error instanceof ApiError ? error.message : t('common:errors.generic')),
    );
    return () => {
      live = false;
    };
  }, [pkg.id, pkg.price, countryCode, countrySlug, t]);

  const count = Number(quantity);
  const quantityValid = Number.isInteger(count) && count >= 1 && count <= MAX_QUANTITY;
  // A dealer with a credit limit may buy beyond its balance: what is left of the limit counts as money to spend.
  const spend = loaded && quantityValid ? balanceSpend(loaded.balance, loaded.price, count) : null;
  const totals = spend?.totals;
  const activeEsim = loaded?.active?.esims.find((e) => e.status === 'active');
  const byCardCents = spend && !spend.totals.sufficient ? missingCents(spend.totals.total, spend.spendable) : 0;
  // What the buyer accepts before paying (from the balance, by card or both), filled in with this very
  // purchase's facts, as the server fills in the copy it keeps with the order.
  const { documents, agreement } = usePurchaseDocuments(
    loaded?.seller,
    spend && loaded
      ? {
          item: {
            name: pkg.name,
            code: pkg.code,
            dataMb: pkg.data_mb,
            validityDays: pkg.duration,
            quantity: count,
            unitCents: Math.round(loaded.price * 100),
          },
          fromBalanceCents: Math.round(spend.totals.total * 100) - byCardCents,
          fromCreditCents: spend.fromCreditCents,
          byCardCents,
        }
      : null,
  );

  // The version of the documents accepted goes with the order (the server keeps its own text of them
  // and mails it with the receipt); after a card payment, the version accepted before paying.
  const placeOrder = async (units: number, accepted: PendingCardCheckout['agreement'], cardPaymentId?: string) => {
    setBuying(true);
    setFailure(null);
    try {
      const answer = await api.post<EsimOrder>(
        '/user/packages/buy',
        {
          package_id: pkg.id,
          quantity: units,
          ...(accepted ? { agreement: accepted } : {}),
          ...(cardPaymentId ? { card_payment_id: cardPaymentId } : {}),
        },
        { 'Idempotency-Key': idempotencyKey },
      );
      clearPendingCardCheckout();
      // 202: the supplier is still preparing the eSIM; its order page waits for it.
      const preparing = answer.data.status === 'pending' || answer.data.status === 'processing';
      if (preparing) toast(t('checkout.preparing'));
      else toast.success(t('checkout.success'));
      navigate(`/order/${answer.data.id}`);
    } catch (error) {
      const text = error instanceof ApiError ? error.fullMessage || t('checkout.failed') : t('checkout.failed');
      setFailure({ text, severity: 'error' });
      toast.error(text);
      setBuying(false);
      setCard(null);
    }
  };

  const buy = async () => {
    if (!totals?.sufficient || !agreement || !accepted) return;
    await placeOrder(count, agreement);
  };

  // Tops up what the balance lacks by card: the provider's page, then back here (see cardCheckout.ts).
  const payRestByCard = async () => {
    if (!totals || totals.sufficient || !loaded || !agreement || !accepted) return;
    setCard('redirecting');
    setFailure(null);
    try {
      const answer = await api.post<Payment>(
        '/user/payments/card',
        {
          amount: byCardCents / 100,
          return_path: window.location.pathname,
          agreement,
        },
        { 'Idempotency-Key': newIdempotencyKey() },
      );
      if (!answer.data.page_url) throw new Error('no payment page');
      // Only the version: what the buyer read is filled in again by the server from the order.
      savePendingCardCheckout({
        paymentId: answer.data.id,
        packageId: pkg.id,
        quantity: count,
        orderKey: idempotencyKey,
        agreement,
      });
      window.location.assign(answer.data.page_url);
    } catch (error) {
      // The service's own words: too many card payments still open (429, try again later), or an
      // amount over the card limits (once or today), which names the limit.
      setFailure({
        text: error instanceof ApiError ? error.fullMessage || t('checkout.cardFailed') : t('checkout.cardFailed'),
        severity: error instanceof ApiError && error.status === 429 ? 'warning' : 'error',
      });
      setCard(null);
    }
  };

  // Back from the card page: wait for the payment's result, then buy with the confirmation's own key.
  // A payment in the provider's fraud check was charged: said plainly, and asked for a while longer.
  useEffect(() => {
    if (!resume) return;
    let live = true;
    void (async () => {
      let polls = 0;
      let reviewPolls = 0;
      while (live) {
        const payment = await api.get<Payment>(`/user/payments/${resume.paymentId}`).catch(() => null);
        if (!live) return;
        if (payment?.status === 'paid') {
          setCard('buying');
          await placeOrder(resume.quantity, resume.agreement, resume.paymentId);
          return;
        }
        if (payment?.status === 'review') {
          if (++reviewPolls >= REVIEW_POLLS) return setCard('reviewWaiting');
          setCard('review');
          await wait(REVIEW_POLL_MS);
          continue;
        }
        if (payment && payment.status !== 'pending') {
          clearPendingCardCheckout();
          setFailure(cardFailure(payment, t));
          setCard(null);
          return;
        }
        if (++polls >= PAYMENT_POLLS) return setCard('pending');
        await wait(PAYMENT_POLL_MS);
      }
    })();
    return () => {
      live = false;
    };
    // Runs once per return; placeOrder reads the key and package fixed for this confirmation.
  }, [resume?.paymentId]);

  const short = !!totals && !totals.sufficient;
  const split = spend ? paymentSplit(spend, byCardCents) : null;
  // The whole amount by card when nothing of it comes from the balance or a credit, else "the rest".
  const cardLabel =
    split && split.balance === 0 && split.credit === 0
      ? t('checkout.payByCard', { amount: formatEuro(split.card) })
      : t('checkout.payRestByCard', { amount: formatEuro(byCardCents / 100) });

  return (
    <Dialog
      open
      onClose={buying ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="checkout-title"
      // Reopened on the way back from the card page with no click before it, the focused dialog itself would wear the keyboard focus ring.
      sx={{
        '& .MuiDialog-container:focus-visible, & .MuiDialog-paper:focus-visible': { outline: 'none' },
        // A phone's width goes to the figures and the footer rather than to the margins.
        '& .MuiDialog-paper': { mx: { xs: 2, sm: 4 }, width: { xs: 'calc(100% - 32px)', sm: 'calc(100% - 64px)' } },
        '& .MuiDialogTitle-root, & .MuiDialogContent-root': { px: { xs: 2, sm: 3 } },
      }}
    >
      <DialogTitle id="checkout-title">{t('checkout.title')}</DialogTitle>
      <DialogContent dividers>
        <Box ref={news} sx={{ '&:not(:empty)': { mb: 2 } }}>
          {failure && (
            <Alert severity={failure.severity} data-testid="checkout-failure">
              {failure.text}
            </Alert>
          )}
          {card && (
            <Alert
              severity={card === 'pending' || card === 'reviewWaiting' ? 'warning' : 'info'}
              icon={card === 'pending' || card === 'reviewWaiting' ? undefined : <CircularProgress size={18} />}
              role="status"
              data-testid="card-step"
            >
              {t(
                {
                  redirecting: 'checkout.cardRedirecting',
                  checking: 'checkout.cardChecking',
                  review: 'checkout.cardReview',
                  reviewWaiting: 'checkout.cardReviewWaiting',
                  buying: 'checkout.cardPaidBuying',
                  pending: 'checkout.cardStillPending',
                }[card],
              )}
            </Alert>
          )}
        </Box>
        {!loaded && !loadError && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
            <CircularProgress size={24} />
            <Typography>{t('checkout.loading')}</Typography>
          </Box>
        )}
        {loadError && <Alert severity="error">{loadError}</Alert>}
        {loaded && (
          <>
            <Typography sx={{ fontWeight: 700, mb: 1 }}>{pkg.name}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('common:format.days', { count: pkg.duration })} · {pkg.data}
            </Typography>
            <Box sx={{ mb: 2 }}>
              <PlanFacts pkg={pkg} countryCode={countryCode} />
              {pkg.coverage.length > 1 && <CoverageToggle coverage={pkg.coverage} />}
            </Box>
            {activeEsim && loaded.active && (
              <CheckoutTopUpOffer order={loaded.active} esim={activeEsim} packageId={pkg.id} />
            )}
            <SummaryRow label={t('checkout.unitPrice')} value={formatEuro(loaded.price)} />
            <TextField
              label={t('checkout.quantity')}
              type="number"
              value={quantity}
              onChange={(e) => setQuantity(e.target.value)}
              error={!quantityValid}
              helperText={quantityValid ? undefined : t('checkout.quantityInvalid')}
              slotProps={{ htmlInput: { min: 1, max: MAX_QUANTITY, inputMode: 'numeric' } }}
              size="small"
              sx={{ my: 1.5, width: 140 }}
              disabled={buying}
            />
            <Divider sx={{ my: 1 }} />
            {spend && totals && (
              <SpendRows
                spend={spend}
                byCardCents={byCardCents}
                labels={{ total: t('checkout.total'), balance: t('checkout.balance'), after: t('checkout.after') }}
              />
            )}
            {short && (
              <Alert severity="info" sx={{ mt: 2 }}>
                {t('checkout.insufficient')} {t('checkout.cardNote')}
                {/* Below the words, not beside them: on a phone a side button leaves the text a narrow column. */}
                <Box>
                  <Button color="inherit" size="small" href="/dashboard/balance" sx={{ mt: 0.5, ml: -0.5 }}>
                    {t('checkout.addBalance')}
                  </Button>
                </Box>
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      {/* The consent and the one action that will work stay in view below the scrolling figures, on a phone too. */}
      <DialogActions
        disableSpacing
        sx={{ flexDirection: 'column', alignItems: 'stretch', gap: 1, px: { xs: 2, sm: 3 }, py: 1.5 }}
      >
        {documents && (
          <DistanceSaleConsent
            documents={documents}
            accepted={accepted}
            onChange={setAccepted}
            disabled={buying || !!card}
            compact
            sx={{ mt: 0 }}
          />
        )}
        {split && totals && (
          <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="checkout-split">
            {[
              split.card > 0 ? t('checkout.split.card', { amount: formatEuro(split.card) }) : null,
              t('checkout.split.balance', { amount: formatEuro(split.balance) }),
              split.credit > 0 ? t('checkout.split.credit', { amount: formatEuro(split.credit) }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', alignItems: 'center' }}>
          <Button onClick={onClose} disabled={buying}>
            {t('common:actions.cancel')}
          </Button>
          {short ? (
            <Button
              variant="contained"
              onClick={payRestByCard}
              disabled={buying || !!card || !accepted}
              sx={{ flex: { xs: '1 1 auto', sm: '0 1 auto' } }}
            >
              {cardLabel}
            </Button>
          ) : (
            <Button variant="contained" onClick={buy} disabled={!totals?.sufficient || !accepted || buying}>
              {buying ? t('checkout.buying') : t('checkout.confirm')}
            </Button>
          )}
        </Box>
      </DialogActions>
    </Dialog>
  );
}
