import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountBalanceWalletIcon from '@mui/icons-material/AccountBalanceWallet';
import LockClockIcon from '@mui/icons-material/LockClock';
import { Alert, Box, Card, CardContent, CardHeader, Chip, Grid, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, SimpleList, Title, useDataProvider, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { ListPage } from '../layout/ListPage';
import { SelectInput } from '../layout/filterInputs';
import { StatCard } from '../dashboard/StatCard';
import { formatCents, formatDate, formatEuro } from '../format';
import { ConfirmButton } from '../layout/ConfirmButton';
import { CopyButton } from '../layout/CopyButton';
import { EmptyState } from '../layout/EmptyState';
import { PhoneOr } from '../layout/PhoneList';
import type { BackOfficeDataProvider } from '../providers/dataProvider';
import { serviceErrorOf } from '../providers/errors';
import { FIGURES_KEY, useFigure, type UserBalance } from '../providers/figures';
import type { BankTransferOptions, DepositCreated } from '@esim/contracts';
import { CardPayments } from './CardPayments';
import { CardDeposit } from './CardDeposit';

const STATUS_COLORS: Record<string, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'warning',
  confirmed: 'success',
  rejected: 'error',
  // A card deposit whose payment was not finished in time: nothing happened, so no alarm colour.
  expired: 'default',
};

/** The bank details and the reference code to quote on the transfer. */
function TransferInstructions({ deposit }: { deposit: DepositCreated }) {
  const translate = useTranslate();
  const rows: Array<[string, string]> = [
    ['app.balance.reference_code', deposit.reference_code],
    ['app.balance.account_holder', deposit.bank.account_holder],
    ['app.balance.bank_name', deposit.bank.bank_name],
    ['app.balance.iban', deposit.bank.iban],
    ['app.balance.amount', formatEuro(deposit.amount)],
  ];
  return (
    <Alert severity="success" icon={<AccountBalanceIcon />} sx={{ mt: 2 }}>
      <Typography sx={{ mb: 1 }}>{translate('app.balance.transfer_hint')}</Typography>
      {rows.map(([label, value]) => (
        <Stack key={label} direction="row" alignItems="center" spacing={1}>
          <Typography variant="body2" sx={{ minWidth: 130 }} color="text.secondary">
            {translate(label)}
          </Typography>
          <Typography variant="body2" sx={{ fontWeight: 500, wordBreak: 'break-all' }}>
            {value}
          </Typography>
          <CopyButton value={value} />
        </Stack>
      ))}
    </Alert>
  );
}

/**
 * Ask for a bank-transfer deposit: the amount (at most the shop's maximum), a confirmation, then the
 * reference code and bank details. While the shop has no bank account set, it says so and takes nothing.
 */
function DepositForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const queryClient = useQueryClient();
  const { data: options } = useQuery({
    queryKey: ['user/balance/bank-transfer'],
    queryFn: () => dataProvider.read<BankTransferOptions>('user/balance/bank-transfer'),
  });
  const [amount, setAmount] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [created, setCreated] = useState<DepositCreated | null>(null);
  // One key per intended deposit: a retry after a network failure cannot create a second request.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const value = Number(amount.replace(',', '.'));
  const wellFormed =
    amount.trim() !== '' && Number.isFinite(value) && value >= 0.01 && /^\d+([.,]\d{1,2})?$/.test(amount.trim());
  const overMax = wellFormed && options !== undefined && Math.round(value * 100) > options.max_cents;
  const valid = wellFormed && !overMax;
  const unavailable = options !== undefined && options.bank === null;

  const submit = async () => {
    setFieldError(null);
    try {
      const { data, message } = await dataProvider.send<DepositCreated>(
        'POST',
        'user/balance/add',
        { amount: value, method: 'bank_transfer' },
        { idempotencyKey: key },
      );
      setCreated(data);
      setAmount('');
      setKey(crypto.randomUUID());
      notify(message || 'app.balance.created', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['deposits'] });
      await queryClient.invalidateQueries({ queryKey: FIGURES_KEY });
    } catch (error) {
      const { message, fields } = serviceErrorOf(error);
      setFieldError(fields.amount ?? message);
    }
  };

  return (
    <Card>
      <CardHeader
        title={translate('app.balance.add_title')}
        subheader={translate('app.balance.add_hint')}
        titleTypographyProps={{ variant: 'h6' }}
      />
      <CardContent>
        {unavailable ? (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('app.balance.bank_not_set')}
          </Alert>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} alignItems={{ sm: 'flex-start' }}>
          <TextField
            label={translate('app.balance.amount')}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            inputMode="decimal"
            disabled={unavailable}
            error={!!fieldError || (amount !== '' && !valid)}
            helperText={
              fieldError ??
              (overMax
                ? translate('app.balance.amount_over_max', { max: formatCents(options!.max_cents) })
                : amount !== '' && !valid
                  ? translate('app.balance.amount_invalid')
                  : options
                    ? translate('app.balance.amount_max_hint', { max: formatCents(options.max_cents) })
                    : ' ')
            }
            slotProps={{
              input: { endAdornment: <span>€</span> },
              htmlInput: { 'aria-label': translate('app.balance.amount'), name: 'amount' },
            }}
            sx={{ minWidth: 200 }}
          />
          <ConfirmButton
            variant="contained"
            size="large"
            disabled={!valid || unavailable}
            title={translate('app.balance.confirm_title')}
            content={translate('app.balance.confirm_body', { amount: formatEuro(value) })}
            onConfirm={submit}
          >
            {translate('app.balance.submit')}
          </ConfirmButton>
        </Stack>
        {created ? <TransferInstructions deposit={created} /> : null}
      </CardContent>
    </Card>
  );
}

