import {
  Button,
  Card,
  CardContent,
  CardHeader,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatDate, formatEuro } from '../format';
import { LoadFailed } from '../layout/LoadFailed';

/** The five newest eSIM orders, each opening its show page; an empty list says how to buy one (a dealer's, that there are no eSIM orders: its Plus orders are listed beside). */
export function RecentOrders({ esimOnly = false }: { esimOnly?: boolean }) {
  const translate = useTranslate();
  const { data, isPending, error, refetch } = useGetList('orders', {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'created_at', order: 'DESC' },
  });
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={translate(esimOnly ? 'app.dashboard.recent_esim_orders' : 'app.dashboard.recent_orders')}
        titleTypographyProps={{ variant: 'h6' }}
        action={
          <Button component={Link} to="/orders" size="small">
            {translate('app.dashboard.view_all')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Skeleton variant="rectangular" height={120} />
        ) : error ? (
          <LoadFailed onRetry={refetch} />
        ) : (data?.length ?? 0) === 0 ? (
          <>
            <Typography color="text.secondary">
              {translate(esimOnly ? 'app.dashboard.no_esim_orders' : 'app.dashboard.no_orders')}
            </Typography>
            <Button href="/" sx={{ mt: 1 }} variant="outlined">
              {translate('app.dashboard.go_shop')}
            </Button>
          </>
        ) : (
          <List dense disablePadding>
            {data!.map((order) => (
              <ListItemButton key={order.id} component={Link} to={`/orders/${order.id}/show`}>
                <ListItemText
                  primary={order.package?.title ?? order.package?.name ?? order.order_number}
                  secondary={`${order.order_number} · ${formatDate(order.created_at)}`}
                />
                <Typography variant="body2">{formatEuro(order.total)}</Typography>
              </ListItemButton>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
