import type { DealerBalance } from '@esim/contracts';
import CreditScoreIcon from '@mui/icons-material/CreditScore';
import { Button, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatCents } from '../../format';
import { AmountDialog } from '../../layout/AmountDialog';
import { DEALER_BALANCES_KEY } from './useDealerBalances';

type Figures = Pick<DealerBalance, 'available_cents' | 'owed_cents' | 'credit_limit_cents'>;

/** What a dealer can spend with a limit, as the balance service counts it: available balance plus the part of the limit its debt leaves. */
export function spendingWith(figures: Figures, limitCents: number) {
  const creditLeft = Math.max(0, limitCents - figures.owed_cents);
  return { credit_available_cents: creditLeft, spendable_cents: Math.max(0, figures.available_cents) + creditLeft };
}

/** The admin sets how far a dealer may buy beyond its balance: the new limit, then limit and spending power before → after. */
export function CreditLimitButton({
  dealer,
  figures,
}: {
  dealer: { id: string; name: string };
  figures: DealerBalance | undefined;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const before: Figures = figures ?? { available_cents: 0, owed_cents: 0, credit_limit_cents: 0 };
  const now = spendingWith(before, before.credit_limit_cents);
  return (
    <>
      <Button size="small" startIcon={<CreditScoreIcon />} onClick={() => setOpen(true)} sx={{ whiteSpace: 'nowrap' }}>
        {translate('app.admin_dealers.set_credit_limit')}
      </Button>
      {open ? (
        <AmountDialog
          name="credit-limit"
          open
          onClose={() => setOpen(false)}
          title={`${translate('app.admin_dealers.credit_limit')}: ${dealer.name}`}
          amountLabel={translate('app.admin_dealers.new_credit_limit')}
          hint={translate('app.admin_dealers.credit_limit_hint')}
          aboveAmount={
            <Typography variant="body2" color="text.secondary">
              {translate('app.admin_dealers.credit_limit')}: {formatCents(before.credit_limit_cents)} ·{' '}
              {translate('app.admin_dealers.owed')}: {formatCents(before.owed_cents)} ·{' '}
              {translate('app.admin_dealers.spendable')}: {formatCents(now.spendable_cents)}
            </Typography>
          }
          confirmation={(cents) => {
            const after = spendingWith(before, cents);
            return (
              <>
                <Typography>
                  {translate('app.admin_dealers.credit_limit')}: {formatCents(before.credit_limit_cents)} →{' '}
                  <strong>{formatCents(cents)}</strong>
                </Typography>
                <Typography>
                  {translate('app.admin_dealers.credit_available')}: {formatCents(now.credit_available_cents)} →{' '}
                  <strong>{formatCents(after.credit_available_cents)}</strong>
                </Typography>
                <Typography>
                  {translate('app.admin_dealers.spendable')}: {formatCents(now.spendable_cents)} →{' '}
                  <strong>{formatCents(after.spendable_cents)}</strong>
                </Typography>
                {cents < before.owed_cents ? (
                  <Typography color="warning.main" variant="body2">
                    {translate('app.admin_dealers.limit_below_debt')}
                  </Typography>
                ) : null}
              </>
            );
          }}
          request={{
            method: 'PUT',
            path: `admin/dealers/${encodeURIComponent(dealer.id)}/credit-limit`,
            amountField: 'credit_limit',
          }}
          refreshKey={DEALER_BALANCES_KEY}
          doneMessage="app.admin_dealers.credit_limit_done"
        />
      ) : null}
    </>
  );
}
