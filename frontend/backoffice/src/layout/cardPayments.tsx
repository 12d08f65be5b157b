import { Box, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { CardRefund, Payment } from '@esim/contracts';
import { formatCents, formatDate } from '../format';

/**
 * What a customer's balance page and the admin's card payments screen show alike of a card payment
 * (contracts' paymentSchema): its status, and the refunds to the card made of it.
 */

/** The statuses a card payment has (the filter offers each). */
export const PAYMENT_STATUSES = ['pending', 'review', 'paid', 'failed', 'expired', 'refunded'] as const;
export const CARD_REFUND_STATUSES = ['pending', 'succeeded', 'failed', 'returned'] as const;

const PAYMENT_COLORS: Record<string, 'warning' | 'success' | 'error' | 'info' | 'default'> = {
  pending: 'warning',
  review: 'warning',
  paid: 'success',
  failed: 'error',
  expired: 'default',
  refunded: 'info',
};

const REFUND_COLORS: Record<string, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'error',
  returned: 'default',
};

export function PaymentStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={PAYMENT_COLORS[status] ?? 'default'}
      label={translate(`app.card_payments.statuses.${status}`, { _: status })}
    />
  );
}

export function RefundStatusChip({ status }: { status: string }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={REFUND_COLORS[status] ?? 'default'}
      label={translate(`app.card_payments.refund_statuses.${status}`, { _: status })}
    />
  );
}

/** A card payment as the list rows read it (a react-admin record of contracts' payment shape). */
export type PaymentRecord = Pick<Payment, 'id' | 'status' | 'refunds' | 'refunded_cents' | 'refundable_cents'> &
  Partial<Payment>;

/**
 * Each refund of a payment, oldest first: amount, why (an order's refund, unspent money, money never
 * credited), its state and when; `reference` adds the provider's refund id and refusal (the admin's
 * screen), `actions` what may be done about one (the admin's retry and return to the balance).
 */
export function CardRefundLines({
  payment,
  reference = false,
  actions,
}: {
  payment: PaymentRecord;
  reference?: boolean;
  actions?: (refund: CardRefund) => ReactNode;
}) {
  const translate = useTranslate();
  const refunds = payment.refunds ?? [];
  if (refunds.length === 0) return null;
  return (
    <Stack component="ul" spacing={0.75} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="card-refunds">
      {refunds.map((refund) => (
        <Box component="li" key={refund.id} data-testid="card-refund" sx={{ minWidth: 0 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {formatCents(refund.amount_cents)}
            </Typography>
            <RefundStatusChip status={refund.status} />
            <Typography variant="caption" color="text.secondary">
              {translate(`app.card_payments.refund_kinds.${refund.kind}`, { _: refund.kind })} ·{' '}
              {formatDate(refund.decided_at ?? refund.created_at)}
            </Typography>
          </Stack>
          {reference && refund.provider_refund_id ? (
            <Typography variant="caption" component="p" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
              {translate('app.card_payments.refund_reference', { reference: refund.provider_refund_id })}
            </Typography>
          ) : null}
          {refund.status === 'failed' && refund.failure_message ? (
            <Typography variant="caption" component="p" color="error">
              {refund.failure_message}
            </Typography>
          ) : null}
          {actions ? actions(refund) : null}
        </Box>
      ))}
    </Stack>
  );
}
