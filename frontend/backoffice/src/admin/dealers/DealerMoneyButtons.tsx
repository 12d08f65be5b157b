import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import PaymentsIcon from '@mui/icons-material/Payments';
import { Button } from '@mui/material';
import { useState } from 'react';
import { useTranslate, type RaRecord } from 'react-admin';
import { MoneyDialog } from './MoneyDialog';
import type { DealerBalance } from '@esim/contracts';

/** "Load balance" and "Load cash" with their dialog, for one dealer. */
export function DealerMoneyButtons({ record, figures }: { record: RaRecord; figures: DealerBalance | undefined }) {
  const translate = useTranslate();
  const [open, setOpen] = useState<'credit' | 'cash' | null>(null);
  return (
    <>
      <Button
        size="small"
        startIcon={<AccountBalanceWalletIcon />}
        onClick={() => setOpen('credit')}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate('app.admin_dealers.load_credit')}
      </Button>
      <Button size="small" startIcon={<PaymentsIcon />} onClick={() => setOpen('cash')} sx={{ whiteSpace: 'nowrap' }}>
        {translate('app.admin_dealers.load_cash')}
      </Button>
      {open ? (
        <MoneyDialog
          open
          initialKind={open}
          onClose={() => setOpen(null)}
          dealer={{ id: String(record.id), name: record.company_name || record.full_name }}
          figures={figures}
        />
      ) : null}
    </>
  );
}
