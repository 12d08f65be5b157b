import { useTranslate, type RaRecord } from 'react-admin';
import { formatCents } from '../../format';
import { accountNameOf } from '../../layout/AccountName';
import { DecisionButtons } from '../../layout/DecisionButtons';
import { useDecision } from '../../providers/useDecision';

/** Confirm (the money arrived: it reaches the balance) or reject with a reason a pending top-up; decided ones show nothing to do. */
export function TopUpDecision({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const decide = useDecision();
  if (record.status !== 'pending') return null;
  const amount = formatCents(record.amount_cents);
  return (
    <DecisionButtons
      approve={{
        label: translate('app.admin_top_ups.confirm'),
        title: translate('app.admin_top_ups.confirm_title'),
        body: translate('app.admin_top_ups.confirm_body', {
          amount,
          reference: record.reference_code,
          name: accountNameOf(record, translate('app.admin_top_ups.unknown_user')),
        }),
        onConfirm: () =>
          decide(`admin/top-ups/${record.id}/confirm`, undefined, {
            message: 'app.admin_top_ups.confirmed',
            type: 'success',
          }),
      }}
      reject={{
        label: translate('app.admin_top_ups.reject'),
        // A rejection without a reason leaves the customer guessing.
        dialog: {
          title: translate('app.admin_top_ups.reject_title'),
          body: translate('app.admin_top_ups.reject_body', { amount, reference: record.reference_code }),
          label: translate('app.admin_top_ups.reason'),
          problemOf: (reason) => (reason.trim() === '' ? translate('app.admin_top_ups.reason_required') : null),
          onSubmit: (reason) =>
            decide(
              `admin/top-ups/${record.id}/reject`,
              { reason },
              { message: 'app.admin_top_ups.rejected', type: 'info' },
            ),
        },
      }}
    />
  );
}
