import QrCode2Icon from '@mui/icons-material/QrCode2';
import {
  Box,
  Button,
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
import type { EsimSummary } from '@esim/contracts';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { formatBytes, formatDate } from '../format';
import { planStatusDisplay, PlanStatusChip, usageOf } from '../orders/planStatus';
import { UsageRing } from '../orders/UsageRing';

/** One eSIM: a never-used one says it waits to be installed, one in use shows its data. */
function EsimRow({ esim }: { esim: EsimSummary }) {
  const translate = useTranslate();
  const ready = planStatusDisplay(esim.status, esim.expires_at).key === 'ready';
  const usage = usageOf(esim.usage.total_bytes, esim.usage.remaining_bytes);
  return (
    <ListItemButton component={Link} to={`/orders/${esim.order_id}/show`} data-testid="home-esim" sx={{ gap: 1 }}>
      <ListItemIcon sx={{ minWidth: 44 }}>
        {ready ? (
          <Box
            sx={{
              width: 44,
              height: 44,
              borderRadius: '50%',
              bgcolor: 'action.hover',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <QrCode2Icon color="info" />
          </Box>
        ) : (
          <UsageRing percentage={usage.percentage} size={44} />
        )}
      </ListItemIcon>
      <ListItemText
        primary={esim.title}
        primaryTypographyProps={{ sx: { fontWeight: 500 } }}
        secondaryTypographyProps={{ component: 'div' }}
        secondary={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mt: 0.5 }}>
            <PlanStatusChip status={esim.status} expiresAt={esim.expires_at} />
            <Typography variant="body2" color="text.secondary" component="span">
              {ready
                ? translate('app.dashboard.esim_ready_hint')
                : esim.expires_at
                  ? translate('app.dashboard.esim_used_until', {
                      used: formatBytes(usage.used),
                      total: formatBytes(usage.total),
                      date: formatDate(esim.expires_at),
                    })
                  : translate('app.orders.used_of_total', {
                      used: formatBytes(usage.used),
                      total: formatBytes(usage.total),
                    })}
            </Typography>
          </Box>
        }
      />
    </ListItemButton>
  );
}

/**
 * The eSIMs a traveller can use now, newest first: ready to install (a purchase just made) and in
 * use, each with its plan, its state in words and, once in use, its data (GET /user/esims?state=current).
 */
export function ActiveEsims() {
  const translate = useTranslate();
  const { data, total, isPending, error } = useGetList<EsimSummary>('esims', {
    pagination: { page: 1, perPage: 5 },
    sort: { field: 'created_at', order: 'DESC' },
    filter: { state: 'current' },
  });
  return (
    <Card sx={{ height: '100%' }} data-testid="home-esims">
      <CardHeader
        title={translate('app.dashboard.active_esims')}
        titleTypographyProps={{ variant: 'h6' }}
        action={
          (total ?? 0) > (data?.length ?? 0) ? (
            <Button component={Link} to="/orders" size="small">
              {translate('app.dashboard.view_all')}
            </Button>
          ) : undefined
        }
      />
      <CardContent sx={{ pt: 0 }}>
        {isPending ? (
          <Skeleton variant="rectangular" height={120} />
        ) : error ? (
          <Typography color="text.secondary">{translate('app.common.load_failed')}</Typography>
        ) : (data?.length ?? 0) === 0 ? (
          <Typography color="text.secondary">{translate('app.dashboard.no_active_esims')}</Typography>
        ) : (
          <List dense disablePadding>
            {data!.map((esim) => (
              <EsimRow key={esim.id} esim={esim} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
