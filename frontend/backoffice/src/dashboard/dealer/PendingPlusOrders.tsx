import {
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatCents, formatDate } from '../../format';
import type { PendingPlusOrders as Pending } from './usePendingPlusOrders';
import { LoadFailed } from '../../layout/LoadFailed';

/** The dealer's Plus orders awaiting the admin, the rows the home's "held" figure adds up. */
export function PendingPlusOrders({ pending }: { pending: Pending }) {
  const translate = useTranslate();
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        title={translate('app.dashboard.pending_plus_orders')}
        titleTypographyProps={{ variant: 'h6' }}
        action={
          <Button component={Link} to="/physical-sim-purchase" size="small">
            {translate('app.dashboard.view_all')}
          </Button>
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {pending.isPending ? (
          <Skeleton variant="rectangular" height={120} />
        ) : pending.error ? (
          <LoadFailed onRetry={pending.refetch} />
        ) : pending.orders.length === 0 ? (
          <Typography color="text.secondary">{translate('app.dashboard.no_pending_plus_orders')}</Typography>
        ) : (
          <List dense disablePadding aria-label={translate('app.dashboard.pending_plus_orders')}>
            {pending.orders.map((order) => (
              <ListItem
                key={order.id}
                disableGutters
                secondaryAction={<Typography variant="body2">{formatCents(order.total_cents)}</Typography>}
              >
                <ListItemText
                  primary={
                    <>
                      {order.quantity} × {order.package_name}
                      {order.hold_id ? null : (
                        <Chip
                          size="small"
                          variant="outlined"
                          sx={{ ml: 1 }}
                          label={translate('app.dashboard.by_invoice')}
                        />
                      )}
                    </>
                  }
                  secondary={`${order.order_number} · ${formatDate(order.created_at)}`}
                  sx={{ pr: 10 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
