import UndoIcon from '@mui/icons-material/Undo';
import { useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { formatCents } from '../../format';
import { accountNameOf } from '../../layout/AccountName';
import { ConfirmButton } from '../../layout/ConfirmButton';
import { serviceErrorOf } from '../../providers/errors';
import { useRefreshListAndFigures } from '../../providers/figures';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';

/**
 * Gives a paid card top-up back to the card, after asking. Only the balance service knows whether
 * the money was spent meanwhile, so its refusal is shown as it words it; `refunding` (the provider
 * failed last time) offers the same button to ask again.
 */
export function RefundPaymentButton({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refreshListAndFigures = useRefreshListAndFigures();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  if (record.status !== 'paid' && record.status !== 'refunding') return null;
  const refund = async () => {
    try {
      const { message } = await dataProvider.send(
        'POST',
        `admin/payments/${encodeURIComponent(String(record.id))}/refund`,
      );
      notify(message || 'app.admin_payments.refunded', { type: 'success' });
    } catch (error) {
      const { message } = serviceErrorOf(error);
      notify(message, { type: 'error', autoHideDuration: 8000, messageArgs: { _: message } });
    }
    // Either way the row may have moved (refunding, refunded), and the company's figures with it.
    refreshListAndFigures();
  };
  return (
    // Clicks stay here: the row itself is no link.
    <span onClick={(event) => event.stopPropagation()}>
      <ConfirmButton
        size="small"
        variant="outlined"
        color="warning"
        startIcon={<UndoIcon />}
        title={translate('app.admin_payments.refund_title')}
        content={translate('app.admin_payments.refund_body', {
          amount: formatCents(record.amount_cents),
          name: accountNameOf(record, translate('app.admin_top_ups.unknown_user')),
        })}
        onConfirm={refund}
      >
        {translate('app.admin_payments.refund')}
      </ConfirmButton>
    </span>
  );
}
