import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { formatCents } from '../../format';
import { AmountDialog } from '../../layout/AmountDialog';
import { SALES_MANAGER_BALANCES_KEY } from './useSalesManagerBalances';

/**
 * Cash a sales manager hands over to the company: at most what they hold (checked here against the
 * figure shown, and again by the balance service, whose refusal is shown as it is), after a confirmation.
 */
export function CollectDialog({
  open,
  onClose,
  salesManager,
  heldCents,
}: {
  open: boolean;
  onClose: () => void;
  salesManager: { id: string; name: string };
  heldCents: number;
}) {
  const translate = useTranslate();
  return (
    <AmountDialog
      name="collect"
      open={open}
      onClose={onClose}
      title={translate('app.admin_sm.collect_title', { name: salesManager.name })}
      amountLabel={translate('app.collection.amount')}
      maxCents={heldCents}
      overLimitText={translate('app.admin_sm.over_held', { amount: formatCents(heldCents) })}
      hint={translate('app.admin_sm.held_hint', { amount: formatCents(heldCents) })}
      confirmation={(cents) => (
        <>
          <Typography>
            {translate('app.admin_sm.confirm_body', { amount: formatCents(cents), name: salesManager.name })}
          </Typography>
          <Typography>
            {translate('app.sm.cash_held')}: {formatCents(heldCents)} →{' '}
            <strong>{formatCents(heldCents - cents)}</strong>
          </Typography>
        </>
      )}
      request={{ path: 'admin/sales-managers/collect', party: { field: 'sales_manager_id', id: salesManager.id } }}
      refreshKey={SALES_MANAGER_BALANCES_KEY}
      doneMessage="app.collection.recorded"
    />
  );
}
