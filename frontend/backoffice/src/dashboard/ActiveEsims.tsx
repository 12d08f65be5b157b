import {
  Card,
  CardContent,
  CardHeader,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useGetList, useGetOne, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatBytes } from '../format';
import { esimsOf } from '../orders/shapes';
import { planStatusDisplay, usageOf } from '../orders/planStatus';
import { UsageRing } from '../orders/UsageRing';

/** The eSIMs of one order (the list answers summaries; the order itself carries its profiles) shown active, each with a usage ring. */
function OrderEsims({ id }: { id: string }) {
  const translate = useTranslate();
  const { data: order } = useGetOne('orders', { id });
  if (!order) return null;
  return (
    <>
      {esimsOf(order)
        .filter((esim) => planStatusDisplay(esim.status, esim.expires_at).key === 'active')
        .map((esim) => {
          const usage = usageOf(esim.usage.total_bytes, esim.usage.remaining_bytes);
          return (
            <ListItemButton key={esim.id} component={Link} to={`/orders/${id}/show`}>
              <ListItemIcon sx={{ mr: 1 }}>
                <UsageRing percentage={usage.percentage} size={44} />
              </ListItemIcon>
              <ListItemText
                primary={order.package?.name ?? esim.iccid}
                secondary={translate('app.orders.used_of_total', {
                  used: formatBytes(usage.used),
                  total: formatBytes(usage.total),
                })}
              />
            </ListItemButton>
          );
        })}
    </>
  );
}

/** Active eSIMs of the newest completed orders, with their data usage. */
export function ActiveEsims() {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList('orders', {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'created_at', order: 'DESC' },
    filter: { status: 'completed' },
  });
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader title={translate('app.dashboard.active_esims')} titleTypographyProps={{ variant: 'h6' }} />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Skeleton variant="rectangular" height={120} />
        ) : error ? (
          <Typography color="text.secondary">{translate('app.common.load_failed')}</Typography>
        ) : (data?.length ?? 0) === 0 ? (
          <Typography color="text.secondary">{translate('app.dashboard.no_active_esims')}</Typography>
        ) : (
          <List dense disablePadding>
            {data!.map((order) => (
              <OrderEsims key={order.id} id={String(order.id)} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
