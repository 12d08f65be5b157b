import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import SyncIcon from '@mui/icons-material/Sync';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  CircularProgress,
  Grid,
  Link as MuiLink,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { formatCents, formatDate } from '../../format';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';
import { FIGURES_KEY, useFigure } from '../../providers/figures';
import { LoadFailed } from '../../layout/LoadFailed';

/** GET /admin/esim/suppliers: one configured supplier. */
export interface SupplierStatus {
  name: 'airalo' | 'esimaccess';
  balance: number | null;
  balance_cents: number | null;
  balance_checked_at: string | null;
  balance_low: boolean;
  balance_message: string | null;
  last_sync_at: string | null;
  last_sync_error: string | null;
  last_sync_result: { offers: number; mapped: number; unmapped: number; paused: number; gone: number } | null;
  failed_last_day: number;
}

const PATH = 'admin/esim/suppliers';

/** The supplier packages list, one supplier's offers, unmapped first as the list sorts them. */
export const supplierOffersLink = (name: SupplierStatus['name']) =>
  `/admin/supplier-offers?filter=${encodeURIComponent(JSON.stringify({ supplier: name }))}`;
const FAILED_ORDERS_LINK = `/admin/esim-orders?filter=${encodeURIComponent(JSON.stringify({ status: 'failed' }))}`;

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Box>
  );
}

/** One supplier: its balance (and a warning when low), its last catalogue sync, and the orders it failed today. */
function SupplierPanel({ supplier }: { supplier: SupplierStatus }) {
  const translate = useTranslate();
  const name = translate(`app.supplier_offers.suppliers.${supplier.name}`);
  return (
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }} data-testid={`supplier-${supplier.name}`}>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Button component={Link} to={supplierOffersLink(supplier.name)} size="small">
          {translate('app.admin_home.supplier_offers_link')}
        </Button>
      </Stack>
      <Grid container spacing={2} sx={{ mt: 0.5 }}>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Fact label={translate('app.admin_home.supplier_balance')}>
            {supplier.balance_cents === null ? (
              <Typography variant="body2" color="text.secondary" component="span">
                {translate('app.admin_home.supplier_balance_unknown')}
              </Typography>
            ) : (
              <>
                <Typography
                  component="span"
                  sx={{
                    display: 'block',
                    fontWeight: 700,
                    fontSize: '1.25rem',
                    color: supplier.balance_low ? 'error.main' : undefined,
                  }}
                >
                  {formatCents(supplier.balance_cents)}
                </Typography>
                {supplier.balance_checked_at ? (
                  <Typography variant="caption" color="text.secondary" component="span">
                    {translate('app.admin_home.supplier_balance_checked', {
                      date: formatDate(supplier.balance_checked_at),
                    })}
                  </Typography>
                ) : null}
              </>
            )}
          </Fact>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Fact label={translate('app.admin_home.supplier_last_sync')}>
            {supplier.last_sync_at ? (
              <>
                {formatDate(supplier.last_sync_at)}
                {supplier.last_sync_result && !supplier.last_sync_error ? (
                  <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
                    {translate('app.admin_home.supplier_sync_result', {
                      offers: supplier.last_sync_result.offers,
                      unmapped: supplier.last_sync_result.unmapped,
                    })}
                  </Typography>
                ) : null}
              </>
            ) : (
              <Typography variant="body2" color="text.secondary" component="span">
                {translate('app.admin_home.supplier_never_synced')}
              </Typography>
            )}
          </Fact>
        </Grid>
        <Grid size={{ xs: 12, sm: 4 }}>
          <Fact label={translate('app.admin_home.supplier_failed')}>
            {supplier.failed_last_day > 0 ? (
              <MuiLink
                component={Link}
                to={FAILED_ORDERS_LINK}
                color="error"
                sx={{ fontWeight: 700, fontSize: '1.25rem' }}
              >
                {supplier.failed_last_day}
              </MuiLink>
            ) : (
              <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
                0
              </Typography>
            )}
          </Fact>
        </Grid>
      </Grid>
      {supplier.balance_low ? (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {supplier.balance_message ?? translate('app.admin_home.supplier_balance_low')}
        </Alert>
      ) : null}
      {supplier.last_sync_error ? (
        <Alert severity="error" sx={{ mt: 1.5, wordBreak: 'break-word' }}>
          {translate('app.admin_home.supplier_sync_failed', { error: supplier.last_sync_error })}
        </Alert>
      ) : null}
    </Box>
  );
}

/**
 * The configured wholesale suppliers on the admin's home, fetched on their own: each one's balance
 * (warned when low), its last catalogue sync, the orders it failed in the last day, and a button that
 * syncs every supplier now. With none configured it says the pool sells alone.
 */
export function Suppliers() {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { data, error, refetch } = useFigure<SupplierStatus[]>(PATH);
  const [syncing, setSyncing] = useState(false);
  const sync = async () => {
    setSyncing(true);
    try {
      const answer = await dataProvider.send<SupplierStatus[]>('POST', PATH.concat('/sync'));
      queryClient.setQueryData([...FIGURES_KEY, PATH], answer.data);
      notify(answer.message || 'app.admin_home.synced', { type: 'success' });
      // A sync may pause packages whose cost rose: the other figures are read again too.
      void queryClient.invalidateQueries({ queryKey: FIGURES_KEY, predicate: (query) => query.queryKey[1] !== PATH });
    } catch (failure) {
      notify(serviceErrorOf(failure).message, { type: 'error' });
    } finally {
      setSyncing(false);
    }
  };
  const configured = (data ?? []).length > 0;
  return (
    <Card data-testid="suppliers-card">
      <CardHeader
        avatar={<LocalShippingIcon color="primary" />}
        title={translate('app.admin_home.suppliers')}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
        action={
          configured ? (
            <Button
              onClick={sync}
              disabled={syncing}
              startIcon={syncing ? <CircularProgress size={16} aria-hidden /> : <SyncIcon />}
              size="small"
              sx={{ mt: 0.5, mr: 0.5 }}
            >
              {translate('app.admin_home.sync_now')}
            </Button>
          ) : null
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? (
          <LoadFailed onRetry={refetch} />
        ) : !data ? (
          <Skeleton variant="rectangular" height={120} />
        ) : !configured ? (
          <Typography color="text.secondary">{translate('app.admin_home.suppliers_none')}</Typography>
        ) : (
          <Stack spacing={2}>
            {data.map((supplier) => (
              <SupplierPanel key={supplier.name} supplier={supplier} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
