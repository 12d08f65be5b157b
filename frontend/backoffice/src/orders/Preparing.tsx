import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import { Alert, AlertTitle, CircularProgress, Link, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify, useShowContext, useTranslate } from 'react-admin';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import type { EsimProfile } from './shapes';

/** A purchase still with its supplier: the saga's pending and processing read the same. */
export const isPreparing = (status: unknown) => status === 'pending' || status === 'processing';

/**
 * How long to wait before each look at an order being prepared: often at first (most suppliers
 * deliver within seconds), then less and less; after the last the page stops and offers a refresh.
 */
export const PREPARING_POLL_DELAYS_MS = [
  2000, 3000, 3000, 5000, 5000, 10_000, 10_000, 15_000, 15_000, 20_000, 30_000, 30_000, 30_000, 30_000, 30_000, 30_000,
];

/**
 * Failure codes whose texts do not say that nothing was charged, though the order's hold was
 * released (a supplier's own refusals say it in their text already).
 */
const NOT_CHARGED = new Set(['esim_out_of_stock', 'esim_provider_failed', 'supplier_esim_recycled']);

/**
 * The shown order while its supplier prepares it: what is happening, that the page looks again by
 * itself (backing off, then stopping with a refresh link), and the receipt mail when one will follow.
 */
export function PreparingOrder({ mail, admin = false }: { mail: boolean; admin?: boolean }) {
  const translate = useTranslate();
  const { refetch } = useShowContext();
  const latest = useRef(refetch);
  latest.current = refetch;
  const [polls, setPolls] = useState(0);
  useEffect(() => {
    if (polls >= PREPARING_POLL_DELAYS_MS.length) return;
    let live = true;
    const timer = setTimeout(() => {
      void latest.current().finally(() => live && setPolls((n) => n + 1));
    }, PREPARING_POLL_DELAYS_MS[polls]);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [polls]);
  const stopped = polls >= PREPARING_POLL_DELAYS_MS.length;
  const refresh = () => {
    void latest.current();
    setPolls(0);
  };
  return (
    <Alert
      severity="info"
      role="status"
      icon={stopped ? <HourglassTopIcon /> : <CircularProgress size={20} aria-hidden />}
      data-testid="order-preparing"
    >
      <AlertTitle>{translate('app.orders.preparing_title')}</AlertTitle>
      <Typography variant="body2">
        {translate(admin ? 'app.orders.preparing_body_admin' : 'app.orders.preparing_body')}
      </Typography>
      {mail ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {translate('app.orders.preparing_mail')}
        </Typography>
      ) : null}
      {stopped ? (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {translate('app.orders.preparing_stopped')}{' '}
          <Link component="button" type="button" onClick={refresh} sx={{ verticalAlign: 'baseline' }}>
            {translate('app.orders.preparing_refresh')}
          </Link>
        </Typography>
      ) : null}
    </Alert>
  );
}

/** Says once that the order being watched was delivered, as its eSIMs take the place of the wait. */
export function useReadyNotice(status: unknown): void {
  const notify = useNotify();
  const wasPreparing = useRef(false);
  useEffect(() => {
    if (wasPreparing.current && status === 'completed') notify('app.orders.ready', { type: 'success' });
    wasPreparing.current = isPreparing(status);
  }, [status, notify]);
}

/** A failed order: why, in the service's words, and that nothing was charged where its text does not say so. */
export function FailedOrder({ reason, code }: { reason: string | null; code: string | null }) {
  const translate = useTranslate();
  return (
    <Alert severity="error" data-testid="order-failed">
      <AlertTitle>{translate('app.orders.failed_title')}</AlertTitle>
      {reason}
      {code && NOT_CHARGED.has(code) ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {translate('app.orders.not_charged')}
        </Typography>
      ) : null}
    </Alert>
  );
}

/**
 * An eSIM as the esim service has it now: its usage route reads a supplier's figures through the
 * supplier's cache and dates them; until it answers (or when it fails), what the order carried.
 */
export function useLiveEsim(esim: EsimProfile): EsimProfile {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { data } = useQuery<{ esim: EsimProfile }>({
    queryKey: ['esim-usage', esim.id],
    queryFn: () => dataProvider.read(`user/esim/${encodeURIComponent(esim.id)}/usage`, { includeUsed: 'false' }),
    retry: false,
  });
  return data?.esim ?? esim;
}
