import { useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { formatCents } from '../../format';
import { accountNameOf } from '../../layout/AccountName';
import { DecisionButtons } from '../../layout/DecisionButtons';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';
import { useRefreshListAndFigures } from '../../providers/figures';
import { useDecision } from '../../providers/useDecision';
import { RetypeAmountDialog } from './RetypeAmountDialog';

/**
 * Confirm (the money arrived: it reaches the balance) or reject with a reason a pending deposit; decided
 * ones show nothing to do. Above the shop's threshold the confirmation takes the amount typed again.
 */
export function DepositDecision({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const decide = useDecision();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const afterDecision = useRefreshListAndFigures();
  if (record.status !== 'pending') return null;
  const amount = formatCents(record.amount_cents);
  const body = translate('app.admin_deposits.confirm_body', {
    amount,
    reference: record.reference_code,
    name: accountNameOf(record, translate('app.admin_deposits.unknown_user')),
  });
  const path = `admin/deposits/${record.id}/confirm`;
  // The service's refusal of the amount (missing, different) is shown under the field; anything else as a notice.
  const confirmRetyped = async (cents: number): Promise<string | null> => {
    try {
      const { message } = await dataProvider.send('POST', path, { amount: cents / 100 });
      notify(message || 'app.admin_deposits.confirmed', { type: 'success' });
      afterDecision();
      return null;
    } catch (error) {
      const { message, fields } = serviceErrorOf(error);
      return fields.amount ?? message;
    }
  };
  return (
    <DecisionButtons
      approve={
        record.amount_retype_required
          ? {
              label: translate('app.admin_deposits.confirm'),
              dialog: (onClose) => (
                <RetypeAmountDialog
                  title={translate('app.admin_deposits.retype_title')}
                  body={`${body} ${translate('app.admin_deposits.retype_body')}`}
                  onSubmit={confirmRetyped}
                  onClose={onClose}
                />
              ),
            }
          : {
              label: translate('app.admin_deposits.confirm'),
              title: translate('app.admin_deposits.confirm_title'),
              body,
              onConfirm: () => decide(path, undefined, { message: 'app.admin_deposits.confirmed', type: 'success' }),
            }
      }
      reject={{
        label: translate('app.admin_deposits.reject'),
        // A rejection without a reason leaves the customer guessing.
        dialog: {
          title: translate('app.admin_deposits.reject_title'),
          body: translate('app.admin_deposits.reject_body', { amount, reference: record.reference_code }),
          label: translate('app.admin_deposits.reason'),
          problemOf: (reason) => (reason.trim() === '' ? translate('app.admin_deposits.reason_required') : null),
          onSubmit: (reason) =>
            decide(
              `admin/deposits/${record.id}/reject`,
              { reason },
              { message: 'app.admin_deposits.rejected', type: 'info' },
            ),
        },
      }}
    />
  );
}
