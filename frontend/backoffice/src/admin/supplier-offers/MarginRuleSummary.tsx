import TuneIcon from '@mui/icons-material/Tune';
import { Button, Skeleton, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { marginAmount, useMarginRule } from '../catalog-settings/marginRule';

/** The margin rule the suggested prices come from, with the way to the settings that change it. */
export function MarginRuleSummary() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: rule, error } = useMarginRule();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
      <Typography variant="body2" color="text.secondary">
        {error
          ? translate('app.common.load_failed')
          : rule
            ? translate('app.supplier_offers.rule_summary', {
                amount: marginAmount(rule, locale),
                rounding: translate(`app.catalog_settings.roundings_short.${rule.rounding}`),
              })
            : null}
        {!rule && !error ? <Skeleton width={220} /> : null}
      </Typography>
      <Button component={Link} to="/admin/catalog-settings" size="small" startIcon={<TuneIcon />}>
        {translate('app.supplier_offers.change_rule')}
      </Button>
    </Stack>
  );
}
