import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { Alert, Box, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable, useGetList, useTranslate, type RaRecord } from 'react-admin';
import { formatCents, formatDate, formatEuro } from '../format';
import { MoneyCol } from '../layout/columns';
import { ConfirmButton } from '../layout/ConfirmButton';
import { FIGURES_KEY, useFigure, type UserBalance } from '../providers/figures';
import { MyRequests, RequestFormCard, RequestPage, useRequestSubmit } from './requests';

/** Order physical SIMs ('Plus Paketi'): the package, how many are in stock, the quantity, the total and the balance after; the total is held until an admin decides. */
function OrderForm() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const {
    data: packages = [],
    isPending,
    refetch,
  } = useGetList('physical-sim-packages', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'name', order: 'ASC' },
  });
  const { data: balance } = useFigure<UserBalance>('user/balance');
  const [packageId, setPackageId] = useState('');
  const [quantity, setQuantity] = useState('1');
  const { errors, submit } = useRequestSubmit('user/physical-sim/order', {
    sent: 'app.physical_sim.ordered',
    fallbackField: 'quantity',
  });
  const selected = packages.find((p) => String(p.id) === packageId);
  const count = Number(quantity);
  const unitCents = selected ? Number(selected.price_cents) : 0;
  const totalCents = Number.isInteger(count) && count > 0 ? unitCents * count : 0;
  const afterCents = balance ? balance.available_cents - totalCents : null;
  // A dealer with a credit limit may order beyond its balance: the rest is drawn from the credit left.
  const creditCents = balance?.credit_available_cents ?? 0;
  const onCreditCents = afterCents !== null && afterCents < 0 ? -afterCents : 0;
  const affordable = afterCents === null || onCreditCents <= creditCents;
  const stock: number | undefined = selected?.available;
  const valid =
    !!selected && Number.isInteger(count) && count >= 1 && (stock === undefined || count <= stock) && affordable;

  const order = async () => {
    if (!(await submit({ package_id: packageId, quantity: count }))) return;
    setQuantity('1');
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: FIGURES_KEY }),
      queryClient.invalidateQueries({ queryKey: ['physical-sim-orders'] }),
      refetch(),
    ]);
  };

  return (
    <RequestFormCard title="app.menu.physical_sim_purchase" hint="app.physical_sim.purchase_hint">
      {!isPending && packages.length === 0 ? (
        <Alert severity="info">{translate('app.physical_sim.no_packages')}</Alert>
      ) : (
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={2}>
              <TextField
                select
                label={translate('app.physical_sim.package')}
                value={packageId}
                onChange={(e) => setPackageId(e.target.value)}
                error={!!errors.package_id}
                helperText={errors.package_id ?? ' '}
                name="package_id"
              >
                {packages.map((p) => (
                  <MenuItem key={p.id} value={String(p.id)} disabled={p.available === 0}>
                    {p.name} — {formatEuro(p.price)} ·{' '}
                    {translate('app.physical_sim.in_stock', { smart_count: p.available })}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                type="number"
                label={translate('app.physical_sim.quantity')}
                value={quantity}
                onChange={(e) => setQuantity(e.target.value)}
                error={!!errors.quantity || (stock !== undefined && count > stock)}
                helperText={
                  errors.quantity ??
                  (stock !== undefined && count > stock
                    ? translate('app.physical_sim.not_enough_stock', { smart_count: stock })
                    : ' ')
                }
                slotProps={{ htmlInput: { min: 1, max: stock, name: 'quantity' } }}
              />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Stack spacing={1}>
              <Row label="app.physical_sim.available" value={selected ? String(stock ?? '…') : '—'} />
              <Row label="app.physical_sim.unit_price" value={selected ? formatCents(unitCents) : '—'} />
              <Row label="app.physical_sim.total" value={formatCents(totalCents)} strong />
              <Row label="app.balance.available" value={balance ? formatCents(balance.available_cents) : '—'} />
              {creditCents > 0 ? <Row label="app.physical_sim.credit_left" value={formatCents(creditCents)} /> : null}
              <Row
                label="app.physical_sim.balance_after"
                value={afterCents === null ? '—' : formatCents(Math.max(0, afterCents))}
                warn={!affordable}
              />
              {!affordable ? (
                <Alert severity="warning">
                  {translate(
                    creditCents > 0 ? 'app.physical_sim.insufficient_with_credit' : 'app.physical_sim.insufficient',
                  )}
                </Alert>
              ) : onCreditCents > 0 ? (
                <Alert severity="info">
                  {translate('app.physical_sim.on_credit', { amount: formatCents(onCreditCents) })}
                </Alert>
              ) : null}
              <Box sx={{ pt: 1 }}>
                <ConfirmButton
                  variant="contained"
                  size="large"
                  startIcon={<ShoppingCartIcon />}
                  disabled={!valid}
                  title={translate('app.physical_sim.confirm_title')}
                  content={translate('app.physical_sim.confirm_body', {
                    smart_count: count,
                    name: selected?.name ?? '',
                    total: formatCents(totalCents),
                  })}
                  onConfirm={order}
                >
                  {translate('app.physical_sim.order')}
                </ConfirmButton>
              </Box>
            </Stack>
          </Grid>
        </Grid>
      )}
    </RequestFormCard>
  );
}

function Row({ label, value, strong, warn }: { label: string; value: string; strong?: boolean; warn?: boolean }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" justifyContent="space-between">
      <Typography color="text.secondary">{translate(label)}</Typography>
      <Typography sx={{ fontWeight: strong ? 600 : 400 }} color={warn ? 'error' : undefined}>
        {value}
      </Typography>
    </Stack>
  );
}

function MyOrders() {
  return (
    <MyRequests
      title="app.physical_sim.orders_title"
      resource="physical-sim-orders"
      storeKey="physical-sim.orders"
      empty={{ title: 'app.physical_sim.no_orders', hint: 'app.physical_sim.no_orders_hint' }}
      phone={{
        primaryText: (r: RaRecord) => `${r.quantity} × ${r.package_name}`,
        secondaryText: (r: RaRecord) => `${r.order_number} · ${formatDate(r.created_at)}`,
        tertiaryText: (r: RaRecord) => formatCents(r.total_cents),
      }}
    >
      <DataTable.Col source="order_number" label="app.orders.order_number" disableSort />
      <DataTable.Col source="package_name" label="app.physical_sim.package" disableSort />
      <DataTable.Col source="quantity" label="app.physical_sim.quantity" align="right" />
      <MoneyCol source="total" label="app.physical_sim.total" cents={(r) => r.total_cents} />
    </MyRequests>
  );
}

export default function PurchasePage() {
  return (
    <RequestPage title="app.menu.physical_sim_purchase">
      <OrderForm />
      <MyOrders />
    </RequestPage>
  );
}
