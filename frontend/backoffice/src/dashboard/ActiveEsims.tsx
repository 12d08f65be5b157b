import { Card, CardContent, CardHeader, List, ListItemButton, ListItemIcon, ListItemText, Skeleton, Typography } from '@mui/material';
import { useGetList, useGetMany, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatBytes } from '../format';
import { esimsOf, type EsimProfile } from '../orders/shapes';
import { planStatusDisplay, usageOf } from '../orders/planStatus';
import { UsageRing } from '../orders/UsageRing';

/** eSIMs shown active (and not past expiry) with a usage ring each, from the newest orders. */
export function ActiveEsims() {
  const translate = useTranslate();
  // The newest completed orders with their profiles (the list answers summaries; getMany the full orders).
  const { data: recent, isPending: listPending, error } = useGetList('orders', { pagination: { page: 1, perPage: 10 }, sort: { field: 'created_at', order: 'DESC' }, filter: { status: 'completed' } });
  const { data, isPending: manyPending } = useGetMany('orders', { ids: (recent ?? []).map((o) => o.id) }, { enabled: (recent?.length ?? 0) > 0 });
  const isPending = listPending || ((recent?.length ?? 0) > 0 && manyPending);
  const active: Array<{ orderId: string; esim: EsimProfile; name: string }> = [];
  for (const order of data ?? []) {
    for (const esim of esimsOf(order)) if (planStatusDisplay(esim.status, esim.expires_at).key === 'active') active.push({ orderId: String(order.id), esim, name: order.package?.name ?? '' });
  }
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={translate('app.dashboard.active_esims')} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Skeleton variant="rectangular" height={120} />
        ) : error ? (
          <Typography color="text.secondary">{translate('app.common.load_failed')}</Typography>
        ) : active.length === 0 ? (
          <Typography color="text.secondary">{translate('app.dashboard.no_active_esims')}</Typography>
        ) : (
          <List dense disablePadding>
            {active.slice(0, 5).map(({ orderId, esim, name }) => {
              const usage = usageOf(esim.usage.total_bytes, esim.usage.remaining_bytes);
              return (
                <ListItemButton key={esim.iccid} component={Link} to={`/orders/${orderId}/show`}>
                  <ListItemIcon sx={{ mr: 1 }}>
                    <UsageRing percentage={usage.percentage} size={44} />
                  </ListItemIcon>
                  <ListItemText
                    primary={name || esim.iccid}
                    secondary={translate('app.orders.used_of_total', { used: formatBytes(usage.used), total: formatBytes(usage.total) })}
                  />
                </ListItemButton>
              );
            })}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