/** The caller's deposit requests, newest first, paged and filtered by status on the server. */
function DepositRequests() {
  const translate = useTranslate();
  return (
    <Card>
      <CardHeader title={translate('app.balance.requests_title')} titleTypographyProps={{ variant: 'h6' }} />
      <ListPage
        resource="deposits"
        disableSyncWithLocation
        storeKey="balance.deposits"
        title={false}
        perPage={10}
        sort={{ field: 'created_at', order: 'DESC' }}
        exporter={false}
        actions={false}
        filters={[
          <SelectInput
            key="status"
            source="status"
            label="app.balance.status"
            alwaysOn
            choices={['pending', 'confirmed', 'rejected', 'expired'].map((s) => ({
              id: s,
              name: translate(`app.balance.statuses.${s}`),
            }))}
          />,
        ]}
        empty={<EmptyState title="app.balance.requests_empty" hint="app.balance.requests_empty_hint" />}
        sx={{ '& .RaList-content': { boxShadow: 'none' } }}
      >
        <PhoneOr
          phone={
            <SimpleList
              rowClick={false}
              primaryText={(r: RaRecord) => formatEuro(r.amount)}
              secondaryText={(r: RaRecord) => `${r.reference_code} · ${formatDate(r.created_at)}`}
              rightIcon={(r: RaRecord) => (
                <Chip
                  size="small"
                  color={STATUS_COLORS[r.status] ?? 'default'}
                  label={translate(`app.balance.statuses.${r.status}`)}
                />
              )}
            />
          }
        >
          <DataTable bulkActionButtons={false} rowClick={false}>
            <DataTable.Col
              source="created_at"
              label="app.transactions.date"
              render={(r: RaRecord) => formatDate(r.created_at)}
            />
            <DataTable.Col source="reference_code" label="app.balance.reference_code" disableSort />
            <DataTable.Col
              source="amount"
              label="app.balance.amount"
              align="right"
              render={(r: RaRecord) => formatEuro(r.amount)}
            />
            <DataTable.Col
              source="status"
              label="app.balance.status"
              render={(r: RaRecord) => (
                <Chip
                  size="small"
                  color={STATUS_COLORS[r.status] ?? 'default'}
                  label={translate(`app.balance.statuses.${r.status}`)}
                />
              )}
            />
          </DataTable>
        </PhoneOr>
      </ListPage>
    </Card>
  );
}

export default function BalancePage() {
  const translate = useTranslate();
  const { data } = useFigure<UserBalance>('user/balance');
  return (
    <Box sx={{ mt: 2, mb: 4 }}>
      <Title title={translate('app.menu.balance')} />
      <Stack spacing={2}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 4 }}>
            <StatCard
              icon={AccountBalanceWalletIcon}
              label={translate('app.balance.balance')}
              value={data ? formatEuro(data.balance) : undefined}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <StatCard
              icon={AccountBalanceWalletIcon}
              label={translate('app.balance.available')}
              value={data ? formatEuro(data.available) : undefined}
              // A dealer with a credit limit may spend beyond it: what is left of the limit.
              hint={
                data && data.credit_available_cents > 0
                  ? `${translate('app.balance.credit_left')}: ${formatCents(data.credit_available_cents)}`
                  : undefined
              }
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <StatCard
              icon={LockClockIcon}
              label={translate('app.balance.held')}
              value={data ? formatCents(data.held_cents) : undefined}
              hint={translate('app.balance.held_hint')}
            />
          </Grid>
        </Grid>
        <CardDeposit />
        <CardPayments />
        <DepositForm />
        <DepositRequests />
      </Stack>
    </Box>
  );
}
