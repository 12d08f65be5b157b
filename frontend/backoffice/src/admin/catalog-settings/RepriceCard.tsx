import type { RepriceResult } from '@esim/contracts';
import {
  Alert,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { ConfirmButton } from '../../layout/ConfirmButton';
import { formatEuro } from '../../format';
import type { BackOfficeDataProvider } from '../../providers/dataProvider';
import { serviceErrorOf } from '../../providers/errors';
import { useRefreshListAndFigures } from '../../providers/figures';

/**
 * "Reprice from cost": every supplier's package priced by the margin rule over its net cost. The
 * admin first sees each price that would change (a dry run), then applies them; a package paused
 * because its cost rose above its price sells again at its new price.
 */
export function RepriceCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshListAndFigures();
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const [preview, setPreview] = useState<RepriceResult | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (dryRun: boolean) => {
    try {
      const { data, message } = await dataProvider.send<RepriceResult>('POST', 'admin/packages/reprice', {
        dry_run: dryRun,
      });
      if (dryRun) setPreview(data);
      else {
        notify(message || 'app.catalog_settings.repriced', { type: 'success' });
        setPreview(null);
        refresh();
      }
    } catch (failure) {
      notify(serviceErrorOf(failure).message, { type: 'error' });
    }
  };
  const look = async () => {
    setBusy(true);
    await run(true);
    setBusy(false);
  };
  return (
    <Card>
      <CardHeader
        title={translate('app.catalog_settings.reprice_title')}
        subheader={translate('app.catalog_settings.reprice_hint')}
        titleTypographyProps={{ variant: 'h6', component: 'h2' }}
      />
      <CardContent>
        <Stack spacing={2}>
          <Button variant="outlined" onClick={look} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {translate('app.catalog_settings.preview')}
          </Button>
          {preview && preview.changed === 0 ? (
            <Alert severity="success">{translate('app.catalog_settings.nothing_to_change')}</Alert>
          ) : null}
          {preview && preview.changed > 0 ? (
            <>
              <Typography variant="body2">
                {translate('app.catalog_settings.preview_count', { smart_count: preview.changed })}
              </Typography>
              <List dense disablePadding aria-label={translate('app.catalog_settings.preview')}>
                {preview.packages.map((row) => (
                  <ListItem key={row.id} disableGutters divider>
                    <ListItemText
                      primary={
                        <Stack
                          direction="row"
                          spacing={1}
                          component="span"
                          sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                          useFlexGap
                        >
                          <code>{row.code}</code>
                          {row.new_price < row.old_price ? (
                            <Chip
                              size="small"
                              color="warning"
                              component="span"
                              label={translate('app.catalog_settings.lowers')}
                            />
                          ) : null}
                          {row.resumed ? (
                            <Chip
                              size="small"
                              color="success"
                              component="span"
                              label={translate('app.catalog_settings.resumes')}
                            />
                          ) : null}
                        </Stack>
                      }
                      secondary={translate('app.catalog_settings.preview_row', {
                        cost: formatEuro(row.cost_price),
                        old: formatEuro(row.old_price),
                        new: formatEuro(row.new_price),
                      })}
                    />
                  </ListItem>
                ))}
              </List>
              <ConfirmButton
                variant="contained"
                sx={{ alignSelf: 'flex-start' }}
                title={translate('app.catalog_settings.apply_title', { smart_count: preview.changed })}
                content={translate('app.catalog_settings.apply_body')}
                onConfirm={() => run(false)}
              >
                {translate('app.catalog_settings.apply', { smart_count: preview.changed })}
              </ConfirmButton>
            </>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
