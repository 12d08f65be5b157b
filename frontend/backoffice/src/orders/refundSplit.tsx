import { Alert, CircularProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { REFUND_POLICY, type EsimRefundPreview } from '@esim/contracts';
import { formatCents } from '../format';
import type { BackOfficeDataProvider } from '../providers/dataProvider';

/** Where an eSIM refund's money goes, in cents: the card's part and the balance's. */
export interface RefundParts {
  to_card_cents: number;
  to_balance_cents: number;
}

/** Whose money the sentence names: the signed-in buyer's own ("your card") or, for an admin, the buyer's. */
export type RefundReader = 'own' | 'buyer';

/** "11,99 € kartınıza (5-10 iş günü), 3,00 € bakiyenize": each part that is not zero, the card's first. */
export function refundPartsText(
  translate: (key: string, options?: Record<string, unknown>) => string,
  parts: RefundParts,
  reader: RefundReader,
): string {
  const prefix = reader === 'own' ? 'app.orders' : 'app.admin_esim_orders';
  const { min, max } = REFUND_POLICY.refundBusinessDays;
  return [
    parts.to_card_cents > 0
      ? translate(`${prefix}.refund_to_card`, { amount: formatCents(parts.to_card_cents), min, max })
      : null,
    parts.to_balance_cents > 0
      ? translate(`${prefix}.refund_to_balance`, { amount: formatCents(parts.to_balance_cents) })
      : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** GET /user/esim/:id/refund, asked afresh each time a refund dialog opens (the split changes as other eSIMs of the order are refunded). */
export function useRefundPreview(esimId: string) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  return useQuery<EsimRefundPreview>({
    queryKey: ['esim-refund-preview', esimId],
    queryFn: () => dataProvider.read<EsimRefundPreview>(`user/esim/${encodeURIComponent(esimId)}/refund`),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * Before a refund is confirmed: where each part of the money goes (the card's part reaching it in
 * the policy's business days, the rest on the balance at once), or why it cannot be refunded now.
 */
export function RefundSplit({
  preview,
  isPending,
  error,
  reader,
}: {
  preview: EsimRefundPreview | undefined;
  isPending: boolean;
  error: unknown;
  reader: RefundReader;
}) {
  const translate = useTranslate();
  if (isPending)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', py: 1 }} role="status">
        <CircularProgress size={18} />
        <Typography variant="body2">{translate('app.orders.refund_loading')}</Typography>
      </Stack>
    );
  if (error || !preview)
    return (
      <Alert severity="error" data-testid="refund-split">
        {(error as { message?: string } | null)?.message || translate('app.orders.refund_load_failed')}
      </Alert>
    );
  if (!preview.refundable)
    return (
      <Alert severity="warning" data-testid="refund-split">
        {preview.refusal ?? translate('app.orders.refund_load_failed')}
      </Alert>
    );
  return (
    <Alert severity="info" icon={false} role="note" data-testid="refund-split">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {translate('app.orders.refund_split', { parts: refundPartsText(translate, preview, reader) })}
      </Typography>
      {preview.card_payment_reference && preview.to_card_cents > 0 ? (
        <Typography variant="caption" component="p" sx={{ mt: 0.5, wordBreak: 'break-all' }}>
          {translate('app.orders.refund_card_reference', { reference: preview.card_payment_reference })}
        </Typography>
      ) : null}
    </Alert>
  );
}
