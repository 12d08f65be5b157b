import type { DealerBalance } from '@esim/contracts';
import { FormControlLabel, Radio, RadioGroup, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatCents } from '../../format';
import { AmountDialog } from '../../layout/AmountDialog';
import { DEALER_BALANCES_KEY } from './useDealerBalances';

/**
 * The admin's money actions on a dealer: credit (balance and debt grow), cash bought balance
 * (balance grows, debt unchanged) and a cash payment of debt (debt shrinks).
 */
export type MoneyKind = 'credit' | 'cash_load' | 'cash_payment';

/** A dealer's balance and debt after an action, as the ledger will book it. */
export function figuresAfter(
  kind: MoneyKind,
  before: Pick<DealerBalance, 'balance_cents' | 'owed_cents'>,
  amountCents: number,
) {
  switch (kind) {
    case 'credit':
      return { balance_cents: before.balance_cents + amountCents, owed_cents: before.owed_cents + amountCents };
    case 'cash_load':
      return { balance_cents: before.balance_cents + amountCents, owed_cents: before.owed_cents };
    case 'cash_payment':
      return { balance_cents: before.balance_cents, owed_cents: before.owed_cents - amountCents };
  }
}

const REQUESTS: Record<MoneyKind, { path: string; extra: Record<string, unknown> }> = {
  credit: { path: 'admin/dealers/balance', extra: {} },
  cash_load: { path: 'admin/dealers/cash-balance', extra: { load: true } },
  cash_payment: { path: 'admin/dealers/cash-balance', extra: { load: false } },
};

/** Amount and note, then a second step showing balance and debt before → after; a cash payment is at most the debt. */
export function MoneyDialog({
  open,
  onClose,
  dealer,
  figures,
  initialKind,
}: {
  open: boolean;
  onClose: () => void;
  dealer: { id: string; name: string };
  figures: DealerBalance | undefined;
  initialKind: 'credit' | 'cash';
}) {
  const translate = useTranslate();
  const [kind, setKind] = useState<MoneyKind>(initialKind === 'credit' ? 'credit' : 'cash_load');
  const before = figures ?? { balance_cents: 0, owed_cents: 0 };
  const { path, extra } = REQUESTS[kind];
  const title = translate(initialKind === 'credit' ? 'app.admin_dealers.load_credit' : 'app.admin_dealers.load_cash');
  return (
    <AmountDialog
      name="money"
      open={open}
      onClose={onClose}
      title={`${title}: ${dealer.name}`}
      amountLabel={translate('app.admin_dealers.amount')}
      aboveAmount={
        <>
          {initialKind === 'cash' ? (
            <RadioGroup value={kind} onChange={(e) => setKind(e.target.value as MoneyKind)}>
              <FormControlLabel
                value="cash_load"
                control={<Radio />}
                label={translate('app.admin_dealers.kinds.cash_load')}
              />
              <FormControlLabel
                value="cash_payment"
                control={<Radio />}
                label={translate('app.admin_dealers.kinds.cash_payment')}
              />
            </RadioGroup>
          ) : null}
          <Typography variant="body2" color="text.secondary">
            {translate('app.admin_dealers.balance')}: {formatCents(before.balance_cents)} ·{' '}
            {translate('app.admin_dealers.owed')}: {formatCents(before.owed_cents)}
          </Typography>
        </>
      }
      maxCents={kind === 'cash_payment' ? before.owed_cents : undefined}
      overLimitText={translate('app.admin_dealers.over_debt', { amount: formatCents(before.owed_cents) })}
      confirmation={(cents) => {
        const after = figuresAfter(kind, before, cents);
        return (
          <>
            <Typography>
              {translate(`app.admin_dealers.kinds.${kind}`)}: <strong>{formatCents(cents)}</strong>
            </Typography>
            <Typography>
              {translate('app.admin_dealers.balance')}: {formatCents(before.balance_cents)} →{' '}
              <strong>{formatCents(after.balance_cents)}</strong>
            </Typography>
            <Typography>
              {translate('app.admin_dealers.owed')}: {formatCents(before.owed_cents)} →{' '}
              <strong>{formatCents(after.owed_cents)}</strong>
            </Typography>
          </>
        );
      }}
      request={{ path, party: { field: 'dealer_id', id: dealer.id }, extra }}
      refreshKey={DEALER_BALANCES_KEY}
      doneMessage="app.admin_dealers.money_done"
    />
  );
}
