import { useEffect, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import type { EsimTopUp, EsimTopUpOffer, SellerView } from '@esim/contracts';
import { api, ApiError } from '../../api/client';
import { newIdempotencyKey } from '../checkout/checkout';
import { DistanceSaleConsent } from '../checkout/DistanceSaleConsent';
import { balanceSpend, SpendRows, usePurchaseDocuments } from '../checkout/PurchaseSummary';
import type { UserBalance } from '../checkout/types';
import { formatEuro } from '@esim/frontend-shared/format';
import { dataText } from './format';

/**
 * The top-up confirmation: the packages of the eSIM's coverage at the buyer's price, the balance
 * before and after, and one idempotency key per dialog, so a double click or a retry tops up once.
 */
export function TopUpDialog({
  offer,
  initialPackageId,
  onClose,
  onDone,
}: {
  offer: EsimTopUpOffer;
  initialPackageId?: string;
  onClose(): void;
  onDone(topUp: EsimTopUp): void;
}) {
  const { t, i18n } = useTranslation('shop');
  const lng = i18n.resolvedLanguage;
  const packages = offer.packages;
  const [chosen, setChosen] = useState(
    () =>
      packages.find((p) => p.id === initialPackageId)?.id ??
      packages.find((p) => p.recommended)?.id ??
      packages[0]?.id ??
      '',
  );
  const [balance, setBalance] = useState<UserBalance | null>(null);
  const [seller, setSeller] = useState<SellerView | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [buying, setBuying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const idempotencyKey = useMemo(() => newIdempotencyKey(), [chosen]);

  useEffect(() => {
    let live = true;
    // The balance before and after, and who sells, as the documents the buyer accepts name it.
    Promise.all([api.get<UserBalance>('/user/balance'), api.get<SellerView>('/public/seller')]).then(
      ([answer, who]) => {
        if (!live) return;
        setBalance(answer);
        setSeller(who);
      },
      () => live && setBalance(null),
    );
    return () => {
      live = false;
    };
  }, []);

  const pkg = packages.find((p) => p.id === chosen);
  // A dealer with a credit limit may top up beyond its balance, as at the checkout.
  const spend = pkg && balance ? balanceSpend(balance, pkg.price, 1) : null;
  const totals = spend?.totals;
  // The pre-information form and the distance sales contract of this top-up, paid from the balance.
  const { documents, agreement } = usePurchaseDocuments(
    seller,
    pkg && spend
      ? {
          item: {
            name: pkg.name,
            code: pkg.code,
            dataMb: pkg.data_mb,
            validityDays: pkg.duration,
            quantity: 1,
            unitCents: pkg.price_cents,
            // What is bought: this package added to the eSIM already installed, named by its ICCID.
            topUpOf: offer.esim.iccid,
          },
          fromBalanceCents: pkg.price_cents,
          fromCreditCents: spend.fromCreditCents,
          byCardCents: 0,
        }
      : null,
  );
  const ready = !!totals?.sufficient && !!agreement && accepted;

  const confirm = async () => {
    if (!pkg || !ready || !agreement) return;
    setBuying(true);
    setFailure(null);
    try {
      const answer = await api.post<EsimTopUp>(
        `/user/esim/${encodeURIComponent(offer.esim.iccid)}/top-ups`,
        { package_id: pkg.id, agreement },
        { 'Idempotency-Key': idempotencyKey },
      );
      if (answer.data.status === 'completed')
        toast.success(t('topUp.success', { data: dataText(pkg.data_mb, lng, t('topUp.unlimitedData')) }));
      else toast(t('topUp.processing'));
      onDone(answer.data);
    } catch (error) {
      const text = error instanceof ApiError ? error.fullMessage || t('topUp.failed') : t('topUp.failed');
      setFailure(text);
      toast.error(text);
      setBuying(false);
    }
  };

  return (
    <Dialog open onClose={buying ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="top-up-title">
      <DialogTitle id="top-up-title">{t('topUp.dialogTitle')}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5, wordBreak: 'break-word' }}>
          {t('topUp.forEsim', { iccid: offer.esim.iccid })}
        </Typography>
        {packages.length === 0 ? (
          <Alert severity="info">{t('topUp.none')}</Alert>
        ) : (
          <>
            <Typography id="top-up-choose" sx={{ fontWeight: 600 }}>
              {t('topUp.choose')}
            </Typography>
            <RadioGroup aria-labelledby="top-up-choose" value={chosen} onChange={(e) => setChosen(e.target.value)}>
              {packages.map((p) => (
                <FormControlLabel
                  key={p.id}
                  value={p.id}
                  disabled={buying}
                  control={<Radio />}
                  sx={{ mr: 0, alignItems: 'center', '& .MuiFormControlLabel-label': { flex: 1 } }}
                  label={
                    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.5 }}>
                      <span>
                        <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                          {p.name}
                        </Typography>
                        <Typography component="span" variant="body2" color="text.secondary">
                          {t('topUp.option', {
                            data: dataText(p.data_mb, lng, t('topUp.unlimitedData')),
                            days: p.duration,
                          })}
                        </Typography>
                      </span>
                      <Typography component="span" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                        {formatEuro(p.price)}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
            <Divider sx={{ my: 1 }} />
            {!balance && <CircularProgress size={20} aria-label={t('checkout.loading')} />}
            {spend && totals && (
              <>
                <SpendRows
                  spend={spend}
                  labels={{ total: t('topUp.price'), balance: t('topUp.balance'), after: t('topUp.after') }}
                />
                {!totals.sufficient && (
                  <Alert
                    severity="warning"
                    sx={{ mt: 1.5 }}
                    action={
                      <Button color="inherit" size="small" href="/dashboard/balance" sx={{ whiteSpace: 'nowrap' }}>
                        {t('topUp.addBalance')}
                      </Button>
                    }
                  >
                    {t('topUp.insufficient')}
                  </Alert>
                )}
                {totals.sufficient && documents && (
                  <DistanceSaleConsent
                    documents={documents}
                    accepted={accepted}
                    onChange={setAccepted}
                    disabled={buying}
                  />
                )}
              </>
            )}
          </>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={buying}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="contained" onClick={confirm} disabled={!ready || buying}>
          {buying ? t('topUp.buying') : t('topUp.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
