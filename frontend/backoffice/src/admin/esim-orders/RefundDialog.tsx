import UndoIcon from '@mui/icons-material/Undo';
import { Alert } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatEuro } from '../../format';
import { ReasonDialog } from '../../layout/ReasonDialog';
import { RefundSplit, useRefundPreview } from '../../orders/refundSplit';

/** The esim service's shortest admin refund reason. */
export const REASON_MIN = 3;

/** What is wrong with a typed reason: an admin's refund is recorded with why it was made. */
export function refundReasonProblem(text: string): 'required' | 'too_short' | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'required';
  return trimmed.length < REASON_MIN ? 'too_short' : null;
}

/**
 * An admin's refund of one eSIM: the reason is required (it goes with the money back to the buyer's
 * ledger), and the refund is allowed past the customer's own window, so the dialog says what happens:
 * where each part of the money goes (GET /user/esim/:id/refund: the card's part to the card that
 * paid it, the rest to the balance), read before the admin confirms.
 */
export function RefundDialog({
  esim,
  amount,
  onClose,
  onRefund,
}: {
  esim: { id: string; iccid: string };
  amount: number;
  onClose: () => void;
  onRefund: (reason: string) => Promise<void>;
}) {
  const translate = useTranslate();
  const preview = useRefundPreview(esim.id);
  const [error, setError] = useState<string | null>(null);
  const refund = async (reason: string) => {
    setError(null);
    try {
      await onRefund(reason);
      return true;
    } catch (err) {
      setError((err as Error).message);
      return false;
    }
  };
  return (
    <ReasonDialog
      titleId="refund-title"
      title={translate('app.admin_esim_orders.refund_title')}
      body={translate('app.admin_esim_orders.refund_body', { iccid: esim.iccid, amount: formatEuro(amount) })}
      details={
        <RefundSplit preview={preview.data} isPending={preview.isPending} error={preview.error} reader="buyer" />
      }
      label={translate('app.admin_esim_orders.reason')}
      problemOf={(reason) => {
        const problem = refundReasonProblem(reason);
        return problem ? translate(`app.admin_esim_orders.reason_${problem}`, { min: REASON_MIN }) : null;
      }}
      action={{ label: translate('app.admin_esim_orders.refund'), icon: <UndoIcon /> }}
      onSubmit={refund}
      onClose={onClose}
    >
      {error ? <Alert severity="error">{error}</Alert> : null}
    </ReasonDialog>
  );
}
