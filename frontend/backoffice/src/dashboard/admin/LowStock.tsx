import Inventory2Icon from '@mui/icons-material/Inventory2';
import { Card, CardContent, CardHeader, List, ListItem, ListItemText, Skeleton, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { usePoolStock } from './useAdminFigures';
import { LoadFailed } from '../../layout/LoadFailed';

/** eSIM packages whose free profiles fell to their threshold: the pool to refill before buyers meet an empty one. */
export function LowStock() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, error, refetch } = usePoolStock();
  const low = (data ?? []).filter((row) => row.low).sort((a, b) => a.available - b.available);
  return (
    <Card sx={{ height: '100%' }}>
      <CardHeader
        avatar={<Inventory2Icon color="primary" />}
        title={translate('app.admin_home.low_stock')}
        titleTypographyProps={{ variant: 'h6' }}
      />
      <CardContent sx={{ pt: 0 }}>
        {error ? (
          <LoadFailed onRetry={refetch} />
        ) : !data ? (
          <Skeleton variant="rectangular" height={120} />
        ) : low.length === 0 ? (
          <Typography color="text.secondary">{translate('app.admin_home.low_stock_none')}</Typography>
        ) : (
          <List dense disablePadding>
            {low.map((row) => (
              <ListItem key={row.package_code} disableGutters>
                <ListItemText
                  primary={(locale === 'en' ? row.package_name_en : row.package_name_tr) ?? row.package_code}
                  secondary={`${row.package_code} · ${translate('app.admin_home.low_stock_row', { available: row.available, threshold: row.threshold })}`}
                  secondaryTypographyProps={{ color: row.available === 0 ? 'error' : 'text.secondary' }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
